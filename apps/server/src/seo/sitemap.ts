/**
 * `sitemap.xml` (sitemaps.org 0.9) of a docs site: every page a reader can reach from the
 * navigation of every version (markdown pages, section overviews, endpoints, channels, webhooks,
 * types), at its absolute URL on the request's origin and base path, each with its `lastmod`: a
 * markdown page's own last change when the project recorded it, else when the site was published.
 * Hidden pages (and pages under a hidden section) and hidden versions are left out.
 */
import { type DocsDefinition, isHiddenNavItem, walkNavigation } from '@sextant/definition';
import type { DocsSite } from '@sextant/docs';

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** W3C Datetime (`2025-03-01T12:00:00Z`), the form sitemaps.org asks for; undefined when `iso` is no date. */
export function w3cDatetime(iso: string | undefined): string | undefined {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A page of the sitemap: its slug ('' for the home page) and, for a markdown page, when it last changed. */
export interface SitemapEntry {
  slug: string;
  lastUpdated?: string;
}

/**
 * The pages a sitemap lists, in navigation order (the default version's, then each listed
 * version's): every routable, non-hidden item once; the home page as '' (its canonical URL is
 * the site's root).
 * @example sitemapEntries(site).map((e) => e.slug) // ['', 'guides/auth', 'api/pets/get-a-pet', …]
 */
export function sitemapEntries(site: {
  definition: Pick<DocsDefinition, 'navigation' | 'homeSlug' | 'pages' | 'versions'>;
  currentVersion?: { default?: boolean };
}): SitemapEntry[] {
  const { definition } = site;
  // The default version's sitemap (the site's own) lists the other versions too, at their
  // prefixed slugs; a version's view (served under `/v1`) lists its own pages only.
  const others = site.currentVersion && !site.currentVersion.default ? [] : (definition.versions ?? []);
  const navigations = [
    definition.navigation,
    ...others.flatMap((version) => (version.default || version.hidden ? [] : [version.navigation ?? []])),
  ];
  const entries = new Map<string, SitemapEntry>();
  for (const navigation of navigations)
    walkNavigation(navigation, (item, ancestors) => {
      if (item.type === 'link' || isHiddenNavItem(item, ancestors)) return;
      const slug = item.slug === definition.homeSlug ? '' : item.slug;
      const lastUpdated = item.type === 'page' ? definition.pages[item.pageId]?.lastUpdated : undefined;
      if (!entries.has(slug)) entries.set(slug, { slug, ...(lastUpdated ? { lastUpdated } : {}) });
    });
  // The home page first, then the navigation's order.
  const home = entries.get('');
  return home ? [home, ...[...entries.values()].filter((entry) => entry !== home)] : [...entries.values()];
}

/**
 * The sitemap of `site` served at `siteUrl` (origin and base path, no trailing slash).
 * @example sitemapXml(site, 'https://docs.acme.com')
 */
export function sitemapXml(
  site: Pick<DocsSite, 'definition' | 'updatedAt' | 'currentVersion'>,
  siteUrl: string,
): string {
  const published = w3cDatetime(site.updatedAt);
  const urls = sitemapEntries(site)
    .slice(0, SITEMAP_MAX_URLS)
    .map(({ slug, lastUpdated }) => {
      const lastmod = w3cDatetime(lastUpdated) ?? published;
      const loc = escapeXml(`${siteUrl}/${encodeURI(slug)}`);
      return `  <url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * `robots.txt`: everything may be crawled and the sitemap is named; a preview site is closed to
 * every crawler.
 * @example robotsTxt(site, 'https://docs.acme.com') // 'User-agent: *\nAllow: /\n\nSitemap: https://docs.acme.com/sitemap.xml\n'
 */
export function robotsTxt(site: Pick<DocsSite, 'preview'>, siteUrl: string): string {
  if (site.preview) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
