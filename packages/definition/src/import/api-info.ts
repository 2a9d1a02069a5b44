/**
 * The version and description an API document's `info` gives its definition, one rule for the
 * OpenAPI, AsyncAPI and OpenRPC importers: each is kept when it is text with something besides
 * whitespace (a blank one would only show as an empty version badge or paragraph).
 */
import type { ApiDefinition } from '../ir/definition.js';

const nonBlank = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** @example applyApiInfo(definition, { version: '2.1', description: ' ' }) // version set, no description */
export function applyApiInfo(definition: ApiDefinition, info: Readonly<Record<string, unknown>>): void {
  const version = nonBlank(info.version);
  if (version !== undefined) definition.version = version;
  const description = nonBlank(info.description);
  if (description !== undefined) definition.description = description;
}
