/**
 * Options of the HTTP and WebSocket proxies and their defaults per mode. Hosted mode is safe
 * by default (private targets refused, every cap on); local mode (the desktop context) calls
 * localhost and lifts the per-client caps. `resolveProxyOptions` validates and fills them once.
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import type { ServerMode } from '../options.js';
import { type Allowlist, compileAllowlist, eitherAllowlist } from './allowlist.js';
import { cachingResolver } from './dns-cache.js';

/** Resolves a host name to every address it has (injectable so tests can fake DNS). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** Caps of the HTTP proxy. */
export interface ProxyLimits {
  /** Largest request body forwarded. */
  requestBodyBytes: number;
  /** Largest response body relayed; the stream is cut beyond it. */
  responseBytes: number;
  /** Whole-request deadline (headers and body). */
  durationMs: number;
  /** Longest silence while waiting for headers or between body chunks. */
  idleMs: number;
  /** Requests in flight per client address. */
  concurrencyPerClient: number;
  /** Requests per client address per minute. */
  ratePerMinute: number;
  /** Redirects followed (each checked like the first target). */
  maxRedirects: number;
  /** Largest request body kept (copied while streamed) to send again on a redirect; see redirects.ts. */
  replayBodyBytes: number;
}

/** Caps of the WebSocket proxy. */
export interface WsProxyLimits {
  /** Largest single message, either direction. */
  maxFrameBytes: number;
  /** Close after this long without a message either way. */
  idleMs: number;
  /** Time allowed for the handshake message after the upgrade. */
  handshakeMs: number;
  /** Messages per connection when the sample-session limit is on; absent means unlimited. */
  messageLimit?: number;
  /** Open proxied sockets per client address. */
  connectionsPerClient: number;
}

/** What the proxies accept from the server options (all optional). */
export interface ProxyOptions {
  /** Host patterns (`api.example.com`, `*.example.com`, `host:8443`) that alone may be called; empty = any public host. */
  allowlist?: string[];
  /**
   * Per-request allowlist, e.g. the hosts of the environments of the docs site the request comes
   * from. A list replaces `allowlist` for that request; undefined keeps it.
   */
  allowlistFor?: (request: IncomingMessage) => string[] | undefined | Promise<string[] | undefined>;
  /** `host:port` pairs allowed even though they are private (tests, a trusted sidecar). Never set this from user input. */
  trustedPrivateTargets?: string[];
  /**
   * Only call hosts of the environments (servers) of the API definitions registered in this
   * server's registry, plus `allowlist`. Needs the registry part mounted in the same server.
   */
  allowlistFromRegistry?: boolean;
  /** DNS resolver; defaults to the system resolver. */
  resolver?: Resolver;
  /** How long a DNS answer is reused (ms); 0 resolves on every request. Default 10 s. */
  dnsCacheMs?: number;
  /** Extra CA certificates (PEM) trusted for upstream TLS; verification is never turned off. */
  ca?: string | string[];
  limits?: Partial<ProxyLimits>;
  ws?: Partial<WsProxyLimits>;
}

/** Options after defaults were applied. */
export interface ResolvedProxyOptions {
  mode: ServerMode;
  /** Undefined: any public host. */
  allowlist: Allowlist | undefined;
  trustedPrivateTargets: Set<string>;
  resolver: Resolver;
  ca: string | string[] | undefined;
  limits: ProxyLimits;
  ws: WsProxyLimits;
  allowlistFor:
    | ((request: IncomingMessage) => Allowlist | undefined | Promise<Allowlist | undefined>)
    | undefined;
  allowlistFromRegistry: boolean;
}

const HOSTED_LIMITS: ProxyLimits = {
  requestBodyBytes: 10 * 1024 * 1024,
  responseBytes: 50 * 1024 * 1024,
  durationMs: 60_000,
  idleMs: 20_000,
  concurrencyPerClient: 8,
  ratePerMinute: 120,
  maxRedirects: 5,
  replayBodyBytes: 1024 * 1024,
};

