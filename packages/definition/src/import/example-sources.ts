/**
 * Where in the spec each part of a spec example was written, for the located warning an invalid
 * example gets at import. Kept beside the IR (keyed by the importer's example objects), not in it:
 * file paths are the author's machine's and do not belong in a stored definition.
 */
import type { Location } from '../document/document-set.js';
import type { ExampleProblem } from '../ir/endpoint.js';

const sources = new WeakMap<object, Map<string, Location>>();

/** The key of a part: `requestBody`, `responseBody`, `payload`, or `queryParameters.limit`. */
export function exampleSourceKey(part: ExampleProblem['part'], key?: string): string {
  return key === undefined ? part : `${part}.${key}`;
}

/** Records that `example`'s part `sourceKey` was written at `at`. */
export function recordExampleSource(example: object, sourceKey: string, at: Location | undefined): void {
  if (!at) return;
  let parts = sources.get(example);
  if (!parts) {
    parts = new Map();
    sources.set(example, parts);
  }
  parts.set(sourceKey, at);
}

/** Where `example`'s part `sourceKey` was written, when the importer recorded it. */
export function exampleSource(example: object | undefined, sourceKey: string): Location | undefined {
  return example ? sources.get(example)?.get(sourceKey) : undefined;
}
