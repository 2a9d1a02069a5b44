/** Slugs: URL path segments made from titles, unique within a docs site. */

/** Lower-case, ASCII letters/digits joined by single hyphens. `Get a repository` → `get-a-repository`. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'page';
}

/** Joins slug parts, skipping empty ones: `joinSlug('api', '', 'users')` → `api/users`. */
export function joinSlug(...parts: string[]): string {
  return parts
    .flatMap((part) => part.split('/'))
    .filter((part) => part !== '')
    .join('/');
}

/**
 * Hands out unique slugs: the first `users` stays, the next one becomes `users-2`.
 * @example const slugs = new SlugAllocator(); slugs.take('a'); slugs.take('a') // 'a-2'
 */
export class SlugAllocator {
  readonly #taken = new Set<string>();

  take(wanted: string): string {
    let slug = wanted;
    for (let n = 2; this.#taken.has(slug); n++) slug = `${wanted}-${n}`;
    this.#taken.add(slug);
    return slug;
  }

  has(slug: string): boolean {
    return this.#taken.has(slug);
  }
}
