/**
 * The API definition: the one model every part of Sextant reads. Importers produce it from
 * OpenAPI, AsyncAPI and OpenRPC; docs pages, the playground, snippets, the registry and the
 * diff consume it and never look at a raw spec.
 *
 * It is plain JSON (no classes, no undefined-only semantics, no cycles: recursion goes through
 * `TypeReference` ids), so it can be stored, sent and sliced per endpoint.
 */
import type { AuthScheme, AuthSchemeId } from './auth.js';
import type {
  ChannelId,
  Endpoint,
  EndpointId,
  Parameter,
  Webhook,
  WebhookId,
  WebSocketChannel,
} from './endpoint.js';
import type { TypeDefinition, TypeId } from './types.js';

/** Bumped whenever a stored definition would no longer read the same. */
export const IR_VERSION = 1 as const;

export type ApiDefinitionId = string;
export type SubpackageId = string;

/** A group of operations (an OpenAPI tag, an AsyncAPI channel group, ...). */
export interface Subpackage {
  id: SubpackageId;
  name: string;
  description?: string;
  endpoints: EndpointId[];
  websockets: ChannelId[];
  webhooks: WebhookId[];
  subpackages: SubpackageId[];
}

export interface ApiDefinition {
  irVersion: typeof IR_VERSION;
  id: ApiDefinitionId;
  title: string;
  version?: string;
  description?: string;
  /** Where it came from: `openapi` 2.0/3.0/3.1, `asyncapi` 2.x/3.0, `openrpc` 1.x. */
  source: { format: 'openapi' | 'asyncapi' | 'openrpc'; version: string };
  endpoints: Record<EndpointId, Endpoint>;
  websockets: Record<ChannelId, WebSocketChannel>;
  webhooks: Record<WebhookId, Webhook>;
  types: Record<TypeId, TypeDefinition>;
  auths: Record<AuthSchemeId, AuthScheme>;
  /** Headers every request of the API carries. */
  globalHeaders: Parameter[];
  /** Top level of the navigation tree: operations not in any group, and the groups. */
  rootPackage: Omit<Subpackage, 'id' | 'name' | 'description'>;
  subpackages: Record<SubpackageId, Subpackage>;
  /**
   * SDKs whose snippet templates the registry holds for this API (`POST /snippet-template/get`
   * keys: the registry's `apiId` and each SDK's language and package). The docs host reads them
   * in hosted mode to offer those languages in the playground.
   */
  snippetsConfiguration?: { apiId?: string; sdks: { language: string; package: string }[] };
}

/** A definition with nothing in it: the stand-in of an API that failed to import, and a base for tests. */
export function emptyApiDefinition(id: ApiDefinitionId, title: string): ApiDefinition {
  return {
    irVersion: IR_VERSION,
    id,
    title,
    source: { format: 'openapi', version: 'unknown' },
    endpoints: {},
    websockets: {},
    webhooks: {},
    types: {},
    auths: {},
    globalHeaders: [],
    rootPackage: { endpoints: [], websockets: [], webhooks: [], subpackages: [] },
    subpackages: {},
  };
}
