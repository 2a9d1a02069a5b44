/**
 * `importOpenApi`: OpenAPI 3.0 / 3.1 and Swagger 2.0 → the IR. Reads the entry document and the
 * files its `$ref`s reach through the caller's `ImportSource`, converts component schemas into
 * named types, every operation into an endpoint (grouped by its first tag), 3.1 `webhooks` and
 * Redoc's `x-webhooks` into webhooks (`webhook-entries.ts`), security schemes into auths (adding a
 * synthetic OAuth token endpoint when the spec has none), and servers into environments. Bad input throws `DefinitionImportError`; what is
 * not supported is skipped with an `ImportWarning`.
 */

import { DocumentSet, type DocumentSetOptions, type Location } from '../document/document-set.js';
import { WarningSink } from '../document/warnings.js';
import { applyApiInfo } from '../import/api-info.js';
import { NavigationGroups } from '../import/navigation-groups.js';
import { dropOrphanedTypes } from '../import/orphaned-types.js';
import type { ApiDefinition } from '../ir/definition.js';
import { IR_VERSION } from '../ir/definition.js';
import type { Endpoint, Environment, Webhook } from '../ir/endpoint.js';
import type { ImportOptions, ImportResult, ImportSource } from '../ir/import-result.js';
import { SchemaConverter, type SchemaDialect } from '../schema/index.js';
import {
  describeType,
  type ImportContext,
  isObject,
  type Json,
  type OpenApiVersion,
  objectAt,
  optionalObject,
  pointerAt,
  str,
  stringList,
} from './context.js';
import { convertOperation, convertWebhooks, HTTP_METHODS, type OperationScope } from './operations.js';
import { IdAllocator, slugify } from './paths.js';
import { convertSecuritySchemes, resolveTokenEndpoints } from './security.js';
import { serversToEnvironments, swaggerEnvironments } from './servers.js';
import { webhookEntries } from './webhook-entries.js';

/**
 * Imports an OpenAPI 3.0 / 3.1 or Swagger 2.0 document.
 * @example
 * const { definition, warnings } = importOpenApi({ entry: 'api.yaml', read: (p) => files[p] });
 */
export function importOpenApi(
  source: ImportSource,
  options: ImportOptions & DocumentSetOptions = {},
): ImportResult {
  return importOpenApiDocuments(new DocumentSet(source, options), options);
}

