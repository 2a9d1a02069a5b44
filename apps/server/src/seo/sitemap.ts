/**
 * `sitemap.xml` (sitemaps.org 0.9) of a docs site: every page a reader can reach from the
 * navigation of every version (markdown pages, section overviews, endpoints, channels, webhooks,
 * types), at its absolute URL on the request's origin and base path, each with its `lastmod`: a
 * markdown page's own last change when the project recorded it, else when the site was published.
 * Hidden pages (and pages under a hidden section) and hidden versions are left out. A site past
 * the protocol's limits for one file (50,000 URLs or 50 MB) gets a sitemap index at
 * `sitemap.xml` naming its parts, `sitemap.xml?part=1`, `?part=2`, … each within both limits.
 */
import { type DocsDefinition, isHiddenNavItem, walkNavigation } from '@sextant/definition';
import type { DocsSite } from '@sextant/docs-site';

/** The protocol's limits of one sitemap file: URLs, and bytes uncompressed. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 };
export type SitemapLimits = typeof SITEMAP_LIMITS;

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

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const URLSET_CLOSE = '</urlset>';

/** One sitemap file of `<url>` lines. */
const urlset = (lines: string[]) => [XML_HEAD, URLSET_OPEN, ...lines, URLSET_CLOSE, ''].join('\n');

/** The URL of sitemap part `n` (1-based) of the site at `siteUrl`. */
export const sitemapPartUrl = (siteUrl: string, n: number) => `${siteUrl}/sitemap.xml?part=${n}`;

/**
 * The sitemap files of `site` served at `siteUrl` (origin and base path, no trailing slash): one
 * urlset when the site fits one file; else `[index, part 1, part 2, …]`, the index naming each
 * part with its latest `lastmod`, each part within `limits`.
 * @example sitemapFiles(site, 'https://docs.acme.com')[0] // '<?xml …><urlset …'
 */
export function sitemapFiles(
  site: Pick<DocsSite, 'definition' | 'updatedAt' | 'currentVersion'>,
  siteUrl: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): string[] {
  const published = w3cDatetime(site.updatedAt);
  const frame = Buffer.byteLength(urlset([]));
  const parts: { lines: string[]; bytes: number; lastmod?: string }[] = [];
  let part: (typeof parts)[number] | undefined;
  for (const { slug, lastUpdated } of sitemapEntries(site)) {
    const lastmod = w3cDatetime(lastUpdated) ?? published;
    const loc = escapeXml(`${siteUrl}/${encodeURI(slug)}`);
    const line = `  <url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    const bytes = Buffer.byteLength(line) + 1;
    if (!part || part.lines.length >= limits.urls || part.bytes + bytes > limits.bytes) {
      part = { lines: [], bytes: frame };
      parts.push(part);
    }
    part.lines.push(line);
    part.bytes += bytes;
    // W3C datetimes in UTC compare as text.
    if (lastmod && (!part.lastmod || lastmod > part.lastmod)) part.lastmod = lastmod;
  }
  if (parts.length <= 1) return [urlset(parts[0]?.lines ?? [])];
  const index = [
    XML_HEAD,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...parts.map(
      (p, i) =>
        `  <sitemap><loc>${escapeXml(sitemapPartUrl(siteUrl, i + 1))}</loc>${p.lastmod ? `<lastmod>${p.lastmod}</lastmod>` : ''}</sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
  return [index, ...parts.map((p) => urlset(p.lines))];
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
