/**
 * Where a playground beacon may come from: a page of the site it reports on. Browsers say where
 * a request comes from in `Sec-Fetch-Site` (`same-origin`) and `Origin` (the page's scheme, host
 * and port), and a page cannot forge either, so another site's page (or another tenant's docs on
 * a sibling host, which is `same-site`) cannot make its visitors write this site's analytics. A
 * request with neither header is not a browser's beacon and is refused too.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../error-replies/index.js';

/** A Host header without user info, path, query or fragment. */
const PLAIN_HOST = /^[^/@?#\\\s]+$/;

/** `host:port` of an http(s) URL in canonical form (default port dropped), or undefined. */
function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    if (parsed.username || parsed.password) return undefined;
    return parsed.host;
  } catch {
    return undefined;
  }
}

/** Whether `origin` (an Origin header) names the host the request was sent to (its Host header). */
export function originMatchesHost(origin: string, host: string | undefined): boolean {
  if (!host || !PLAIN_HOST.test(host)) return false;
  const originHost = hostOf(origin);
  if (originHost === undefined || new URL(origin).origin !== origin.toLowerCase()) return false;
  const scheme = origin.slice(0, origin.indexOf(':'));
  return hostOf(`${scheme}://${host}`) === originHost;
}

/**
 * Why a beacon is not from the site's own pages, or undefined when it is.
 * @example beaconOriginProblem({ host: 'docs.acme.com', origin: 'https://evil.example' })
 * // 'it was sent from https://evil.example'
 */
export function beaconOriginProblem(headers: IncomingHttpHeaders): string | undefined {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin')
    return `it was sent from another site (Sec-Fetch-Site: ${String(fetchSite).slice(0, 40)})`;
  const origin = headers.origin;
  if (origin === undefined)
    return fetchSite === undefined ? 'it names no Origin (browsers send one with every beacon)' : undefined;
  if (!originMatchesHost(origin, headers.host)) return `it was sent from ${origin.slice(0, 200)}`;
  return undefined;
}

/**
 * Answers 403 CrossOriginBeaconError when the request is not a beacon of this site's own pages
 * (`subject`: what is refused, with its verb, e.g. "Page feedback is"); undefined when it may go on.
 */
export function refuseForeignBeacon(
  request: FastifyRequest,
  reply: FastifyReply,
  subject: string,
): FastifyReply | undefined {
  const problem = beaconOriginProblem(request.headers);
  if (!problem) return undefined;
  return sendError(
    reply,
    403,
    'CrossOriginBeaconError',
    `${subject} accepted only from this site's own pages, and ${problem}.`,
  );
}