/** Same as `importOpenApi`, for callers that already loaded the documents (format detection). */
export function importOpenApiDocuments(docs: DocumentSet, options: ImportOptions = {}): ImportResult {
  const file = docs.entry.file;
  const rootAt: Location = { file, pointer: '' };
  if (!isObject(docs.entry.root)) {
    throw docs.error(rootAt, `an OpenAPI document must be an object, got ${describeType(docs.entry.root)}`);
  }
  const root = docs.entry.root;
  const version = detectVersion(docs, root, rootAt);
  const sink = new WarningSink();
  const dialect: SchemaDialect =
    version === '2.0' ? 'swagger-2.0' : version === '3.0' ? 'openapi-3.0' : 'openapi-3.1';
  const context: ImportContext = {
    docs,
    sink,
    schemas: new SchemaConverter(docs, sink, { dialect }),
    version,
    root,
    consumes: stringList(root.consumes),
    produces: stringList(root.produces),
  };
  const info = optionalObject(context, root.info, pointerAt(rootAt, 'info'), '`info`') ?? {};
  const components =
    optionalObject(context, root.components, pointerAt(rootAt, 'components'), '`components`') ?? {};

  // Component schemas keep their names: reserve them before anything can take the id.
  const schemasAt =
    version === '2.0' ? pointerAt(rootAt, 'definitions') : pointerAt(rootAt, 'components', 'schemas');
  const componentSchemas = version === '2.0' ? root.definitions : components.schemas;
  if (componentSchemas !== undefined) objectAt(context, componentSchemas, schemasAt, 'the schemas map');
  // Every component schema becomes a named type, used or not, so the docs can list them; they
  // are queued first so they also come first in `types`.
  context.schemas.defineComponents(componentSchemas, schemasAt);

  const schemesAt =
    version === '2.0'
      ? pointerAt(rootAt, 'securityDefinitions')
      : pointerAt(rootAt, 'components', 'securitySchemes');
  const { auths, pending } = convertSecuritySchemes(
    context,
    version === '2.0' ? root.securityDefinitions : components.securitySchemes,
    schemesAt,
  );
  const environments: Environment[] =
    version === '2.0'
      ? swaggerEnvironments(root)
      : serversToEnvironments(context, root.servers, pointerAt(rootAt, 'servers'));
  const scope: OperationScope = {
    ids: new IdAllocator(),
    auths,
    rootSecurity: root.security,
    rootSecurityAt: pointerAt(rootAt, 'security'),
    environments,
  };

  const endpoints: Record<string, Endpoint> = {};
  // Tags → subpackages, untagged operations → the root package.
  const groups = new NavigationGroups(tagDescriptions(root));
  const pathsAt = pointerAt(rootAt, 'paths');
  const paths = optionalObject(context, root.paths, pathsAt, '`paths`') ?? {};
  for (const path of Object.keys(paths)) {
    if (path.startsWith('x-')) continue;
    const itemAt = pointerAt(pathsAt, path);
    const { value: pathItem, at: resolvedItemAt } = objectAt(context, paths[path], itemAt, 'a path item');
    // Spec order, not method order: the author's first operation keeps a duplicated operationId.
    for (const key of Object.keys(pathItem)) {
      const method = key.toLowerCase() as (typeof HTTP_METHODS)[number];
      if (!HTTP_METHODS.includes(method)) continue;
      const raw = pathItem[key];
      const operationAt = pointerAt(resolvedItemAt, method);
      const { value: operation } = objectAt(context, raw, operationAt, 'an operation');
      const endpoint = convertOperation(
        context,
        scope,
        path,
        method,
        pathItem,
        resolvedItemAt,
        operation,
        operationAt,
      );
      endpoints[endpoint.id] = endpoint;
      groups.add(stringList(operation.tags)[0], 'endpoints', endpoint.id);
    }
  }

  const webhooks: Record<string, Webhook> = {};
  for (const { name, value, at: entryAt } of webhookEntries(context, root, rootAt)) {
    const { value: pathItem, at } = objectAt(context, value, entryAt, 'a webhook path item');
    for (const webhook of convertWebhooks(context, scope.ids, name, pathItem, at)) {
      webhooks[webhook.id] = webhook;
      const operation = pathItem[webhook.method.toLowerCase()];
      groups.add(isObject(operation) ? stringList(operation.tags)[0] : undefined, 'webhooks', webhook.id);
    }
  }

  groups.arrange(tagOrder(root), tagGroups(root));
  resolveTokenEndpoints(pending, endpoints, environments, scope.ids);

  const title = str(info.title) ?? 'API';
  const definition: ApiDefinition = {
    irVersion: IR_VERSION,
    id: options.id ?? slugify(title),
    title,
    source: { format: 'openapi', version: String(version === '2.0' ? root.swagger : root.openapi) },
    endpoints,
    websockets: {},
    webhooks,
    types: context.schemas.types(),
    auths,
    globalHeaders: [],
    rootPackage: groups.rootPackage,
    subpackages: groups.subpackages,
  };
  dropOrphanedTypes(definition, context.schemas.orphanCandidates());
  applyApiInfo(definition, info);
  return { definition, warnings: sink.warnings };
}

function detectVersion(docs: DocumentSet, root: Json, at: Location): OpenApiVersion {
  if (root.swagger !== undefined) {
    if (String(root.swagger).startsWith('2.')) return '2.0';
    throw docs.error(
      pointerAt(at, 'swagger'),
      `unsupported Swagger version "${String(root.swagger)}"; expected 2.0`,
    );
  }
  if (root.openapi === undefined) {
    throw docs.error(at, 'not an OpenAPI document: neither an `openapi` nor a `swagger` version field');
  }
  const version = String(root.openapi);
  if (version.startsWith('3.0')) return '3.0';
  if (version.startsWith('3.1') || version.startsWith('3.2')) return '3.1';
  throw docs.error(
    pointerAt(at, 'openapi'),
    `unsupported OpenAPI version "${version}"; expected 2.0, 3.0 or 3.1`,
  );
}

/** The descriptions of the root `tags` list, by tag name (they become the groups' descriptions). */
/** Tag names in the order the spec's `tags` array lists them. */
function tagOrder(root: Json): string[] {
  if (!Array.isArray(root.tags)) return [];
  return root.tags.flatMap((tag) => (isObject(tag) && typeof tag.name === 'string' ? [tag.name] : []));
}

/** Redoc's `x-tagGroups`: named groups of tags; malformed entries are skipped. */
function tagGroups(root: Json): { name: string; tags: string[] }[] {
  const raw = root['x-tagGroups'];
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((group) =>
    isObject(group) && typeof group.name === 'string' && Array.isArray(group.tags)
      ? [{ name: group.name, tags: group.tags.filter((tag): tag is string => typeof tag === 'string') }]
      : [],
  );
}

function tagDescriptions(root: Json): Map<string, string> {
  const descriptions = new Map<string, string>();
  if (!Array.isArray(root.tags)) return descriptions;
  for (const tag of root.tags) {
    if (!isObject(tag) || typeof tag.name !== 'string') continue;
    const description = str(tag.description);
    if (description) descriptions.set(tag.name, description);
  }
  return descriptions;
}
