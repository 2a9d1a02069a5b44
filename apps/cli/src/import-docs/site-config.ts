/**
 * Site settings both Mintlify and Fern have, in their docs.yml form: colours, logo and favicon
 * files, links, redirects (path-to-regexp patterns become docs.yml's exact paths and `/*`
 * prefixes), social links.
 */
import { isCssColor, isRedirectSource, isSafeLinkHref, isSafeRedirectDestination } from '@sextant/definition';
import type { DocsYmlDraft, ThemedColorDraft } from './draft.js';
import type { PageCopier } from './page-copier.js';
import { list, record, type SourceTree, text } from './source-tree.js';

/** Where a setting came from, for messages. */
export interface Origin {
  tree: SourceTree;
  /** The config file (tree path). */
  file: string;
}

/** A colour docs.yml accepts, or undefined (logged). */
export function cssColor(origin: Origin, item: string, value: unknown): string | undefined {
  const colour = text(value);
  if (colour === undefined) return undefined;
  if (isCssColor(colour)) return colour;
  origin.tree.report(origin.file, item, `"${colour}" is not a CSS colour docs.yml accepts`);
  return undefined;
}

/** A colour that is either one value or `{ light, dark }`. */
export function themedColor(origin: Origin, item: string, value: unknown): ThemedColorDraft | undefined {
  const themed = record(value);
  if (!themed) return cssColor(origin, item, value);
  const light = cssColor(origin, `${item}.light`, themed.light);
  const dark = cssColor(origin, `${item}.dark`, themed.dark);
  if (light === undefined && dark === undefined) return undefined;
  return { ...(light ? { light } : {}), ...(dark ? { dark } : {}) };
}

/**
 * A file setting (logo, favicon, stylesheet): an https URL as it is, or a file of the source
 * (root-absolute or relative to `relativeTo`), copied; undefined (logged) otherwise.
 */
export function assetFile(
  origin: Origin,
  copier: PageCopier,
  item: string,
  value: unknown,
  relativeTo = origin.file,
): string | undefined {
  const path = text(value);
  if (path === undefined) return undefined;
  if (/^https:\/\//i.test(path)) return path;
  const inside = path.startsWith('/') ? origin.tree.inside(path) : origin.tree.relative(relativeTo, path);
  if (inside === undefined || !origin.tree.isFile(inside)) {
    origin.tree.report(
      origin.file,
      item,
      `"${path}" is not a file of the source (or an https URL): left out`,
    );
    return undefined;
  }
  copier.copyFile(inside);
  return inside;
}

/** A link href docs.yml accepts, or undefined (logged). */
export function linkHref(origin: Origin, item: string, value: unknown): string | undefined {
  const href = text(value);
  if (href === undefined) {
    origin.tree.report(origin.file, item, 'a link without a URL: left out');
    return undefined;
  }
  if (isSafeLinkHref(href)) return href;
  origin.tree.report(
    origin.file,
    item,
    `"${href}" is not a link docs.yml accepts (http(s), mailto:, site paths)`,
  );
  return undefined;
}

/**
 * A path-to-regexp source or destination in docs.yml's form: exact, or a prefix `/old/*`
 * (a trailing `/:slug*`, `/:path*`, `/*` or `/(.*)`). Undefined when it has any other pattern.
 * @example redirectPattern('/docs/:slug*') // '/docs/*'
 */
export function redirectPattern(path: string): string | undefined {
  const prefix = path.replace(/\/(?::\w+[*+]|\*|\(\.\*\))$/, '/*');
  const body = prefix.endsWith('/*') ? prefix.slice(0, -2) : prefix;
  return /[:*()?+]/.test(body) ? undefined : prefix;
}

/**
 * Redirects in docs.yml's form, permanent unless `permanent: false` (Mintlify and Fern answer
 * 308 by default); ones with patterns docs.yml cannot express are logged.
 * @example redirects(origin, 'redirects', [{ source: '/old/:slug*', destination: '/new/:slug*' }])
 * // [{ source: '/old/*', destination: '/new/*', permanent: true }]
 */
export function redirects(origin: Origin, item: string, value: unknown): DocsYmlDraft['redirects'] {
  const out: NonNullable<DocsYmlDraft['redirects']> = [];
  for (const [index, entry] of list(value).entries()) {
    const redirect = record(entry);
    const at = `${item}[${index}]`;
    const source = text(redirect?.source);
    const destination = text(redirect?.destination);
    if (!source || !destination) {
      origin.tree.report(origin.file, at, 'a redirect needs a source and a destination: left out');
      continue;
    }
    const from = redirectPattern(source.startsWith('/') ? source : `/${source}`);
    const external = /^https?:\/\//i.test(destination);
    const to = external
      ? destination.replace(/\/(?::\w+[*+]|\(\.\*\))$/, '/*')
      : redirectPattern(destination.startsWith('/') ? destination : `/${destination}`);
    if (!from || !to || (!external && /[:()]/.test(to)) || (to.endsWith('/*') && !from.endsWith('/*'))) {
      origin.tree.report(
        origin.file,
        at,
        `"${source}" → "${destination}": docs.yml redirects are exact paths or "/prefix/*" wildcards, not other patterns`,
      );
      continue;
    }
    if (!isRedirectSource(from) || !isSafeRedirectDestination(to)) {
      origin.tree.report(
        origin.file,
        at,
        `"${source}" → "${destination}" is not a redirect docs.yml accepts`,
      );
      continue;
    }
    out.push({ source: from, destination: to, permanent: redirect?.permanent !== false });
  }
  return out.length > 0 ? out : undefined;
}

/** Social networks by the names Mintlify and Fern use. */
const SOCIAL_NAMES: Record<string, string> = {
  twitter: 'x',
  'x-twitter': 'x',
  website: 'website',
  web: 'website',
};

/** `{ github: url, x: url }` (or Mintlify's older `[{ type, url }]`) as footer social links. */
export function socials(origin: Origin, item: string, value: unknown): { type: string; href: string }[] {
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((entry) => [text(record(entry)?.type) ?? '', record(entry)?.url])
    : Object.entries(record(value) ?? {});
  const out: { type: string; href: string }[] = [];
  for (const [name, url] of entries) {
    const href = linkHref(origin, `${item}.${name}`, url);
    if (href) out.push({ type: SOCIAL_NAMES[name.toLowerCase()] ?? name.toLowerCase(), href });
  }
  return out;
}
