/**
 * Header rules of the HTTP proxy. Upstream gets only the headers the playground names in
 * `X-Sextant-Proxy-Request-Headers` (plus the body's own Content-Type / Content-Length),
 * never the reader's cookies, hop-by-hop or forwarding headers; the playground's cookie parameters
 * arrive as `X-Sextant-Proxy-Cookie` and go upstream as `Cookie`. The reader gets the upstream headers minus
 * hop-by-hop, cookies and CORS/CSP ones, plus the proxy's own: the list of upstream header
 * names, the exposed-headers list and the origin latency.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { REQUEST_ID_HEADER } from '../request-id.js';

/** Request header naming the user headers to forward (comma-separated). */
export const PROXY_REQUEST_HEADERS = 'x-sextant-proxy-request-headers';
/**
 * The `Cookie` value the playground built from the endpoint's cookie parameters (a browser
 * cannot set `Cookie`, and the docs origin's own cookies must never go upstream): sent upstream
 * as `Cookie`, never under this name.
 */
export const PROXY_COOKIE = 'x-sextant-proxy-cookie';
/** Response header listing the upstream response header names (comma-separated). */
export const PROXY_RESPONSE_HEADERS = 'x-sextant-proxy-response-headers';
/** Response header with the time from sending upstream to its response headers, in ms. */
export const PROXY_ORIGIN_LATENCY = 'x-sextant-proxy-origin-latency';
/** Response header on a redirect handed back instead of followed: why (see redirects.ts). */
export const PROXY_REDIRECT_NOT_FOLLOWED = 'x-sextant-proxy-redirect-not-followed';
/**
 * The Location of a redirect handed back. It travels under this name because a browser's fetch
 * follows any 301/302/303/307/308 that carries a Location, straight to the upstream and around the
 * proxy; without one, fetch hands the redirect to the playground as an ordinary response.
 */
export const PROXY_LOCATION = 'x-sextant-proxy-location';
/**
 * The upstream's Set-Cookie values, each URI-encoded, comma-separated. Under this name the browser
 * stores nothing on the docs origin; the playground only shows them (issue #28).
 */
export const PROXY_SET_COOKIE = 'x-sextant-proxy-set-cookie';
/** The URL that answered, after the redirects the proxy followed. */
export const PROXY_FINAL_URL = 'x-sextant-proxy-final-url';
/** The redirects the proxy followed: `status url` pairs (URL URI-encoded), comma-separated. */
export const PROXY_REDIRECTS = 'x-sextant-proxy-redirects';

/** Where an answer came from: the URL that answered and the redirects followed to it. */
export interface AnswerTrail {
  finalUrl: string;
  redirects: { status: number; url: string }[];
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);

/** Request headers never forwarded, whatever the list says. */
const NEVER_FORWARD = new Set([
  ...HOP_BY_HOP,
  'host',
  'cookie',
  'cookie2',
  'content-length',
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'expect',
  'origin',
  'referer',
  PROXY_REQUEST_HEADERS,
]);

/** Response headers never relayed: hop-by-hop, cookies and the proxy's own CORS / CSP decisions. */
const NEVER_RELAY = new Set([
  ...HOP_BY_HOP,
  'set-cookie',
  'set-cookie2',
  'content-length',
  'content-security-policy',
  'content-security-policy-report-only',
  'strict-transport-security',
  'alt-svc',
  'public-key-pins',
  'clear-site-data',
]);

/** Header names that carry credentials, dropped on a cross-origin redirect. */
const CREDENTIAL_NAME = /^(authorization|proxy-authorization|cookie)$|api[-_]?key|token|secret|auth/i;

/** True when a header name is one of the forwarding family (`x-forwarded-*` etc.). */
function isForwarding(name: string): boolean {
  return name.startsWith('x-forwarded-') || name.startsWith('x-sextant-');
}

/** True when a user header may be sent upstream (not hop-by-hop, cookie, host or forwarding). */
export function isForwardableRequestHeader(name: string): boolean {
  return !NEVER_FORWARD.has(name) && !isForwarding(name) && !name.startsWith('sec-websocket-');
}

/**
 * Picks the upstream request headers from the incoming ones.
 * @example upstreamRequestHeaders({ 'x-sextant-proxy-request-headers': 'X-Api-Key', 'x-api-key': 'k', cookie: 'c' })
 * // { 'x-api-key': 'k' }
 * @example upstreamRequestHeaders({ 'x-sextant-proxy-cookie': 'a=1', cookie: 'docs=1' }) // { cookie: 'a=1' }
 */
export function upstreamRequestHeaders(incoming: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const listed = incoming[PROXY_REQUEST_HEADERS];
  if (listed !== undefined) {
    for (const raw of (Array.isArray(listed) ? listed.join(',') : listed).split(',')) {
      const name = raw.trim().toLowerCase();
      if (name && isForwardableRequestHeader(name)) copyHeader(incoming, name, out);
    }
  }
  const cookie = incoming[PROXY_COOKIE];
  if (typeof cookie === 'string' && cookie !== '') out.cookie = cookie;
  copyHeader(incoming, 'content-type', out);
  copyHeader(incoming, 'content-encoding', out);
  // The request's id (request-id.ts settles one on every request): the API's logs match ours.
  copyHeader(incoming, REQUEST_ID_HEADER, out);
  return out;
}

