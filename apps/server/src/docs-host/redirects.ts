/** Redirects of a docs site (docs.yml `redirects`): exact paths, or prefixes ending in `/*`. */
import type { DocsRedirect } from '@sextant/definition';

/** Where `path` redirects to, with its status, or undefined. */
export function matchRedirect(
  redirects: DocsRedirect[],
  path: string,
): { location: string; status: 301 | 302 } | undefined {
  for (const redirect of redirects) {
    const status = redirect.permanent ? 301 : 302;
    if (redirect.source.endsWith('/*')) {
      const prefix = redirect.source.slice(0, -2);
      if (path === prefix || path.startsWith(`${prefix}/`)) {
        const rest = path.slice(prefix.length);
        const location = redirect.destination.endsWith('/*')
          ? `${redirect.destination.slice(0, -2)}${rest}`
          : redirect.destination;
        return { location, status };
      }
    } else if (redirect.source.replace(/\/+$/, '') === path.replace(/\/+$/, '')) {
      return { location: redirect.destination, status };
    }
  }
  return undefined;
}
