/**
 * The console host: tenant content and the console live on separate origins. In hosted mode the
 * console (the dashboard, every call authenticated by its session cookie, `/metrics`) answers
 * only on the server's own console host (`--console-host`), a name no organization's docs are
 * served on; on every other host the dashboard does not exist and a session cookie is ignored
 * (bearer-token calls to the registry work on any host: the CLI publishes to the registry URL).
 * Cookies ignore ports, so the console is its host name on every port. Without a console host,
 * hosted mode has no console: every host may be an organization's. Local mode (`sextant dev`:
 * one author, one origin) serves the console on every host, as before.
 */

import type { IncomingHttpHeaders } from 'node:http';
import { SextantError } from '@sextant/definition/errors';
import { sessionIdOf } from '../dashboard/index.js';
import type { ServerMode } from '../options.js';
import { requestIsHttps } from '../trust-proxy/index.js';

/** `--console-host` cannot be used: malformed, or a host tenants may be served on. */
export class ConsoleHostOptionError extends SextantError<'ConsoleHostOptionError'> {
  constructor(message: string) {
    super('ConsoleHostOptionError', message);
  }
}

/** A host name (labels of letters, digits and hyphens), an IPv4 address, or a bracketed IPv6 one. */
const HOST_NAME =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/**
 * Reads `--console-host`: a host name or address without scheme, port or path, lower-cased,
 * its trailing dot dropped. ConsoleHostOptionError names the fix otherwise.
 * @example parseConsoleHost('Console.Sextant.Example.') // 'console.sextant.example'
 */
export function parseConsoleHost(value: string): string {
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  if (!HOST_NAME.test(host))
    throw new ConsoleHostOptionError(
      `--console-host: "${value}" is not a host name; give the name the console is reached at, without scheme, port or path (e.g. console.sextant.example)`,
    );
  return host;
}

/**
 * The host name of a Host header: lower case, without its port; undefined when absent or
 * malformed. A trailing dot is kept: `console.example.` is another origin (and cookie jar).
 * @example hostNameOf('Console.Example:8443') // 'console.example'
 */
export function hostNameOf(header: string | undefined): string | undefined {
  const host = header?.trim().toLowerCase();
  if (!host) return undefined;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/.exec(host);
  return match?.[1];
}

/** Where hosted docs may be served: what the console host must not be. */
export interface TenantHosts {
  /** Operator-approved docs hosts (`--allow-domain`, entries may carry a port). */
  allowDomains?: readonly string[];
  /** Host suffix of preview docs URLs (default `preview.localhost`). */
  previewDomain?: string;
}

/**
 * Why `consoleHost` cannot be the console, or undefined: it must not be a host an organization
 * may be served on (an approved docs host on any port, or a name under the preview domain).
 */
export function consoleHostConflict(consoleHost: string, tenants: TenantHosts): string | undefined {
  for (const entry of (tenants.allowDomains ?? []).flatMap((item) => item.split(','))) {
    if (hostNameOf(entry)?.replace(/\.$/, '') === consoleHost)
      return `--console-host "${consoleHost}" is also approved as a docs host (--allow-domain ${entry.trim()}): the console needs a host no organization is served on`;
  }
  const preview = (tenants.previewDomain ?? 'preview.localhost').toLowerCase().replace(/\.$/, '');
  if (consoleHost === preview || consoleHost.endsWith(`.${preview}`))
    return `--console-host "${consoleHost}" is under the preview domain "${preview}", where organizations' previews are served: pick a host outside it`;
  return undefined;
}

/** What the server asks of the console host; see createConsoleGate. */
export interface ConsoleGate {
  readonly mode: ServerMode;
  /** The console's host name (hosted mode); undefined in local mode or when there is no console. */
  readonly host: string | undefined;
  /** Whether there is a console at all (local mode; hosted mode with a console host). */
  readonly enabled: boolean;
  /** Whether the console answers this request: local mode always; hosted mode on the console host only. */
  serves(request: { headers: IncomingHttpHeaders }): boolean;
  /**
   * Hosted mode: whether a Host header names the console host, on any port, with or without a
   * trailing dot (as the registry reads docs hosts). The docs host serves no site there.
   */
  isConsoleHostHeader(header: string | undefined): boolean;
  /**
   * Fastify route constraints that mount a console route on the console host only (other hosts
   * fall through to the docs host); `{}` in local mode, where the console is everywhere.
   */
  routeConstraints(): { host?: RegExp };
  /**
   * The dashboard session a request carries: read where the console answers only (elsewhere a
   * session cookie is ignored), from the cookie of the request's scheme (`__Host-` over https).
   */
  sessionIdOf(request: { headers: IncomingHttpHeaders; protocol: 'http' | 'https' }): string | undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The console gate of a server: `consoleHost` (already parsed, see parseConsoleHost) in hosted
 * mode; ignored in local mode.
 * @example createConsoleGate({ mode: 'hosted', consoleHost: 'console.example' }).serves({ headers: { host: 'docs.acme.com' } }) // false
 */
export function createConsoleGate(options: {
  mode: ServerMode;
  consoleHost?: string | undefined;
}): ConsoleGate {
  const session = (request: { headers: IncomingHttpHeaders; protocol: 'http' | 'https' }) =>
    // https: a TLS socket, or X-Forwarded-Proto from a proxy trusted by --trust-proxy.
    sessionIdOf(request.headers, requestIsHttps(request));
  if (options.mode === 'local')
    return {
      mode: 'local',
      host: undefined,
      enabled: true,
      serves: () => true,
      isConsoleHostHeader: () => false,
      routeConstraints: () => ({}),
      sessionIdOf: session,
    };
  const host = options.consoleHost === undefined ? undefined : parseConsoleHost(options.consoleHost);
  // Never matches without a console host: a console route exists on no host.
  const pattern = host === undefined ? /(?!)/ : new RegExp(`^${escapeRegExp(host)}(?::\\d{1,5})?$`, 'i');
  const serves = (request: { headers: IncomingHttpHeaders }) =>
    host !== undefined && hostNameOf(request.headers.host) === host;
  return {
    mode: 'hosted',
    host,
    enabled: host !== undefined,
    serves,
    isConsoleHostHeader: (header) => host !== undefined && hostNameOf(header)?.replace(/\.$/, '') === host,
    routeConstraints: () => ({ host: pattern }),
    sessionIdOf: (request) => (serves(request) ? session(request) : undefined),
  };
}
