/**
 * AsyncAPI 2.x and 3.0 → IR WebSocket channels.
 *
 * Direction of messages (who sends them), as the two versions state it:
 * - 2.x describes operations from the point of view of the *other* party: `publish` means "a
 *   client may publish to this channel" (the reader sends → origin `client`), `subscribe`
 *   means "a client may subscribe to this channel" (the API sends → origin `server`).
 * - 3.0 describes the *application the document is about* (for an API's docs: the API server):
 *   `action: send` means the server sends (origin `server`), `action: receive` means the server
 *   receives what the reader sends (origin `client`).
 *
 * Channels keep their address as path (with parameters), the `ws` binding's headers and query
 * schemas, the ws/wss servers as environments (others are skipped with a warning), the auth of
 * those servers and of their operations, and messages with their payload, name and examples.
 * The first tag of a channel (3.0) or of its operations names its group.
 */

import { DocumentSet, type DocumentSetOptions, type Location } from '../document/document-set.js';
import { WarningSink } from '../document/warnings.js';
import { applyApiInfo } from '../import/api-info.js';
import { NavigationGroups } from '../import/navigation-groups.js';
import { dropOrphanedTypes } from '../import/orphaned-types.js';
import { type ApiDefinition, IR_VERSION } from '../ir/definition.js';
import type { ImportOptions, ImportResult, ImportSource } from '../ir/import-result.js';
import { IdAllocator, slugify } from '../openapi/paths.js';
import { pointerAt } from '../schema/index.js';
import { SchemaConverter } from '../schema/schema-converter.js';
import { buildChannel, type ChannelDraft } from './build-channel.js';
import { channelsV2 } from './channels-v2.js';
import { channelsV3 } from './channels-v3.js';
import { type AsyncApiContext, objectAt, optionalObjectAt, text } from './context.js';
import { readSecuritySchemes } from './security.js';
import { readServers } from './servers.js';

/** Imports the AsyncAPI document `source.entry`. */
export function importAsyncApi(
  source: ImportSource,
  options: ImportOptions & DocumentSetOptions = {},
): ImportResult {
  return importAsyncApiDocuments(new DocumentSet(source, options), options);
}

/** Same as `importAsyncApi`, on documents already loaded (format detection parsed them). */
export function importAsyncApiDocuments(docs: DocumentSet, options: ImportOptions = {}): ImportResult {
  const rootAt: Location = { file: docs.entry.file, pointer: '' };
  const sink = new WarningSink();
  const version = String((docs.entry.root as Record<string, unknown> | null)?.asyncapi ?? '');
  const context: AsyncApiContext = {
    docs,
    sink,
    schemas: new SchemaConverter(docs, sink, { dialect: 'json-schema' }),
    major: version.startsWith('3.') ? 3 : 2,
    channelIds: new IdAllocator(),
    servers: new Map(),
    auths: {},
  };
  const root = objectAt(context, docs.entry.root, rootAt, 'an AsyncAPI document').value;
  const info = optionalObjectAt(context, root.info, pointerAt(rootAt, 'info'), '`info`')?.value ?? {};
  const components = optionalObjectAt(
    context,
    root.components,
    pointerAt(rootAt, 'components'),
    '`components`',
  );
  const componentsAt = components?.at ?? pointerAt(rootAt, 'components');
  const schemasAt = pointerAt(componentsAt, 'schemas');
  context.schemas.reserveComponents(components?.value.schemas, schemasAt);
  readSecuritySchemes(context, components?.value.securitySchemes, pointerAt(componentsAt, 'securitySchemes'));
  readServers(context, root.servers, pointerAt(rootAt, 'servers'));

  const drafts: ChannelDraft[] =
    context.major === 3 ? channelsV3(context, root, rootAt) : channelsV2(context, root, rootAt);
  const groups = new NavigationGroups(tagDescriptions([root.tags, info.tags])); // 2.x root tags, 3.0 info.tags;
  const websockets: ApiDefinition['websockets'] = {};
  for (const draft of drafts) {
    const channel = buildChannel(context, draft);
    websockets[channel.id] = channel;
    groups.add(draft.tag, 'websockets', channel.id);
  }
  context.schemas.defineComponents(components?.value.schemas, schemasAt);

  const title = text(info.title) ?? 'AsyncAPI';
  const definition: ApiDefinition = {
    irVersion: IR_VERSION,
    id: options.id ?? slugify(title),
    title,
    source: { format: 'asyncapi', version },
    endpoints: {},
    websockets,
    webhooks: {},
    types: context.schemas.types(),
    auths: context.auths,
    globalHeaders: [],
    rootPackage: groups.rootPackage,
    subpackages: groups.subpackages,
  };
  dropOrphanedTypes(definition, context.schemas.orphanCandidates());
  applyApiInfo(definition, info);
  return { definition, warnings: sink.warnings };
}

function tagDescriptions(lists: unknown[]): Map<string, string> {
  const descriptions = new Map<string, string>();
  for (const tag of lists.flatMap((list) => (Array.isArray(list) ? list : []))) {
    const record = tag as Record<string, unknown> | null;
    const name = text(record?.name);
    const description = text(record?.description);
    if (name && description) descriptions.set(name, description);
  }
  return descriptions;
}
