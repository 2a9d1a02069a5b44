/**
 * Slicing: the part of a definition one page needs. An endpoint, channel or webhook page ships
 * only that item, the types it reaches, the auth schemes it lists (plus the OAuth token
 * endpoints they reference, and what those reach), the global headers and a navigation stub
 * (the chain of groups down to the item). The slice is itself a valid `ApiDefinition`: every
 * reference in it resolves, and its size does not grow with the rest of the API.
 */

import type { AuthSchemeId } from '../ir/auth.js';
import type { ApiDefinition, Subpackage, SubpackageId } from '../ir/definition.js';
import type { ChannelId, EndpointId, WebhookId } from '../ir/endpoint.js';
import { idRecord } from '../ir/id-record.js';
import { oauthTokenFlows } from '../ir/oauth-flows.js';
import type { TypeDefinition, TypeId } from '../ir/types.js';
import { SextantError } from '../sextant-error.js';
import { TypeCollector, typeClosures } from './reachable-types.js';

/** What to slice out: exactly one endpoint, channel or webhook. */
export type SliceTarget = { endpointId: EndpointId } | { channelId: ChannelId } | { webhookId: WebhookId };

/** The item to slice is not in the definition. */
export class SliceTargetNotFoundError extends SextantError<'SliceTargetNotFoundError'> {
  constructor(
    readonly kind: 'endpoint' | 'channel' | 'webhook',
    readonly id: string,
  ) {
    super(
      'SliceTargetNotFoundError',
      `No ${kind} "${id}" in the API definition; check the id against the definition's ${kind}s.`,
    );
  }
}

/**
 * The definition reduced to one item and what it reaches.
 * @example const page = sliceDefinition(definition, { endpointId: 'pets.list' });
 */
export function sliceDefinition(definition: ApiDefinition, target: SliceTarget): ApiDefinition {
  // A definition is never changed once made (as navigationIndex below relies on too).
  const collector = new TypeCollector(definition.types, typeClosures(definition.types));
  const endpoints: ApiDefinition['endpoints'] = idRecord();
  const websockets: ApiDefinition['websockets'] = idRecord();
  const webhooks: ApiDefinition['webhooks'] = idRecord();
  const authIds: AuthSchemeId[] = [];
  let itemKind: 'endpoints' | 'websockets' | 'webhooks';
  let itemId: string;

  if ('endpointId' in target) {
    const endpoint = definition.endpoints[target.endpointId];
    if (!endpoint) throw new SliceTargetNotFoundError('endpoint', target.endpointId);
    endpoints[endpoint.id] = endpoint;
    collector.endpoint(endpoint);
    authIds.push(...endpoint.auth);
    [itemKind, itemId] = ['endpoints', endpoint.id];
  } else if ('channelId' in target) {
    const channel = definition.websockets[target.channelId];
    if (!channel) throw new SliceTargetNotFoundError('channel', target.channelId);
    websockets[channel.id] = channel;
    collector.channel(channel);
    authIds.push(...channel.auth);
    [itemKind, itemId] = ['websockets', channel.id];
  } else {
    const webhook = definition.webhooks[target.webhookId];
    if (!webhook) throw new SliceTargetNotFoundError('webhook', target.webhookId);
    webhooks[webhook.id] = webhook;
    collector.webhook(webhook);
    [itemKind, itemId] = ['webhooks', webhook.id];
  }

  // Auth schemes, and the token endpoints of OAuth schemes (whose own auth is followed too).
  const auths: ApiDefinition['auths'] = idRecord();
  for (let i = 0; i < authIds.length; i++) {
    const id = authIds[i] as AuthSchemeId;
    const scheme = definition.auths[id];
    if (!scheme || auths[id]) continue;
    auths[id] = scheme;
    if (scheme.type !== 'oAuth') continue;
    for (const flow of oauthTokenFlows(scheme)) {
      const tokenEndpoint = definition.endpoints[flow.tokenEndpoint.endpointId];
      if (tokenEndpoint && !endpoints[tokenEndpoint.id]) {
        endpoints[tokenEndpoint.id] = tokenEndpoint;
        collector.endpoint(tokenEndpoint);
        authIds.push(...tokenEndpoint.auth);
      }
    }
  }
  collector.parameters(definition.globalHeaders);

  const types: Record<TypeId, TypeDefinition> = idRecord();
  for (const id of collector.close()) {
    const type = definition.types[id];
    if (type) types[id] = type;
  }

  return {
    ...definition,
    endpoints,
    websockets,
    webhooks,
    types,
    auths,
    ...navigationStub(definition, itemKind, itemId),
  };
}

/**
 * Where the navigation puts each item of a definition: the parent of every group, and the group
 * listing each endpoint, channel and webhook (the first listing it, in the groups' order). Built
 * once per definition (issue #30: finding an item's group by scanning every group's lists was
 * ~1 % of an endpoint page's render, the same work for every page of a site version); a
 * definition is never changed once made, so its index stays true.
 */
interface NavigationIndex {
  parentOf: Map<SubpackageId, SubpackageId>;
  homeOf: Record<'endpoints' | 'websockets' | 'webhooks', Map<string, SubpackageId>>;
}

const navigationIndexes = new WeakMap<ApiDefinition, NavigationIndex>();

function navigationIndex(definition: ApiDefinition): NavigationIndex {
  const known = navigationIndexes.get(definition);
  if (known) return known;
  const index: NavigationIndex = {
    parentOf: new Map(),
    homeOf: { endpoints: new Map(), websockets: new Map(), webhooks: new Map() },
  };
  for (const subpackage of Object.values(definition.subpackages)) {
    for (const child of subpackage.subpackages) index.parentOf.set(child, subpackage.id);
    for (const kind of ['endpoints', 'websockets', 'webhooks'] as const) {
      const homes = index.homeOf[kind];
      for (const itemId of subpackage[kind]) if (!homes.has(itemId)) homes.set(itemId, subpackage.id);
    }
  }
  navigationIndexes.set(definition, index);
  return index;
}

/** The groups from the root down to the item, each listing only the next step. */
function navigationStub(
  definition: ApiDefinition,
  kind: 'endpoints' | 'websockets' | 'webhooks',
  itemId: string,
): Pick<ApiDefinition, 'rootPackage' | 'subpackages'> {
  const empty = { endpoints: [], websockets: [], webhooks: [], subpackages: [] };
  const { parentOf, homeOf } = navigationIndex(definition);
  const home = homeOf[kind].get(itemId);
  if (home === undefined) return { rootPackage: { ...empty, [kind]: [itemId] }, subpackages: {} };
  const subpackages: Record<SubpackageId, Subpackage> = idRecord();
  let child: { kind: 'item' } | { kind: 'package'; id: SubpackageId } = { kind: 'item' };
  for (let id: SubpackageId | undefined = home; id !== undefined && !subpackages[id]; id = parentOf.get(id)) {
    const source = definition.subpackages[id] as Subpackage;
    subpackages[id] = {
      id,
      name: source.name,
      ...(source.description ? { description: source.description } : {}),
      ...empty,
      ...(child.kind === 'item' ? { [kind]: [itemId] } : { subpackages: [child.id] }),
    };
    child = { kind: 'package', id };
  }
  const top = child.kind === 'package' ? child.id : home;
  return { rootPackage: { ...empty, subpackages: [top] }, subpackages };
}
