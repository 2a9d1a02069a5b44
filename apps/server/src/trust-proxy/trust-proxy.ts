/**
 * Who sent a request, when the server sits behind a load balancer: `--trust-proxy` names the
 * proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed. By default nothing is
 * (the client is the socket's address, and the scheme is the socket's), so a client cannot pick
 * its own rate-limit key or claim https. The setting compiles to one function, given to Fastify
 * as `trustProxy` (so `request.ip`, `request.protocol` and `request.hostname` follow it) and used
 * for the raw requests Fastify never sees (the proxy's front door, WebSocket upgrades).
 */

import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { SextantError } from '@sextant/definition/errors';
import type { FastifyInstance } from 'fastify';

/**
 * `--trust-proxy`: `true` (every hop), a hop count (the server is reachable only through that
 * many proxies), or addresses and CIDR ranges (`10.0.0.0/8,fd00::/8`, also `loopback`,
 * `linklocal`, `uniquelocal`), as a list or the flag's comma-separated text. `false`, `0` and
 * `''` trust nothing.
 */
export type TrustProxySetting = boolean | number | string | readonly string[];

/** Whether the address at `hop` (0: the socket's peer) is a proxy whose forwarding headers are believed. */
export type TrustProxyFunction = (address: string, hop: number) => boolean;

/** The `--trust-proxy` value cannot be read. */
export class TrustProxyOptionError extends SextantError<'TrustProxyOptionError'> {
  constructor(readonly entry: string) {
    super(
      'TrustProxyOptionError',
      `--trust-proxy: "${entry}" is not an address, a CIDR range, loopback, linklocal or uniquelocal; ` +
        'give e.g. 10.0.0.0/8,fd00::/8, a hop count such as 1, or true',
      { details: { entry } },
    );
  }
}

/** The ranges proxy-addr names (what operators of Express and Fastify already write). */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function addRange(list: BlockList, entry: string): void {
  const [address = '', prefixText, extra] = entry.split('/');
  const family = isIP(address);
  const max = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (
    family === 0 ||
    extra !== undefined ||
    (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) ||
    prefix > max
  )
    throw new TrustProxyOptionError(entry);
  list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
}

function trustRanges(entries: readonly string[]): TrustProxyFunction {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    for (const range of NAMED_RANGES[entry] ?? [entry]) addRange(list, range);
  }
  // IPv4-mapped IPv6 peers (`::ffff:10.0.0.1`, a dual-stack socket) match IPv4 ranges too.
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The trust function of a setting, or undefined when nothing is trusted (Fastify's default).
 * Throws TrustProxyOptionError for an entry it cannot read, so a typo stops the server at start.
 * @example compileTrustProxy('10.0.0.0/8')?.('10.1.2.3', 0) // true
 */
export function compileTrustProxy(setting: TrustProxySetting | undefined): TrustProxyFunction | undefined {
  if (setting === undefined || setting === false) return undefined;
  if (setting === true) return () => true;
  if (typeof setting === 'number') {
    if (!Number.isSafeInteger(setting) || setting < 0) throw new TrustProxyOptionError(String(setting));
    // Fastify's own hop count trusts nobody (it cannot check the peer): here it means what the
    // operator says, that the server is reachable only through `setting` proxies.
    return setting === 0 ? undefined : (_address, hop) => hop < setting;
  }
  if (typeof setting === 'string') {
    const text = setting.trim().toLowerCase();
    if (text === '' || text === 'false') return undefined;
    if (text === 'true') return () => true;
    if (/^\d+$/.test(text)) return compileTrustProxy(Number(text));
    return trustRanges(text.split(','));
  }
  const entries = setting.map((entry) => entry.trim()).filter((entry) => entry !== '');
  return entries.length === 0 ? undefined : trustRanges(entries);
}

/**
 * The client's address for a raw request: the socket's peer, or, through trusted proxies, the
 * nearest `X-Forwarded-For` entry that is not one of them (what Fastify's `request.ip` is).
 * @example forwardedClientAddress(req, compileTrustProxy('loopback')) // '203.0.113.7'
 */
export function forwardedClientAddress(
  request: IncomingMessage,
  trust: TrustProxyFunction | undefined,
): string {
  const peer = request.socket?.remoteAddress ?? '';
  const header = request.headers['x-forwarded-for'];
  if (!trust || !header) return peer;
  const chain = [
    peer,
    ...String(header)
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
      .reverse(),
  ];
  let hop = 0;
  while (hop < chain.length - 1 && trust(chain[hop] as string, hop)) hop++;
  return chain[hop] as string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The client address of a raw request under the server's `--trust-proxy` (see trust-proxy.ts). */
    clientAddress(request: IncomingMessage): string;
  }
}

/** Decorates `app.clientAddress` (buildServer does, with the function it gave Fastify). */
export function decorateClientAddress(app: FastifyInstance, trust: TrustProxyFunction | undefined): void {
  app.decorate('clientAddress', (request: IncomingMessage) => forwardedClientAddress(request, trust));
}

/**
 * The client address of a raw request on `app`: its `--trust-proxy` rule, or the socket's peer
 * where the server did not set one (a plugin registered alone, in tests).
 */
export function clientAddressOf(app: FastifyInstance, request: IncomingMessage): string {
  return app.hasDecorator('clientAddress')
    ? app.clientAddress(request)
    : (request.socket?.remoteAddress ?? '');
}

/**
 * Whether the reader reached the server over https: the socket is TLS, or a trusted proxy
 * (`--trust-proxy`) says so in `X-Forwarded-Proto`. A client's own `X-Forwarded-Proto` counts
 * for nothing. For the Secure flag of cookies and the scheme of absolute URLs.
 * @example reply.header('set-cookie', `sid=…; HttpOnly${requestIsHttps(request) ? '; Secure' : ''}`)
 */
export function requestIsHttps(request: { readonly protocol: string }): boolean {
  // Fastify reads X-Forwarded-Proto (its last entry: the nearest proxy's) only when the socket's
  // peer is trusted; otherwise this is the socket's own scheme.
  return String(request.protocol ?? '').toLowerCase() === 'https';
}