function copyHeader(incoming: IncomingHttpHeaders, name: string, out: Record<string, string>): void {
  const value = incoming[name];
  if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
}

/** Removes credential headers (for a redirect to another origin). */
export function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!CREDENTIAL_NAME.test(name)) out[name] = value;
  return out;
}

/** The proxy's own names at the end of every Access-Control-Expose-Headers list. */
const OWN_EXPOSED = `${PROXY_RESPONSE_HEADERS},${PROXY_ORIGIN_LATENCY}`;

/**
 * Builds the reader's response headers from the upstream ones (one pass, no intermediate arrays:
 * this runs once per proxied response). `notFollowed`: why a redirect was not followed.
 * @example readerResponseHeaders({ 'content-type': 'application/json', 'set-cookie': ['a=1'] }, 12.5)
 */
export function readerResponseHeaders(
  upstream: Record<string, string | string[] | undefined>,
  latencyMs: number,
  notFollowed?: string,
  trail?: AnswerTrail,
): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  let names = '';
  for (const name in upstream) {
    const value = upstream[name];
    if (value === undefined) continue;
    // undici hands over lower-case names; the check keeps this safe for any other source.
    const lower = isLowerCase(name) ? name : name.toLowerCase();
    // `x-sextant-*` is the proxy's voice (e.g. x-sextant-proxy-error): an upstream cannot speak for it.
    if (NEVER_RELAY.has(lower) || lower.startsWith('access-control-') || lower.startsWith('x-sextant-'))
      continue;
    if (notFollowed !== undefined && lower === 'location') {
      out[PROXY_LOCATION] = value;
      continue;
    }
    out[lower] = value;
    names = names ? `${names},${lower}` : lower;
  }
  // undici does not decode bodies, so the length matches the bytes relayed.
  const length = upstream['content-length'];
  if (length !== undefined) {
    out['content-length'] = String(length);
    names = names ? `${names},content-length` : 'content-length';
  }
  out[PROXY_RESPONSE_HEADERS] = names;
  out[PROXY_ORIGIN_LATENCY] = latencyMs.toFixed(2);
  out['access-control-allow-origin'] = '*';
  out.vary = 'Origin';
  out['access-control-expose-headers'] = names ? `${names},${OWN_EXPOSED}` : OWN_EXPOSED;
  if (notFollowed !== undefined) {
    out[PROXY_REDIRECT_NOT_FOLLOWED] = notFollowed;
    out['access-control-expose-headers'] +=
      out[PROXY_LOCATION] === undefined
        ? `,${PROXY_REDIRECT_NOT_FOLLOWED}`
        : `,${PROXY_REDIRECT_NOT_FOLLOWED},${PROXY_LOCATION}`;
  }
  // A proxied document must never run as the docs origin if someone navigates to it.
  out['content-security-policy'] = "sandbox; default-src 'none'";
  out['x-content-type-options'] = 'nosniff';
  addAnswerTrail(out, upstream['set-cookie'], trail);
  return out;
}

/** The cookies the upstream set and where the answer came from, under the proxy's own names. */
function addAnswerTrail(
  out: OutgoingHttpHeaders,
  setCookie: string | string[] | undefined,
  trail: AnswerTrail | undefined,
): void {
  let exposed = '';
  if (setCookie !== undefined) {
    out[PROXY_SET_COOKIE] = Array.isArray(setCookie)
      ? setCookie.map(encodeURIComponent).join(',')
      : encodeURIComponent(setCookie);
    exposed += `,${PROXY_SET_COOKIE}`;
  }
  if (trail) {
    // A URL's href is ASCII with no control characters: a valid header value as it is.
    out[PROXY_FINAL_URL] = trail.finalUrl;
    exposed += `,${PROXY_FINAL_URL}`;
    if (trail.redirects.length > 0) {
      out[PROXY_REDIRECTS] = trail.redirects
        .map((hop) => `${hop.status} ${encodeURIComponent(hop.url)}`)
        .join(',');
      exposed += `,${PROXY_REDIRECTS}`;
    }
  }
  if (exposed) out['access-control-expose-headers'] += exposed;
}

/** True when `name` has no ASCII upper-case letter. */
function isLowerCase(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code >= 65 && code <= 90) return false;
  }
  return true;
}

/** The CORS headers of every proxy answer. No credentials: the proxy never carries ambient cookies. */
export function corsHeaders(): OutgoingHttpHeaders {
  return { 'access-control-allow-origin': '*', vary: 'Origin' };
}

/** The answer to a CORS preflight: any method and the requested headers, cached 10 minutes. */
export function preflightHeaders(incoming: IncomingHttpHeaders): OutgoingHttpHeaders {
  const requested = incoming['access-control-request-headers'];
  return {
    ...corsHeaders(),
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': typeof requested === 'string' && requested ? requested : '*',
    'access-control-max-age': '600',
    'content-length': '0',
  };
}
