/**
 * Decides whether the proxy may call a target: parses the target out of the proxy path,
 * refuses bad schemes and userinfo, applies the allowlist, resolves the host name and refuses
 * every special-use address (in hosted mode). The checked addresses are what the connection
 * uses (see upstream-agent.ts), so a second DNS answer cannot swap in a private address.
 */
import { ProxyError } from './errors.js';
import { classifyAddress } from './ip-classifier.js';
import type { ResolvedProxyOptions } from './options.js';

/** A target that passed the checks, with the addresses it may connect to. */
export interface CheckedTarget {
  url: URL;
  addresses: { address: string; family: number }[];
}

/**
 * Reads the target URL from what follows `/proxy/` in the request path (query included).
 * Accepts a percent-encoded target too (`/proxy/https%3A%2F%2F…`).
 * @example parseProxyTarget('https://api.example.com/pets?limit=2').href
 */
export function parseProxyTarget(raw: string, schemes: readonly string[] = ['http:', 'https:']): URL {
  if (!raw) throw new ProxyError('ProxyTargetMissingError');
  let text = raw;
  if (/^(https?|wss?)%3a/i.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      throw new ProxyError('ProxyTargetInvalidUrlError');
    }
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ProxyError('ProxyTargetInvalidUrlError');
  }
  if (!schemes.includes(url.protocol)) throw new ProxyError('ProxyTargetSchemeError');
  if (url.username || url.password) throw new ProxyError('ProxyTargetUserinfoError');
  if (!url.hostname) throw new ProxyError('ProxyTargetInvalidUrlError');
  url.hash = '';
  return url;
}

/** The port a URL connects to (explicit, else the scheme's default). */
export function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80;
}

/** The host name without IPv6 brackets or a trailing dot, lower-cased. */
export function bareHostname(url: URL): string {
  // URL lower-cases the host already; only brackets and a trailing dot are left to drop.
  let host = url.hostname;
  if (host.charCodeAt(0) === 91) host = host.slice(1, -1);
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** True when the name itself means this machine (`localhost`, `*.localhost`, with or without a trailing dot). */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.replace(/\.$/, '').toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || name === 'localhost.localdomain';
}

/** Throws when an address may not be called in this mode; `trusted` lifts the private check. */
export function assertAddressAllowed(address: string, options: ResolvedProxyOptions, trusted: boolean): void {
  if (options.mode === 'local' || trusted) return;
  const verdict = classifyAddress(address);
  if (!verdict) throw new ProxyError('ProxyTargetUnresolvedError', address);
  if (verdict.kind !== 'public') {
    throw new ProxyError(
      'ProxyTargetPrivateError',
      verdict.via ? `${verdict.kind} via ${verdict.via}` : verdict.kind,
    );
  }
}

/**
 * Checks a target and resolves it to the addresses that may be used.
 * @example await checkTarget(new URL('https://api.example.com/'), options) // { url, addresses: [...] }
 */
export async function checkTarget(url: URL, options: ResolvedProxyOptions): Promise<CheckedTarget> {
  const host = bareHostname(url);
  const port = effectivePort(url);
  const { allowlist } = options;
  if (allowlist && !allowlist.allows(host, port)) {
    // A list that can change (the registry's) gets one reload before a refusal.
    if (!(allowlist.reload && (await allowlist.reload()) && allowlist.allows(host, port)))
      throw new ProxyError(allowlist.refusal, `${host}:${port}`);
  }
  const trusted = options.trustedPrivateTargets.has(`${url.hostname.toLowerCase()}:${port}`);
  if (options.mode === 'hosted' && !trusted && isLocalhostName(host))
    throw new ProxyError('ProxyTargetLocalhostError');
  const literal = classifyAddress(host);
  if (literal) {
    assertAddressAllowed(host, options, trusted);
    return { url, addresses: [{ address: host, family: host.includes(':') ? 6 : 4 }] };
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await options.resolver(host);
  } catch (error) {
    throw new ProxyError('ProxyTargetUnresolvedError', (error as { code?: string }).code ?? host);
  }
  if (addresses.length === 0) throw new ProxyError('ProxyTargetUnresolvedError', host);
  // Every address must pass: a name with one private answer is refused whole.
  for (const { address } of addresses) assertAddressAllowed(address, options, trusted);
  return { url, addresses };
}
