/**
 * Names and ids of types the converter creates: component schemas keep their name, inline
 * schemas get a PascalCase name built from where they sit (`Pet` + `owner` → `PetOwner`).
 */
import { unescapePointerToken } from '../document/pointer.js';
import { COMPILED_CACHES, moduleCache } from '../module-caches.js';

/** PascalCase of an arbitrary key: `pet_owner-id` → `PetOwnerId`. Keeps digits; never empty. */
export function pascalCase(text: string): string {
  const cached = pascalCache.get(text);
  if (cached !== undefined) return cached;
  const out = computePascalCase(text);
  pascalCache.set(text, out);
  return out;
}

/** Names by key, 15 % of the `compiled` caches' budget (module-caches.ts): key and name as UTF-16. */
const pascalCache = moduleCache<string>(
  COMPILED_CACHES,
  0.15,
  (name, key) => 2 * (key.length + name.length) + 64,
);

function computePascalCase(text: string): string {
  let out = '';
  for (const word of text.split(/[^A-Za-z0-9]+/)) {
    if (word === '') continue;
    out += word[0]?.toUpperCase() + word.slice(1);
  }
  return out === '' ? 'Type' : out;
}

/** The component name a pointer designates (`/components/schemas/Pet` → `Pet`), or undefined. */
export function componentName(pointer: string): string | undefined {
  const match =
    /^\/(?:components\/schemas|definitions|\$defs|components\/messages\/[^/]+\/payload)\/([^/]+)$/.exec(
      pointer,
    );
  if (!match?.[1]) return undefined;
  return unescapePointerToken(match[1]);
}

/** A name for a schema at `pointer` that is not a component: the last meaningful token. */
export function nameFromPointer(pointer: string): string {
  const tokens = pointer
    .split('/')
    .filter((token) => token !== '' && !STRUCTURAL.has(token) && !/^\d+$/.test(token));
  const last = tokens[tokens.length - 1];
  return last ? pascalCase(unescapePointerToken(last)) : 'Schema';
}

const STRUCTURAL = new Set([
  'properties',
  'items',
  'schema',
  'content',
  'allOf',
  'oneOf',
  'anyOf',
  'additionalProperties',
  'components',
  'schemas',
  'definitions',
  '$defs',
]);
