/**
 * What bench/examples measures, as small pure functions: the seeded pick, the property examples a
 * source schema gives (by path in the value), how many of them a generated value reuses, and the
 * required parts an endpoint example lacks.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Endpoint, EndpointExample } from '@sextant/definition';

/** A deterministic shuffle (mulberry32), so every run samples the same operations. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The value at a JSON pointer inside `root`, or undefined. */
export function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '#') return root;
  let current = root;
  for (const raw of pointer.replace(/^#/, '').split('/').slice(1)) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}

export interface ExamplePath {
  path: (string | number)[];
  example: unknown;
  /** JSON pointer of the property's schema in the document. */
  pointer: string;
}

const MAX_DEPTH = 6;

/**
 * The properties under `schema` whose schema gives an `example` (or `examples[0]`), each with its
 * path in a value (`0` for the first item of a list). Local `$ref`s and `allOf` are followed;
 * unions are not (which variant a tool picks is its own choice).
 */
export function propertyExamplePaths(schema: unknown, document: unknown, pointer: string): ExamplePath[] {
  const out: ExamplePath[] = [];
  walk({ schema, pointer }, document, [], new Set(), out);
  return out;
}

interface Located {
  schema: unknown;
  pointer: string;
}

const escapeToken = (token: string | number) => String(token).replace(/~/g, '~0').replace(/\//g, '~1');

function walk(
  at: Located,
  document: unknown,
  path: (string | number)[],
  refs: Set<string>,
  out: ExamplePath[],
): void {
  const { schema, pointer } = at;
  if (path.length > MAX_DEPTH || schema === null || typeof schema !== 'object') return;
  const record = schema as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    if (refs.has(record.$ref) || !record.$ref.startsWith('#')) return;
    refs.add(record.$ref);
    walk(
      { schema: valueAt(document, record.$ref), pointer: record.$ref.slice(1) },
      document,
      path,
      refs,
      out,
    );
    refs.delete(record.$ref);
    return;
  }
  if (Array.isArray(record.allOf))
    record.allOf.forEach((member, index) => {
      walk({ schema: member, pointer: `${pointer}/allOf/${index}` }, document, path, refs, out);
    });
  if (record.items !== undefined)
    walk({ schema: record.items, pointer: `${pointer}/items` }, document, [...path, 0], refs, out);
  if (record.properties === null || typeof record.properties !== 'object') return;
  for (const [key, property] of Object.entries(record.properties as Record<string, unknown>)) {
    const located = resolveRef(
      { schema: property, pointer: `${pointer}/properties/${escapeToken(key)}` },
      document,
    );
    if (located.schema === null || typeof located.schema !== 'object') continue;
    const declared = located.schema as Record<string, unknown>;
    const example = Array.isArray(declared.examples) ? declared.examples[0] : declared.example;
    if (example !== undefined) out.push({ path: [...path, key], example, pointer: located.pointer });
    else walk(located, document, [...path, key], refs, out);
  }
}

function resolveRef(at: Located, document: unknown): Located {
  let current = at;
  for (let hops = 0; hops < 8; hops++) {
    const ref = (current.schema as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) return current;
    current = { schema: valueAt(document, ref), pointer: ref.slice(1) };
  }
  return current;
}

/** How many of `paths` hold exactly their example in `value`. */
export function reusedExamples(value: unknown, paths: ExamplePath[]): number {
  return paths.length - missedExamples(value, paths).length;
}

/** The `paths` whose example `value` does not hold, with what it holds there instead. */
export function missedExamples(value: unknown, paths: ExamplePath[]): (ExamplePath & { found: unknown })[] {
  const missed: (ExamplePath & { found: unknown })[] = [];
  for (const entry of paths) {
    const { path, example } = entry;
    let current = value;
    for (const token of path) {
      if (current === null || typeof current !== 'object') {
        current = undefined;
        break;
      }
      current = (current as Record<string | number, unknown>)[token];
    }
    if (current === undefined || !isDeepStrictEqual(current, example))
      missed.push({ ...entry, found: current });
  }
  return missed;
}

/** The required parts `example` leaves out: path parameters, required query/header parameters, a required body. */
export function missingRequiredParts(endpoint: Endpoint, example: EndpointExample): string[] {
  const missing: string[] = [];
  for (const parameter of endpoint.pathParameters)
    if (!(parameter.key in example.pathParameters)) missing.push(`path ${parameter.key}`);
  for (const parameter of endpoint.queryParameters)
    if (parameter.valueShape.type !== 'optional' && !(parameter.key in example.queryParameters))
      missing.push(`query ${parameter.key}`);
  for (const parameter of endpoint.requestHeaders)
    if (parameter.valueShape.type !== 'optional' && !(parameter.key in example.headers))
      missing.push(`header ${parameter.key}`);
  const request = endpoint.requests[0];
  if (
    request &&
    request.isOptional !== true &&
    request.body.type !== 'bytes' &&
    example.requestBody === undefined
  )
    missing.push('request body');
  return missing;
}
