/**
 * How the docs host's responses may be cached (DESIGN 7, "Cacheable by default"): one rule per
 * response type, so a CDN in front keeps what is the same for every reader and revalidates the
 * rest. A hosted page is shared (`s-maxage`) and revalidated by the browser on each view
 * (`max-age=0` with an ETag, so an unchanged page costs a 304); every site-scoped response names
 * its site and host in `Surrogate-Key` (Fastly, Varnish) and `Cache-Tag` (Cloudflare, Akamai), the
 * keys the purge webhook sends on publish (`registry/purge-webhook.ts`). Local mode (`sextant
 * dev`) changes on every save: its pages are `no-cache`.
 */
import { createHash } from 'node:crypto';

/** Shared-cache lifetimes of pages and other site-scoped responses, in seconds. */
export interface CachePolicy {
  /** How long a shared cache (CDN) may serve a page without asking: `s-maxage`. */
  sMaxAge: number;
  /** How long past that it may serve the old page while it fetches the new one. */
  staleWhileRevalidate: number;
  /** How long it may serve the old page while this server answers with errors. */
  staleIfError: number;
}

export const DEFAULT_CACHE_POLICY: CachePolicy = {
  sMaxAge: 60,
  staleWhileRevalidate: 300,
  staleIfError: 86_400,
};

/** The kinds of docs-host responses, each with its own caching rule. */
export type ResponseKind =
  /** A rendered page (200), its not-found page (404), its `.md` variant, a configured redirect. */
  | 'page'
  /** No site at this address (a plain 404): shared briefly, purged by the host's key on publish. */
  | 'no-site'
  /** Content-addressed (`/_sextant/files/{sha256}/…`, the client bundle): never changes under its URL. */
  | 'immutable'
  /** The registry did not answer, or the local project has an error: never stored. */
  | 'unavailable';

/**
 * The Cache-Control of a response of `kind`.
 * @example cacheControl('page', 'hosted') // 'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400'
 */
export function cacheControl(
  kind: ResponseKind,
  mode: 'local' | 'hosted',
  policy: CachePolicy = DEFAULT_CACHE_POLICY,
): string {
  if (kind === 'immutable') return 'public, max-age=31536000, immutable';
  if (kind === 'unavailable') return 'no-store';
  if (mode === 'local') return 'no-cache';
  const shared = `public, max-age=0, s-maxage=${policy.sMaxAge}`;
  // An unknown address is a scanner's favourite: keep it at the edge, but not past a publish.
  if (kind === 'no-site') return shared;
  return `${shared}, stale-while-revalidate=${policy.staleWhileRevalidate}, stale-if-error=${policy.staleIfError}`;
}

/**
 * Hashes of the texts keys were made of lately: every docs response carries two (its host's and
 * its site's), and hashing them each time was ~1 % of a cold endpoint page (issue #30). Hosts
 * come from requests, so the table is bounded: a flood of made-up hosts only empties it.
 */
const keyHashes = new Map<string, string>();
const KEY_HASHES_KEPT = 4096;

function keyHash(text: string): string {
  let hash = keyHashes.get(text);
  if (hash === undefined) {
    if (keyHashes.size >= KEY_HASHES_KEPT) keyHashes.clear();
    hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
    keyHashes.set(text, hash);
  }
  return hash;
}

/** The host name of a stored docs URL, an address or a Host header: no port, no trailing dot, lower case. */
export function hostNameOf(urlOrHost: string): string {
  const host = urlOrHost.split('/')[0] ?? '';
  return host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
}

/**
 * The surrogate keys of a response: every docs response carries `sextant` (purge everything),
 * its host's key, and, when a site answered, the site's key (its stored URL, `host/base`). Keys
 * are hashes, so they hold only characters every CDN accepts in a tag.
 * @example surrogateKeys({ host: 'docs.acme.com', siteUrl: 'docs.acme.com/api' }) // ['sextant', 'sx-host-…', 'sx-site-…']
 */
export function surrogateKeys(of: { host?: string; siteUrl?: string }): string[] {
  const host = of.host ?? of.siteUrl;
  return [
    'sextant',
    ...(host ? [`sx-host-${keyHash(hostNameOf(host))}`] : []),
    ...(of.siteUrl ? [`sx-site-${keyHash(of.siteUrl)}`] : []),
  ];
}

/** The keys to purge when the site stored at `siteUrl` changes: its own and its host's. */
export function purgeKeys(siteUrl: string): string[] {
  return surrogateKeys({ siteUrl }).filter((key) => key !== 'sextant');
}

/** `Surrogate-Key` (space-separated) and `Cache-Tag` (comma-separated) for `keys`. */
export function surrogateHeaders(keys: string[]): { 'surrogate-key': string; 'cache-tag': string } {
  return { 'surrogate-key': keys.join(' '), 'cache-tag': keys.join(',') };
}

/**
 * Whether an `If-None-Match` header names one of `etags` (weak comparison, RFC 9110 13.1.2:
 * `W/` is ignored; `*` matches any).
 * @example etagMatches('W/"a", "b"', ['"b"']) // true
 */
export function etagMatches(header: string | string[] | undefined, etags: string[]): boolean {
  if (!header) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = new Set(etags.map(opaque));
  return text.split(',').some((tag) => opaque(tag) === '*' || wanted.has(opaque(tag)));
}

const SECONDS = /^\d{1,9}$/;

/**
 * The policy from explicit options, else the environment (`SEXTANT_CACHE_S_MAXAGE`,
 * `SEXTANT_CACHE_STALE_WHILE_REVALIDATE`, `SEXTANT_CACHE_STALE_IF_ERROR`), else the defaults;
 * a value that is not a whole number of seconds stops the start.
 */
export function cachePolicyFrom(
  options: Partial<CachePolicy> = {},
  env: Record<string, string | undefined> = process.env,
): CachePolicy {
  const pick = (key: keyof CachePolicy, name: string): number => {
    const given = options[key];
    if (given !== undefined) {
      if (!Number.isInteger(given) || given < 0) throw new RangeError(`${key} must be whole seconds ≥ 0`);
      return given;
    }
    const text = env[name]?.trim();
    if (!text) return DEFAULT_CACHE_POLICY[key];
    if (!SECONDS.test(text)) throw new RangeError(`${name} must be whole seconds (got "${text}")`);
    return Number(text);
  };
  return {
    sMaxAge: pick('sMaxAge', 'SEXTANT_CACHE_S_MAXAGE'),
    staleWhileRevalidate: pick('staleWhileRevalidate', 'SEXTANT_CACHE_STALE_WHILE_REVALIDATE'),
    staleIfError: pick('staleIfError', 'SEXTANT_CACHE_STALE_IF_ERROR'),
  };
}