const LOCAL_LIMITS: ProxyLimits = {
  requestBodyBytes: 1024 * 1024 * 1024,
  responseBytes: Number.POSITIVE_INFINITY,
  durationMs: 10 * 60_000,
  idleMs: 5 * 60_000,
  concurrencyPerClient: Number.POSITIVE_INFINITY,
  ratePerMinute: Number.POSITIVE_INFINITY,
  maxRedirects: 10,
  replayBodyBytes: 1024 * 1024,
};

const WS_DEFAULTS: WsProxyLimits = {
  maxFrameBytes: 1024 * 1024,
  idleMs: 5 * 60_000,
  handshakeMs: 10_000,
  connectionsPerClient: Number.POSITIVE_INFINITY,
};
const WS_HOSTED: Partial<WsProxyLimits> = { connectionsPerClient: 8 };

/** The system resolver: every address, in the order the OS returns them. */
export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Applies the mode's defaults and validates the caps.
 * @example resolveProxyOptions('hosted', { allowlist: ['api.example.com'] }).limits.ratePerMinute // 120
 */
export function resolveProxyOptions(mode: ServerMode, options: ProxyOptions = {}): ResolvedProxyOptions {
  const limits = { ...(mode === 'local' ? LOCAL_LIMITS : HOSTED_LIMITS), ...options.limits };
  for (const [name, value] of Object.entries(limits)) {
    if (!(typeof value === 'number' && value >= 0))
      throw new TypeError(`proxy limit ${name} must be a number ≥ 0`);
  }
  const dnsCacheMs = options.dnsCacheMs ?? 10_000;
  if (!(dnsCacheMs >= 0)) throw new TypeError('proxy dnsCacheMs must be a number ≥ 0');
  const entries = options.allowlist ?? [];
  return {
    mode,
    allowlist: entries.some((entry) => entry.trim()) ? compileAllowlist(entries) : undefined,
    trustedPrivateTargets: new Set((options.trustedPrivateTargets ?? []).map((entry) => entry.toLowerCase())),
    resolver: cachingResolver(options.resolver ?? systemResolver, dnsCacheMs),
    ca: options.ca,
    limits,
    allowlistFor: options.allowlistFor ? compiledHook(options.allowlistFor) : undefined,
    allowlistFromRegistry: options.allowlistFromRegistry === true,
    ws: { ...WS_DEFAULTS, ...(mode === 'hosted' ? WS_HOSTED : {}), ...options.ws },
  };
}

/** Wraps a per-request hook that returns host patterns so each distinct list is compiled once. */
function compiledHook(hook: NonNullable<ProxyOptions['allowlistFor']>): ResolvedProxyOptions['allowlistFor'] {
  const compiled = new WeakMap<string[], Allowlist>();
  return async (request) => {
    const list = await hook(request);
    if (!list) return undefined;
    let allowlist = compiled.get(list);
    if (!allowlist) {
      allowlist = compileAllowlist(list);
      compiled.set(list, allowlist);
    }
    return allowlist;
  };
}

/**
 * Adds a server-wide list (the registry's environments) to the options: it is consulted for
 * every request, together with the static `allowlist` (either admits a host).
 */
export function withAllowlist(options: ResolvedProxyOptions, extra: Allowlist): ResolvedProxyOptions {
  const allowlist = options.allowlist ? eitherAllowlist(options.allowlist, extra) : extra;
  return { ...options, allowlist };
}

/**
 * The options for one request: the per-request allowlist applied when the hook gives one.
 * Synchronous without a hook, so the common path adds no promise.
 */
export function optionsForRequest(
  options: ResolvedProxyOptions,
  request: IncomingMessage,
): ResolvedProxyOptions | Promise<ResolvedProxyOptions> {
  const hook = options.allowlistFor;
  if (!hook) return options;
  return Promise.resolve(hook(request)).then((allowlist) =>
    allowlist ? { ...options, allowlist } : options,
  );
}
