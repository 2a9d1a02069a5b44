/**
 * State shared by the steps of one AsyncAPI import, and small typed readers that follow `$ref`s
 * and name the JSON pointer when the document has the wrong shape.
 */
import type { DocumentSet, Location } from '../document/document-set.js';
import type { WarningSink } from '../document/warnings.js';
import type { AuthScheme, AuthSchemeId } from '../ir/auth.js';
import type { Environment } from '../ir/endpoint.js';
import { objectAt } from '../openapi/context.js';
import type { IdAllocator } from '../openapi/paths.js';
import type { SchemaConverter } from '../schema/schema-converter.js';

export type Json = Record<string, unknown>;

/** A server of the document, converted once. `environment` is absent for non-WebSocket servers. */
export interface ServerInfo {
  name: string;
  environment?: Environment;
  /** Auth scheme ids the server requires (any one suffices). */
  auth: AuthSchemeId[];
}

export interface AsyncApiContext {
  docs: DocumentSet;
  sink: WarningSink;
  schemas: SchemaConverter;
  /** Major version: 2 (publish/subscribe) or 3 (operations with send/receive). */
  major: 2 | 3;
  channelIds: IdAllocator;
  servers: Map<string, ServerInfo>;
  auths: Record<AuthSchemeId, AuthScheme>;
}

export { objectAt };

/** An optional object member: undefined when absent. */
export function optionalObjectAt(
  context: AsyncApiContext,
  value: unknown,
  at: Location,
  what: string,
): { value: Json; at: Location } | undefined {
  return value === undefined || value === null ? undefined : objectAt(context, value, at, what);
}

/** A non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
