/**
 * Where a link of a markdown page leads on its site. Authors link pages by their files, as
 * their editor and GitHub show them (`guides/auth.md`, `./pagination.mdx#cursors`,
 * `../intro.md`, relative to the page's own file), or by site path (`/guides/auth`); either
 * becomes the page's URL under the site's base path, its anchor mapped to the heading id the
 * renderer gave (`heading-anchors.ts`). A link to a page, file or heading the site does not have
 * is a problem: `sextant dev` warns, `sextant publish` and `sextant check` refuse.
 * External links (`https:`, `mailto:`, `//host`) and links to other files stay as written.
 */
import { posix } from 'node:path';
import {
  type DocsDefinition,
  indexNavigation,
  type MarkdownPage,
  type NavItem,
  type RoutableNavItem,
} from '@sextant/definition';
import { resolveProjectPath } from '../markdown-files.js';

/** What resolving a link found: the URL to write (when it changes), and what is wrong with it. */
export interface LinkResolution {
  /** The URL the rendered page links to; undefined keeps the link as written. */
  href?: string;
  /** Why the link leads nowhere (a missing page, file or heading). */
  problem?: string;
}

/** The page a link is written on. */
export interface LinkOrigin {
  slug: string;
  /** Its file in the project (`pages/guides/intro.md`); relative links resolve against it. */
  sourcePath?: string;
}

/** Paths every site serves beside its pages (relative to the base path). */
const SITE_FILES = new Set(['llms.txt', 'llms-full.txt', 'sitemap.xml', 'robots.txt', 'favicon.ico']);
const PAGE_FILE = /\.mdx?$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The pages of a docs definition, by slug and by source file, and the anchors of each markdown
 * page (from `anchorsOf`, which renders it: see `site-links.ts`).
 */
export class LinkIndex {
  readonly bySlug: Map<string, { item: RoutableNavItem }>;
  private readonly bySource = new Map<string, MarkdownPage>();

  constructor(
    readonly definition: Pick<DocsDefinition, 'navigation' | 'pages' | 'homeSlug' | 'config' | 'versions'>,
    private readonly anchorsOf: (page: MarkdownPage) => ReadonlyMap<string, string> | undefined,
  ) {
    // Every version's pages (their slugs carry the version's prefix: `v1/guides/auth`).
    this.bySlug = indexNavigation(siteNavigation(definition));
    for (const page of Object.values(definition.pages))
      if (page.sourcePath) this.bySource.set(posix.normalize(page.sourcePath), page);
  }

  /** The markdown page made from the project file `path`. */
  pageFromFile(path: string): MarkdownPage | undefined {
    return this.bySource.get(posix.normalize(path));
  }

  /** The markdown page at `slug` ('' is the home page), if the item there is one. */
  markdownPageAt(slug: string): MarkdownPage | undefined {
    const item = this.bySlug.get(slug || this.definition.homeSlug)?.item;
    return item?.type === 'page' ? this.definition.pages[item.pageId] : undefined;
  }

  /** Whether `slug` names a page of the site ('' is the home page). */
  hasPage(slug: string): boolean {
    return slug === '' || this.bySlug.has(slug);
  }

  /** Whether the site serves `path` (no leading `/`) other than as a page: `.md` variants, llms.txt, its files, redirects. */
  servesPath(path: string): boolean {
    if (SITE_FILES.has(path) || path.startsWith('_sextant/')) return true;
    if (path === 'index.md' || (path.endsWith('.md') && this.bySlug.has(path.slice(0, -3)))) return true;
    // A stored definition may lack what docs.yml always has: read it defensively.
    return (this.definition.config.redirects ?? []).some(({ source }) =>
      source.endsWith('*')
        ? `/${path}`.startsWith(source.slice(0, -1))
        : `/${path}` === source.replace(/\/+$/, ''),
    );
  }

  /** The anchor map of the markdown page at `slug`, when it is one. */
  anchors(slug: string): { page: MarkdownPage; anchors: ReadonlyMap<string, string> } | undefined {
    const page = this.markdownPageAt(slug);
    const anchors = page && this.anchorsOf(page);
    return page && anchors ? { page, anchors } : undefined;
  }
}

/**
 * The navigation of every version of a site: the default's (`navigation`), then each other
 * version's, whose slugs start with its prefix.
 */
