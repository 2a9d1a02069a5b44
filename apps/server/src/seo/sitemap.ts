/**
 * `sitemap.xml` (sitemaps.org 0.9) of a docs site: every page a reader can reach from the
 * navigation (markdown pages, section overviews, endpoints, channels, webhooks, types), at its
 * absolute URL on the request's origin and base path, each with the site version's `lastmod`.
 * Hidden pages (and pages under a hidden section) are left out: they carry `noindex`.
 */
import { isHiddenNavItem, walkNavigation } from '@sextant/definition';
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

/**
 * The slugs a sitemap lists, in navigation order: every routable, non-hidden item once; the home
 * page as '' (its canonical URL is the site's root).
 * @example sitemapSlugs(site) // ['', 'guides/auth', 'api/pets/get-a-pet', …]
 */
export function sitemapSlugs(site: Pick<DocsSite, 'definition'>): string[] {
  const { navigation, homeSlug } = site.definition;
  const slugs = new Set<string>();
  walkNavigation(navigation, (item, ancestors) => {
    if (item.type === 'link' || isHiddenNavItem(item, ancestors)) return;
    slugs.add(item.slug === homeSlug ? '' : item.slug);
  });
  // The home page first, then the navigation's order.
  return slugs.has('') ? ['', ...[...slugs].filter((slug) => slug !== '')] : [...slugs];
}

/**
 * The sitemap of `site` served at `siteUrl` (origin and base path, no trailing slash).
 * @example sitemapXml(site, 'https://docs.acme.com')
 */
export function sitemapXml(site: Pick<DocsSite, 'definition' | 'updatedAt'>, siteUrl: string): string {
  const lastmod = w3cDatetime(site.updatedAt);
  const urls = sitemapSlugs(site)
    .slice(0, SITEMAP_MAX_URLS)
    .map((slug) => {
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
