/**
 * `diffDefinitions`: the structural difference between two versions of an API definition.
 * Operations are matched by what clients call, not by id: endpoints by method and path
 * template (parameter names ignored, so renaming `{id}` to `{petId}` keeps the endpoint),
 * OpenRPC methods by method name, channels by path, webhooks by method and event name.
 */
import type {
  ApiDefinition,
  AuthScheme,
  Endpoint,
  OAuthFlow,
  Webhook,
  WebSocketChannel,
} from '../ir/index.js';
import { OAUTH_FLOW_NAMES, oauthFlows } from '../ir/oauth-flows.js';
import { compareMembers } from './compare-members.js';
import { compareChannels, compareEndpoints, compareWebhooks } from './compare-operations.js';
import { compareReferences, compareUnusedType } from './compare-shapes.js';
import { ALWAYS, child, DiffContext, NEVER, type Site } from './context.js';
import { operationPath, pathShape } from './describe.js';
import { compareDescription } from './doc-fields.js';
import type { ChangeLocation, DefinitionChange, DefinitionDiff } from './types.js';

/**
 * Compares two API definitions and lists every change, each marked breaking or not.
 *
 * @example
 * const diff = diffDefinitions(v1, v2);
 * diff.summary.breaking; // 1
 * diff.changes[0].message; // "endpoint GET /pets/{petId} was removed"
 */
export function diffDefinitions(previous: ApiDefinition, current: ApiDefinition): DefinitionDiff {
  const ctx = new DiffContext(previous, current);
  compareApi(ctx);
  compareAuthSchemes(ctx);
  matchItems(ctx, Object.values(previous.endpoints), Object.values(current.endpoints), endpointKey, {
    location: endpointLocation,
    noun: (endpoint) =>
      `endpoint ${endpoint.protocol?.methodName ?? `${endpoint.method} ${operationPath(endpoint.path)}`}`,
    added: 'endpoint-added',
    removed: 'endpoint-removed',
    compare: compareEndpoints,
  });
  matchItems(ctx, Object.values(previous.websockets), Object.values(current.websockets), channelKey, {
    location: (channel) => ({ area: 'websocket', id: channel.id, path: operationPath(channel.path) }),
    noun: (channel) => `channel ${operationPath(channel.path)}`,
    added: 'channel-added',
    removed: 'channel-removed',
    compare: compareChannels,
  });
  matchItems(ctx, Object.values(previous.webhooks), Object.values(current.webhooks), webhookKey, {
    location: (webhook) => ({ area: 'webhook', id: webhook.id, method: webhook.method, path: webhook.name }),
    noun: (webhook) => `webhook ${webhook.method} ${webhook.name}`,
    added: 'webhook-added',
    removed: 'webhook-removed',
    compare: compareWebhooks,
  });
  compareTypeSets(ctx);
  const changes = ctx.allChanges();
  return {
    previous: { id: previous.id, version: previous.version },
    current: { id: current.id, version: current.version },
    changes,
    summary: summarise(changes),
  };
}

function summarise(changes: DefinitionChange[]): DefinitionDiff['summary'] {
  const count = (category: DefinitionChange['category']) =>
    changes.filter((change) => change.category === category).length;
  return {
    total: changes.length,
    breaking: changes.filter((change) => change.breaking).length,
    added: count('added'),
    removed: count('removed'),
    changed: count('changed'),
    docs: count('docs'),
  };
}

function endpointKey(endpoint: Endpoint): string {
  if (endpoint.protocol?.type === 'openrpc') return `rpc ${endpoint.protocol.methodName}`;
  return `${endpoint.method} ${pathShape(endpoint.path)}`;
}

function channelKey(channel: WebSocketChannel): string {
  return pathShape(channel.path);
}

function webhookKey(webhook: Webhook): string {
  return `${webhook.method} ${webhook.name}`;
}

function endpointLocation(endpoint: Endpoint): Omit<ChangeLocation, 'pointer'> {
  return { area: 'endpoint', id: endpoint.id, method: endpoint.method, path: operationPath(endpoint.path) };
}

interface ItemKinds<T> {
  location: (item: T) => Omit<ChangeLocation, 'pointer'>;
  noun: (item: T) => string;
  added: DefinitionChange['kind'];
  removed: DefinitionChange['kind'];
  compare: (ctx: DiffContext, before: T, after: T, site: Site) => void;
}

/** Pairs items by key; unpaired ones are added or removed. Duplicate keys fall back to the id. */
function matchItems<T extends { id: string }>(
  ctx: DiffContext,
  before: T[],
  after: T[],
  keyOf: (item: T) => string,
  kinds: ItemKinds<T>,
): void {
  const keyed = (items: T[]) => {
    const map = new Map<string, T>();
    for (const item of items) {
      const key = keyOf(item);
      map.set(map.has(key) ? `${key}#${item.id}` : key, item);
    }
    return map;
  };
  const previous = keyed(before);
  const current = keyed(after);
  for (const [key, old] of previous) {
    const next = current.get(key);
    if (next) {
      kinds.compare(ctx, old, next, { location: kinds.location(next), pointer: '', direction: 'request' });
    } else {
      const site: Site = { location: kinds.location(old), pointer: '', direction: 'request' };
      ctx.emit(site, kinds.removed, 'removed', ALWAYS, `${kinds.noun(old)} was removed`);
    }
  }
  for (const [key, added] of current) {
    if (previous.has(key)) continue;
    const site: Site = { location: kinds.location(added), pointer: '', direction: 'request' };
    ctx.emit(site, kinds.added, 'added', NEVER, `${kinds.noun(added)} was added`);
  }
}

