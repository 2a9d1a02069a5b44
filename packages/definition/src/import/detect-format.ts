/**
 * Which kind of API description a parsed entry document is, from its version field:
 * `openapi` 3.x, `swagger` 2.0, `asyncapi` 2.x / 3.0 or `openrpc` 1.x. Anything else is a
 * `DefinitionImportError` naming the file and the keys that were expected.
 */
import type { DocumentSet } from '../document/document-set.js';

export type SpecFormat = 'openapi' | 'asyncapi' | 'openrpc';

/** The format of the entry document, and its version string. */
export function detectFormat(docs: DocumentSet): { format: SpecFormat; version: string } {
  const root = docs.entry.root;
  const rootAt = { file: docs.entry.file, pointer: '' };
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    const got = root === null ? 'null' : Array.isArray(root) ? 'an array' : `a ${typeof root}`;
    throw docs.error(rootAt, `expected an API description object, got ${got}; ${EXPECTED}`);
  }
  const fields = root as Record<string, unknown>;
  if (fields.openapi !== undefined || fields.swagger !== undefined) {
    return { format: 'openapi', version: String(fields.openapi ?? fields.swagger) };
  }
  if (fields.asyncapi !== undefined) {
    const version = String(fields.asyncapi);
    if (!/^(2\.\d+|3\.0)(\.\d+)?/.test(version)) {
      throw docs.error(
        { file: rootAt.file, pointer: '/asyncapi' },
        `unsupported AsyncAPI version "${version}"; expected 2.x or 3.0`,
      );
    }
    return { format: 'asyncapi', version };
  }
  if (fields.openrpc !== undefined) {
    const version = String(fields.openrpc);
    if (!/^1\.\d+/.test(version)) {
      throw docs.error(
        { file: rootAt.file, pointer: '/openrpc' },
        `unsupported OpenRPC version "${version}"; expected 1.x`,
      );
    }
    return { format: 'openrpc', version };
  }
  const keys = Object.keys(fields).slice(0, 8);
  throw docs.error(
    rootAt,
    `not a recognised API description: ${EXPECTED}; found ${keys.length > 0 ? `the keys ${keys.map((k) => `\`${k}\``).join(', ')}` : 'an empty object'}`,
  );
}

const EXPECTED =
  'expected a top-level `openapi` (3.x), `swagger` (2.0), `asyncapi` (2.x or 3.0) or `openrpc` (1.x) field';
