/**
 * The keep-alive undici Agent the proxy sends through. Its `connect.lookup` resolves the host
 * with the proxy's resolver and checks every address again at connect time, then hands the
 * checked address to the socket: the connection goes to exactly the address that passed, so
 * DNS rebinding between check and connect cannot reach a private address. SNI and Host keep
 * the original name; TLS verification stays on (extra CAs can only be added).
 */
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { ProxyError } from './errors.js';
import type { ResolvedProxyOptions } from './options.js';
import { assertAddressAllowed, isLocalhostName } from './target-guard.js';

/** A lookup for `net.connect` that only yields addresses the proxy may call. */
export function guardedLookup(options: ResolvedProxyOptions): LookupFunction {
  const trustedHosts = new Set([...options.trustedPrivateTargets].map((entry) => entry.replace(/:\d+$/, '')));
  return (hostname, lookupOptions, callback) => {
    const name = hostname.replace(/\.$/, '').toLowerCase();
    const trusted = trustedHosts.has(name);
    const done = (error: Error | null, addresses: LookupAddress[]) => {
      const all = (lookupOptions as { all?: boolean }).all === true;
      const first = addresses[0];
      if (error || !first) {
        const failure = error ?? new ProxyError('ProxyTargetUnresolvedError', hostname);
        if (all) (callback as (e: Error, a: LookupAddress[]) => void)(failure, []);
        else callback(failure as NodeJS.ErrnoException, '', 0);
        return;
      }
      if (all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    };
    if (options.mode === 'hosted' && !trusted && isLocalhostName(name)) {
      done(new ProxyError('ProxyTargetLocalhostError'), []);
      return;
    }
    options.resolver(name).then(
      (addresses) => {
        try {
          for (const { address } of addresses) assertAddressAllowed(address, options, trusted);
          const family = (lookupOptions as { family?: number | string }).family;
          const wanted = family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0;
          done(null, wanted ? addresses.filter((entry) => entry.family === wanted) : addresses);
        } catch (error) {
          done(error as Error, []);
        }
      },
      (error: Error) => done(error, []),
    );
  };
}

/**
 * Creates the proxy's upstream dispatcher.
 * @example const agent = createUpstreamAgent(resolveProxyOptions('hosted'));
 */
export function createUpstreamAgent(options: ResolvedProxyOptions): Agent {
  return new Agent({
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connections: 256,
    pipelining: 1,
    headersTimeout: options.limits.idleMs,
    bodyTimeout: options.limits.idleMs,
    connect: {
      lookup: guardedLookup(options),
      rejectUnauthorized: true,
      ...(options.ca ? { ca: options.ca } : {}),
      timeout: Math.min(options.limits.idleMs, 10_000),
    },
  });
}
