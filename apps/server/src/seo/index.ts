/** Search engines: sitemap.xml and robots.txt on every docs site (the head's tags are the renderer's). */
export { seoPlugin } from './plugin.js';
export {
  robotsTxt,
  SITEMAP_LIMITS,
  sitemapEntries,
  sitemapFiles,
  sitemapPartUrl,
  w3cDatetime,
} from './sitemap.js';
