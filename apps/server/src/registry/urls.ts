/**
 * Docs URL rules: a docs site lives at a host plus an optional base path. URLs are normalised to
 * `host/base/path` (lower-case host, no scheme, no trailing slash) so lookups are exact.
 */
import { fail } from './errors.js';

/** A docs address split into host and base path (`''` or `/docs`). */
export interface DocsAddress {
  domain: string;
  basePath: string;
  /** `domain + basePath`: the stored key. */
  url: string;
}

const HOST =
  /^(?=.{1,253}$)(localhost|[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+)(:\d{1,5})?$/;

/**
 * Parses `acme.com/docs`, `https://acme.com/docs/` or `acme.com`; undefined when not a URL.
 * `strict` (for registration) also limits the base path to URL-safe segment characters.
 */
export function parseDocsAddress(input: string, strict = false): DocsAddress | undefined {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const domain = parsed.host.toLowerCase();
  if (!HOST.test(domain)) return undefined;
  const basePath = parsed.pathname.replace(/\/+$/, '').replace(/\/{2,}/g, '/');
  if (strict && basePath !== '' && !/^(\/[A-Za-z0-9._~-]+)+$/.test(basePath)) return undefined;
  return { domain, basePath, url: `${domain}${basePath}` };
}

/** A URL to look docs up with; InvalidURLError otherwise. */
export function requireUrl(input: string): DocsAddress {
  return parseDocsAddress(input) ?? fail('InvalidURLError', `"${input}" is not a valid URL`);
}

/** A domain (with optional base path) to register; `error` names the field's error. */
export function requireDomain(
  input: string,
  error: 'InvalidDomainError' | 'InvalidCustomDomainError' = 'InvalidDomainError',
): DocsAddress {
  return parseDocsAddress(input, true) ?? fail(error, `"${input}" is not a valid domain`);
}

/** Candidate stored keys for a request URL, longest base path first. */
export function lookupKeys(address: DocsAddress): string[] {
  const parts = address.basePath.split('/').filter(Boolean);
  const keys: string[] = [];
  for (let length = parts.length; length >= 0; length--) {
    keys.push(`${address.domain}${length ? `/${parts.slice(0, length).join('/')}` : ''}`);
  }
  return keys;
}
