/**
 * What a site's rendered things weigh, and the render cache a site gets when its host supplies
 * none (tests, benchmarks, static builds): least recently used entries go first once the
 * entries' bytes pass `DEFAULT_RENDER_CACHE_BYTES`. The server supplies its own, one budget for
 * every site from `--memory`, with evictions counted in `/metrics` (issue #30 item 4).
 */
import { flatString } from '@sextant/definition';
import { LRUCache } from 'lru-cache';
import type { PagePart } from './page-parts.js';
import type { RenderCache } from './site.js';

/** Bytes one site's default render cache may hold. */
export const DEFAULT_RENDER_CACHE_BYTES = 64 * 1024 * 1024;

/** What an entry costs besides its text: the key, the entry and the cache's bookkeeping. */
const ENTRY_OVERHEAD = 128;

/** What a rendered page's reference to a shared part costs it (the part is weighed where it is kept). */
const SHARED_PART_REFERENCE = 16;

/**
 * The length of `value`'s JSON text, about (no escapes counted), found by walking it: a page view
 * weighed by `JSON.stringify` cost ~3 % of an endpoint page's render (issue #30), for a text
 * thrown away at once. Values are the renderer's plain data (no cycles, no `toJSON`). A page
 * view's `definition` is a slice of its API: see {@link sliceLength}.
 */
function jsonLength(value: unknown, depth = 0): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
      return 8;
    case 'boolean':
      return 5;
    case 'object': {
      if (value === null) return 4;
      let length = 2;
      if (Array.isArray(value)) {
        for (const item of value) length += jsonLength(item, depth + 1) + 1;
        return length;
      }
      for (const key in value) {
        const inner = (value as Record<string, unknown>)[key];
        if (inner !== undefined && typeof inner !== 'function')
          length +=
            key.length +
            4 +
            (depth === 0 && key === 'definition' ? sliceLength(inner) : jsonLength(inner, depth + 1));
      }
      return length;
    }
    default:
      return 0;
  }
}

/** What a reference to an object the view shares costs it, in JSON characters (bytes). */
const REFERENCE_LENGTH = 8;

/**
 * A page view's API slice (`view.definition`): sliceDefinition copies none of the API's types,
 * endpoints and auth schemes, so each entry of its maps costs the view a reference. GitHub's
 * `simple-user` or `repository` recur in hundreds of pages' slices: weighed whole in each, the
 * views weighed ~70 MB against ~7 MB they held (issue #30).
 */
function sliceLength(slice: unknown): number {
  if (typeof slice !== 'object' || slice === null) return jsonLength(slice, 1);
  let length = 2;
  for (const key in slice) {
    const inner = (slice as Record<string, unknown>)[key];
    if (inner === undefined || typeof inner === 'function') continue;
    length += key.length + 4;
    if (typeof inner !== 'object' || inner === null) length += jsonLength(inner, 2);
    else for (const id in inner) length += id.length + 4 + REFERENCE_LENGTH;
  }
  return length;
}

/**
 * The estimated heap bytes of a rendered value: strings as UTF-16 (twice their length), plus a
 * round figure per entry; other values by the length of their JSON text, one byte a character (V8
 * keeps the renderer's mostly Latin-1 text one byte a character: GitHub's 1,223 page views, when
 * they were kept, weighed 16.5 MB so and held 7.5 MB, measured by the heap freed when they were
 * dropped; 70.5 MB before).
 * @example renderedBytes('<p>hi</p>') // 146
 */
export function renderedBytes(value: unknown): number {
  if (value === undefined || value === null) return ENTRY_OVERHEAD;
  if (typeof value === 'string') return ENTRY_OVERHEAD + 2 * value.length;
  if (typeof value === 'object' && 'parts' in value && Array.isArray(value.parts)) {
    // A rendered page: its own text and a few CSP hashes. Its shared parts are weighed where they
    // are kept (a group's sidebar in this cache, the inline styles in the module caches).
    let bytes = ENTRY_OVERHEAD + 512;
    for (const part of value.parts as readonly PagePart[])
      bytes += typeof part === 'string' ? 2 * part.length : SHARED_PART_REFERENCE;
    return bytes;
  }
  return ENTRY_OVERHEAD + jsonLength(value);
}

/**
 * A render cache of at most `maxBytes`, for one site.
 * @example createDocsSite(docs, apis, '1', { renderCache: () => boundedRenderCache(8 << 20) })
 */
export function boundedRenderCache(maxBytes: number): RenderCache {
  const entries = new LRUCache<string, { entry: { value: unknown }; bytes: number }>({
    maxSize: Math.max(1, Math.floor(maxBytes)),
    sizeCalculation: (kept) => Math.max(1, Math.ceil(kept.bytes)),
  });
  let dropped = false;
  return {
    get: (key) => entries.get(flatString(key))?.entry,
    set: (key, entry, bytes) => {
      if (!dropped) entries.set(flatString(key), { entry, bytes });
    },
    clear: () => {
      dropped = true;
      entries.clear();
    },
  };
}

/** The render cache of a site whose host gave none. */
export const defaultRenderCache = (): RenderCache => boundedRenderCache(DEFAULT_RENDER_CACHE_BYTES);
