/**
 * Path templates → IR path parts, and endpoint ids: operationId-based, de-duplicated, with a
 * `method_path` fallback.
 */
import type { PathPart } from '../ir/endpoint.js';

/**
 * Splits a path template into literal and path-parameter parts.
 * @example parsePath('/pets/{id}.json') // [lit '/pets/', param id, lit '.json']
 */
export function parsePath(path: string): PathPart[] {
  const parts: PathPart[] = [];
  const pattern = /\{([^}]+)\}/g;
  let last = 0;
  for (let match = pattern.exec(path); match; match = pattern.exec(path)) {
    if (match.index > last) parts.push({ type: 'literal', value: path.slice(last, match.index) });
    parts.push({ type: 'pathParameter', name: match[1] as string });
    last = match.index + match[0].length;
  }
  if (last < path.length) parts.push({ type: 'literal', value: path.slice(last) });
  return parts;
}

/** Hands out unique ids: the first taker keeps the name, later ones get `_2`, `_3`, ... */
export class IdAllocator {
  private readonly used = new Set<string>();

  /** A unique id based on `base`. */
  take(base: string): string {
    let id = base;
    for (let n = 2; this.used.has(id); n++) id = `${base}_${n}`;
    this.used.add(id);
    return id;
  }

  /** Marks an id as taken. */
  reserve(id: string): void {
    this.used.add(id);
  }

  has(id: string): boolean {
    return this.used.has(id);
  }
}

/** Base id of an operation: its operationId, else `get_pets_petId` from method and path. */
export function endpointIdBase(method: string, path: string, operationId: string | undefined): string {
  if (operationId && operationId.trim() !== '') return operationId.trim();
  const slug = path
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${method.toLowerCase()}_${slug || 'root'}`;
}

/** A slug for ids derived from free text (titles, tag names). */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'api';
}
