/**
 * The result of comparing two API definitions: a flat list of changes, each located (which
 * operation or type, and a pointer-like path inside it), classified (added, removed, changed,
 * docs) and marked breaking or not for existing clients.
 */

/** What part of the API a change sits in. */
export type ChangeArea = 'api' | 'endpoint' | 'websocket' | 'webhook' | 'type' | 'auth';

/**
 * `added` and `changed` without breaking make a MINOR release; `docs` (titles, descriptions)
 * a PATCH; anything `breaking` a MAJOR.
 */
export type ChangeCategory = 'added' | 'removed' | 'changed' | 'docs';

/** Every kind of change the diff reports. */
export type ChangeKind =
  | 'endpoint-added'
  | 'endpoint-removed'
  | 'channel-added'
  | 'channel-removed'
  | 'webhook-added'
  | 'webhook-removed'
  | 'type-added'
  | 'type-removed'
  | 'auth-added'
  | 'auth-removed'
  | 'auth-changed'
  | 'operation-auth-changed'
  | 'parameter-added'
  | 'parameter-removed'
  | 'parameter-required'
  | 'parameter-optional'
  | 'request-added'
  | 'request-removed'
  | 'request-required'
  | 'request-optional'
  | 'response-added'
  | 'response-removed'
  | 'error-added'
  | 'error-removed'
  | 'body-changed'
  | 'field-added'
  | 'field-removed'
  | 'field-required'
  | 'field-optional'
  | 'type-changed'
  | 'nullable-changed'
  | 'enum-value-added'
  | 'enum-value-removed'
  | 'variant-added'
  | 'variant-removed'
  | 'constraint-changed'
  | 'default-changed'
  | 'message-added'
  | 'message-removed'
  | 'environment-added'
  | 'environment-removed'
  | 'availability-changed'
  | 'title-changed'
  | 'description-changed';

export interface ChangeLocation {
  area: ChangeArea;
  /** Id of the endpoint, channel, webhook, type or auth scheme (the current one, or the previous when removed). */
  id: string;
  /** HTTP method of an endpoint or webhook. */
  method?: string;
  /** Path template of an endpoint or channel (`/pets/{petId}`), or the webhook's event name. */
  path?: string;
  /** Where inside the item, JSON-pointer-like: `/queryParameters/limit`, `/responses/200/body/owner/name`. */
  pointer: string;
}

export interface DefinitionChange {
  kind: ChangeKind;
  category: ChangeCategory;
  /** True when a client written against the previous definition may fail against the current one. */
  breaking: boolean;
  location: ChangeLocation;
  /** One sentence for a human, naming the item: "query parameter `limit` is now required". */
  message: string;
}

export interface DefinitionDiff {
  previous: { id: string; version?: string };
  current: { id: string; version?: string };
  /** In definition order: api, auth, endpoints, channels, webhooks, then types. */
  changes: DefinitionChange[];
  summary: {
    total: number;
    breaking: number;
    added: number;
    removed: number;
    changed: number;
    docs: number;
  };
}

/** A semantic version bump (SPEC §4). */
export type VersionBump = 'MAJOR' | 'MINOR' | 'PATCH';
