/**
 * Server lists of AsyncAPI and OpenRPC → IR environments, through the OpenAPI importer's
 * server conversion (same variables handling, same ids), so every format names environments
 * the same way.
 */
import type { DocumentSet, Location } from '../document/document-set.js';
import type { WarningSink } from '../document/warnings.js';
import type { Environment } from '../ir/endpoint.js';
import { serversToEnvironments } from '../openapi/servers.js';
import type { SchemaConverter } from '../schema/schema-converter.js';

/** A server as OpenAPI writes it; other formats are mapped to this first. */
export interface ServerLike {
  url: string;
  description?: unknown;
  variables?: unknown;
}

/** Environments of `servers` (already in OpenAPI form); `at` is where the list sits. */
export function environmentsOf(
  docs: DocumentSet,
  sink: WarningSink,
  schemas: SchemaConverter,
  servers: ServerLike[],
  at: Location,
): Environment[] {
  const root = (docs.entry.root ?? {}) as Record<string, unknown>;
  return serversToEnvironments(
    { docs, sink, schemas, version: '3.1', root, consumes: [], produces: [] },
    servers,
    at,
  );
}
