/**
 * Allowlists of target hosts, compiled once so a check is a set lookup rather than a scan of
 * patterns per request. Entries are `host` (any port), `host:port`, or `*.suffix` (either with
 * `:port`); IPv6 hosts are written in brackets (`[2001:db8::1]:8443`). A list also names the
 * refusal its misses get, and may reload itself once before refusing (the registry's list).
 */
import type { ProxyErrorCode } from './errors.js';

/** A compiled allowlist. */
export interface Allowlist {
  /** True when `host` (bare, lower-case, no brackets) on `port` may be called. */
  allows(host: string, port: number): boolean;
  /** The error code a refused target gets. */
  readonly refusal: ProxyErrorCode;
  /** Reloads the list before a refusal; resolves true when it may have changed. */
  reload?(): Promise<boolean>;
}

interface Wildcard {
  suffix: string;
  port: number | undefined;
}

/** Splits `host[:port]` into a bare lower-case host and an optional port. */
export function splitHostPort(entry: string): { host: string; port: number | undefined } {
  const text = entry.trim().toLowerCase();
  const colon = text.lastIndexOf(':');
  const portText = colon > 0 ? text.slice(colon + 1) : '';
  const hasPort =
    /^\d+$/.test(portText) && !text.endsWith(']') && (text.startsWith('[') || text.indexOf(':') === colon);
  const host = (hasPort ? text.slice(0, colon) : text).replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return { host, port: hasPort ? Number(portText) : undefined };
}

/**
 * Compiles host patterns into an allowlist.
 * @example compileAllowlist(['api.example.com', '*.example.org:8443']).allows('a.example.org', 8443) // true
 */
export function compileAllowlist(
  entries: readonly string[],
  refusal: ProxyErrorCode = 'ProxyTargetNotAllowedError',
): Allowlist {
  const exact = new Set<string>();
  const wildcards: Wildcard[] = [];
  for (const entry of entries) {
    if (!entry.trim()) continue;
    const { host, port } = splitHostPort(entry);
    if (host.startsWith('*.')) wildcards.push({ suffix: host.slice(1), port });
    else exact.add(port === undefined ? host : `${host}:${port}`);
  }
  return {
    refusal,
    allows(host, port) {
      if (exact.has(host) || exact.has(`${host}:${port}`)) return true;
      for (const wildcard of wildcards) {
        if ((wildcard.port === undefined || wildcard.port === port) && host.endsWith(wildcard.suffix))
          return true;
      }
      return false;
    },
  };
}

/** An allowlist that admits what either list admits; refusals are `second`'s, reloads too. */
export function eitherAllowlist(first: Allowlist, second: Allowlist): Allowlist {
  return {
    refusal: second.refusal,
    allows: (host, port) => first.allows(host, port) || second.allows(host, port),
    ...(second.reload ? { reload: () => second.reload!() } : {}),
  };
}
