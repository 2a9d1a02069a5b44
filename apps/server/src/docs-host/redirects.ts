/**
 * Redirects of a docs site (docs.yml `redirects`): exact paths, or prefixes ending in `/*`.
 * A redirect never leaves the site except to its configured absolute destination: a site path
 * goes under the base path with what a URL may not hold percent-encoded, a wildcard's tail is
 * appended encoded segment by segment, and a redirect whose destination breaks the rules of
 * `isSafeRedirectDestination` (stored before the rule, or never checked) is ignored.
 */
import { type DocsRedirect, isSafeRedirectDestination } from '@sextant/definition';
import { encodeUnsafe, isSameSite, sitePathLocation } from './request-path.js';

/** A redirect's answer: a Location that stays on the site or goes to the configured destination. */
export interface RedirectMatch {
  location: string;
  status: 301 | 302;
}

/**
 * Where the decoded site path `path` redirects to, with its status, or undefined.
 * @example matchRedirect([{ source: '/old/*', destination: '/new/*', permanent: true }], '/old/a b', '/docs')
 * // { location: '/docs/new/a%20b', status: 301 }
 */
export function matchRedirect(
  redirects: readonly DocsRedirect[],
  path: string,
  basePath = '',
): RedirectMatch | undefined {
  for (const redirect of redirects) {
    if (!isSafeRedirectDestination(redirect.destination)) continue;
    const status = redirect.permanent ? 301 : 302;
    let rest: string | undefined;
    if (redirect.source.endsWith('/*')) {
      const prefix = redirect.source.slice(0, -2);
      if (path === prefix || path.startsWith(`${prefix}/`)) rest = path.slice(prefix.length);
    } else if (redirect.source.replace(/\/+$/, '') === path.replace(/\/+$/, '')) rest = '';
    if (rest === undefined) continue;
    const location = redirectLocation(basePath, redirect.destination, rest);
    if (location) return { location, status };
  }
  return undefined;
}

/**
 * The Location of a destination (`/new/path`, `/new/*`, `https://…`, `https://…/*`); `rest` is
 * the decoded tail a wildcard source matched, appended only to a wildcard destination. Undefined
 * when it would leave the site or the destination's own origin.
 */
export function redirectLocation(basePath: string, destination: string, rest: string): string | undefined {
  const wildcard = destination.endsWith('/*');
  const target = wildcard ? destination.slice(0, -2) : destination;
  const tail = wildcard && rest.replace(/\/+/g, '') !== '' ? sitePathLocation('', rest) : '';
  if (destination.startsWith('/')) {
    const location = `${basePath}${encodeUnsafe(target)}${tail}`.replace(/^\/{2,}/, '/') || '/';
    return isSameSite(location) ? location : undefined;
  }
  const location = `${encodeUnsafe(target)}${tail}`;
  return sameOrigin(location, destination) ? location : undefined;
}

function sameOrigin(location: string, destination: string): boolean {
  try {
    return new URL(location).origin === new URL(destination).origin;
  } catch {
    return false;
  }
}
