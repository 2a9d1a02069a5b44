/**
 * Docs URL rules: a docs site lives at a host plus an optional base path. URLs are normalised to
 * `host/base/path` (lower-case host without a trailing dot, no default port, no scheme, no
 * trailing slash) so lookups are exact. A URL keeps a non-default port (`docs.acme.test:8080`)
 * for routing; ownership is of the host name alone (`hostName`, host-ownership.ts).
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
  const domain = normalHost(parsed.hostname, parsed.port);
  if (!HOST.test(domain)) return undefined;
  const basePath = parsed.pathname.replace(/\/+$/, '').replace(/\/{2,}/g, '/');
  if (strict && basePath !== '' && !/^(\/[A-Za-z0-9._~-]+)+$/.test(basePath)) return undefined;
  return { domain, basePath, url: `${domain}${basePath}` };
}

/** Ports a scheme-less docs URL leaves out: the default ports of http and https. */
const DEFAULT_PORTS = new Set(['80', '443']);

/** `name[:port]` with the name in lower case, without its trailing dot, and no default port. */
function normalHost(name: string, port: string): string {
  const bare = name.toLowerCase().replace(/\.$/, '');
  return port && !DEFAULT_PORTS.has(port) ? `${bare}:${port}` : bare;
}

/**
 * The host name a host is owned by: lower case, no port, no trailing dot.
 * @example hostName('DOCS.Acme.test.:8080') // 'docs.acme.test'
 */
export function hostName(host: string): string {
  return host.replace(/:\d*$/, '').toLowerCase().replace(/\.$/, '');
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