export function siteNavigation(definition: Pick<DocsDefinition, 'navigation' | 'versions'>): NavItem[] {
  const others = (definition.versions ?? []).flatMap((version) =>
    version.default ? [] : (version.navigation ?? []),
  );
  return others.length ? [...definition.navigation, ...others] : definition.navigation;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `url` split into path, `?query` and `#fragment` (each '' when absent). */
function splitUrl(url: string): { path: string; query: string; fragment: string } {
  const match = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url) ?? [];
  return { path: match[1] ?? '', query: match[2] ?? '', fragment: match[3] ?? '' };
}

/** The page's URL with the anchor mapped to its heading id; a problem when the heading is missing. */
function pageLink(
  index: LinkIndex,
  slug: string,
  query: string,
  fragment: string,
  basePath: string,
  written: string,
): LinkResolution {
  const url = `${basePath}/${slug}${query}`;
  if (!fragment || fragment === '#') return { href: `${url}${fragment}` };
  const name = decode(fragment.slice(1));
  const target = index.anchors(slug);
  if (!target) return { href: `${url}${fragment}` };
  const id = target.anchors.get(name);
  if (id) return { href: `${url}#${encodeURIComponent(id)}` };
  const where = target.page.sourcePath ?? `/${slug}`;
  return { href: `${url}${fragment}`, problem: `"${written}": ${where} has no heading "#${name}"` };
}

/**
 * Resolves one link written on the page `from`, for a site under `basePath` ('' or '/docs').
 * @example resolveLink(index, { slug: 'intro', sourcePath: 'pages/intro.md' }, 'guides/auth.md#tokens', '')
 * // { href: '/guides/auth#h-tokens' }
 */
export function resolveLink(
  index: LinkIndex,
  from: LinkOrigin,
  written: string,
  basePath = '',
): LinkResolution {
  const url = written.trim();
  if (!url || SCHEME.test(url) || url.startsWith('//') || url.startsWith('\\')) return {};
  const { path, query, fragment } = splitUrl(url);

  if (path === '') {
    // Same page: `#anchor` (the sanitiser maps `#setup` to `#h-setup`; other spellings map here).
    if (!fragment || fragment === '#') return {};
    const name = decode(fragment.slice(1));
    const own = index.anchors(from.slug);
    if (!own) return {};
    const id = own.anchors.get(name);
    return id
      ? { href: `${query}#${encodeURIComponent(id)}` }
      : { problem: `"${written}": this page has no heading "#${name}"` };
  }

  if (path.startsWith('/')) {
    let rel = decode(path);
    if (basePath && (rel === basePath || rel.startsWith(`${basePath}/`))) rel = rel.slice(basePath.length);
    const slug = rel.replace(/^\/+|\/+$/g, '');
    if (index.hasPage(slug)) return pageLink(index, slug, query, fragment, basePath, written);
    if (index.servesPath(slug))
      return basePath && !path.startsWith(`${basePath}/`) ? { href: `${basePath}${url}` } : {};
    return { problem: `"${written}" is not a page of this site (no page has the slug "${slug}")` };
  }

  const decoded = decode(path);
  const extension = posix.extname(decoded).toLowerCase();
  if (PAGE_FILE.test(decoded)) {
    const file = resolveProjectPath(from.sourcePath, path);
    if (file === undefined) return { problem: `"${written}" leads outside the project folder` };
    const page = index.pageFromFile(file);
    if (!page)
      return {
        problem: `"${written}": no page of this site comes from ${file} (docs.yml's navigation lists no such file)`,
      };
    return pageLink(index, page.slug, query, fragment, basePath, written);
  }
  if (extension !== '') return {}; // a file (image, spec, archive): published and served as one
  // No extension: a page file written without it (`guides/auth`), else an address relative to the page's URL.
  const file = resolveProjectPath(from.sourcePath, path);
  if (file !== undefined) {
    for (const candidate of [`${file}.md`, `${file}.mdx`, `${file}/index.md`, `${file}/index.mdx`]) {
      const page = index.pageFromFile(candidate);
      if (page) return pageLink(index, page.slug, query, fragment, basePath, written);
    }
  }
  const slug = posix.join(posix.dirname(`/${from.slug}`), decoded).replace(/^\/+|\/+$/g, '');
  if (index.hasPage(slug)) return pageLink(index, slug, query, fragment, basePath, written);
  return {
    problem: `"${written}" is neither a page file of the project nor the address of a page of this site`,
  };
}