/** Ids of the types any operation of `definition` uses, directly or through other types. */
function reachableTypes(definition: ApiDefinition): Set<string> {
  const reached = new Set<string>();
  const pending = [
    ...referencedIds([
      definition.endpoints,
      definition.websockets,
      definition.webhooks,
      definition.globalHeaders,
    ]),
  ];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    const type = definition.types[id];
    if (type) pending.push(...referencedIds(type.shape));
  }
  return reached;
}

/** Type ids referenced anywhere inside a JSON value (references, `extends`, union variants). */
function referencedIds(value: unknown): string[] {
  const ids: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.type === 'id' && typeof record.id === 'string') ids.push(record.id);
    if (typeof record.typeId === 'string') ids.push(record.typeId);
    if (Array.isArray(record.extends))
      ids.push(...record.extends.filter((id): id is string => typeof id === 'string'));
    for (const child of Object.values(record)) visit(child);
  };
  visit(value);
  return ids;
}

/** Title, version and description of the API, and headers every request carries. */
function compareApi(ctx: DiffContext): void {
  const { previous, current } = ctx;
  const site: Site = { location: { area: 'api', id: current.id }, pointer: '', direction: 'request' };
  if (previous.title !== current.title) {
    ctx.emit(
      site,
      'title-changed',
      'docs',
      NEVER,
      `API title changed from "${previous.title}" to "${current.title}"`,
    );
  }
  if ((previous.description ?? '') !== (current.description ?? '')) {
    ctx.emit(site, 'description-changed', 'docs', NEVER, 'API description changed');
  }
  compareMembers(ctx, previous.globalHeaders, current.globalHeaders, child(site, 'globalHeaders'), {
    noun: 'global header',
    added: 'parameter-added',
    removed: 'parameter-removed',
    required: 'parameter-required',
    optional: 'parameter-optional',
    caseInsensitive: true,
    compareShapes: compareReferences,
  });
}

/** Auth schemes by id: what goes on the wire (type, header or parameter name, token endpoint). */
function compareAuthSchemes(ctx: DiffContext): void {
  const { previous, current } = ctx;
  for (const [id, old] of Object.entries(previous.auths)) {
    const site: Site = { location: { area: 'auth', id }, pointer: '', direction: 'request' };
    const next = current.auths[id];
    if (!next) {
      ctx.emit(site, 'auth-removed', 'removed', ALWAYS, `auth scheme \`${id}\` was removed`);
      continue;
    }
    const wireBefore = authWire(old);
    const wireAfter = authWire(next);
    if (wireBefore !== wireAfter) {
      ctx.emit(
        site,
        'auth-changed',
        'changed',
        ALWAYS,
        `auth scheme \`${id}\` changed from ${wireBefore} to ${wireAfter}`,
      );
    } else if (old.type === 'oAuth' && next.type === 'oAuth') {
      const scopes = new Set(oauthFlows(next).flatMap((flow) => flow.scopes.map((scope) => scope.name)));
      const oldScopes = new Set(oauthFlows(old).flatMap((flow) => flow.scopes.map((scope) => scope.name)));
      for (const scope of oldScopes) {
        if (!scopes.has(scope)) {
          ctx.emit(
            site,
            'auth-changed',
            'removed',
            ALWAYS,
            `auth scheme \`${id}\` no longer offers scope ${scope}`,
          );
        }
      }
    }
    compareDescription(ctx, old, next, site, `auth scheme \`${id}\``);
  }
  for (const id of Object.keys(current.auths)) {
    if (previous.auths[id]) continue;
    const site: Site = { location: { area: 'auth', id }, pointer: '', direction: 'request' };
    ctx.emit(site, 'auth-added', 'added', NEVER, `auth scheme \`${id}\` was added`);
  }
}

/** What a client must send for a scheme, as one comparable string. */
function authWire(scheme: AuthScheme): string {
  switch (scheme.type) {
    case 'bearerAuth':
      return 'bearer token';
    case 'basicAuth':
      return 'basic auth';
    case 'header':
      return `header ${scheme.headerWireValue.toLowerCase()}${scheme.prefix ? ` (prefix ${scheme.prefix})` : ''}`;
    case 'queryParameter':
      return `query parameter ${scheme.queryParameterName}`;
    case 'oAuth':
      return `OAuth ${oauthFlows(scheme).map(flowWire).join(', ')}`;
  }
}

function flowWire(flow: OAuthFlow): string {
  if (flow.type === 'implicit') return OAUTH_FLOW_NAMES.implicit;
  return `${OAUTH_FLOW_NAMES[flow.type]} (token ${flow.tokenPrefix ?? 'Bearer'} at ${flow.tokenEndpoint.accessTokenLocator})`;
}

/**
 * Named types added or removed, and types no operation reached compared on their own. Neither
 * is breaking by itself: a break shows where the type is used.
 */
function compareTypeSets(ctx: DiffContext): void {
  const { previous, current } = ctx;
  const reachable = reachableTypes(current);
  for (const [id, type] of Object.entries(previous.types)) {
    const site: Site = { location: { area: 'type', id, path: type.name }, pointer: '', direction: 'unused' };
    if (!current.types[id])
      ctx.emit(site, 'type-removed', 'removed', NEVER, `type \`${type.name}\` was removed`);
    else if (!reachable.has(id)) compareUnusedType(ctx, id);
  }
  for (const [id, type] of Object.entries(current.types)) {
    if (previous.types[id]) continue;
    const site: Site = { location: { area: 'type', id, path: type.name }, pointer: '', direction: 'unused' };
    ctx.emit(site, 'type-added', 'added', NEVER, `type \`${type.name}\` was added`);
  }
}
