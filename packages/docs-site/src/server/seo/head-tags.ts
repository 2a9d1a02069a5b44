/**
 * The document head's tags for search engines and link previews: `<title>`, the description,
 * `robots` noindex where a page must stay out of search, the canonical link, complete Open Graph
 * (title, description, URL, site name, type, image) and the X/Twitter card of docs.yml's
 * `socialCard` type with the fields that type requires (app ids, player), and the site's own
 * stylesheets (docs.yml `css`) linked after the built-in ones so they win.
 */
import { type AssetRef, type DocsConfig, plainTitle } from '@sextant/definition';
import type { PageMeta } from './page-meta.js';

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const meta = (key: 'name' | 'property', name: string, content: string | number | undefined) =>
  content === undefined || content === ''
    ? ''
    : `<meta ${key}="${name}" content="${escapeAttr(String(content))}">`;

/** A changelog's two feeds as the head links them for feed readers (`rel="alternate"`). */
export interface FeedLink {
  title: string;
  rss: string;
  atom: string;
}

export interface HeadTagsInput {
  config: DocsConfig;
  /** The page's full title (inline markdown allowed), or the site's title on the home page. */
  pageTitle: string;
  /** Whether the page is the site's home page (its title is the site's). */
  home: boolean;
  meta: PageMeta;
  /** Absolute URL of the page; undefined when the request's origin is unknown or the page does not exist. */
  canonicalUrl?: string;
  /** Absolute URL of the social image. */
  imageUrl?: string;
  /** The site's changelogs' feeds, for feed readers to discover from any page (`rel="alternate"`). */
  feeds?: readonly FeedLink[];
}

/** `Page title | Site` (the site's title alone on the home page), plain text. */
export function documentTitle(config: Pick<DocsConfig, 'title'>, pageTitle: string, home: boolean): string {
  return home ? config.title : `${plainTitle(pageTitle)} | ${config.title}`;
}

/** The X/Twitter card's tags for its type: each type with the fields it requires. */
function twitterTags(config: DocsConfig, title: string, description: string, imageUrl: string | undefined) {
  // A stored definition may lack metadata (docs.yml always has it): a summary card then.
  const metadata: Partial<DocsConfig['metadata']> = config.metadata ?? {};
  const card = metadata.socialCard ?? 'summary';
  const tags = [
    meta('name', 'twitter:card', card),
    meta('name', 'twitter:site', metadata.twitterSite),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', imageUrl),
  ];
  if (card === 'app' && metadata.twitterApp) {
    const app = metadata.twitterApp;
    tags.push(
      meta('name', 'twitter:app:id:iphone', app.iphone),
      meta('name', 'twitter:app:id:ipad', app.ipad),
      meta('name', 'twitter:app:id:googleplay', app.googleplay),
      meta('name', 'twitter:app:country', app.country),
    );
  }
  if (card === 'player' && metadata.twitterPlayer) {
    const player = metadata.twitterPlayer;
    tags.push(
      meta('name', 'twitter:player', player.url),
      meta('name', 'twitter:player:width', player.width),
      meta('name', 'twitter:player:height', player.height),
    );
  }
  return tags;
}

/**
 * The head's title, description, robots, canonical, Open Graph and Twitter tags.
 * @example headTags({ config, pageTitle: 'Create a charge', home: false, meta, canonicalUrl }).join('\n')
 */
export function headTags(input: HeadTagsInput): string[] {
  const { config, meta: page } = input;
  const title = documentTitle(config, input.pageTitle, input.home);
  const shortTitle = input.home ? config.title : plainTitle(input.pageTitle);
  return [
    `<title>${escapeAttr(title)}</title>`,
    meta('name', 'description', page.description),
    page.noindex ? '<meta name="robots" content="noindex">' : '',
    input.canonicalUrl ? `<link rel="canonical" href="${escapeAttr(input.canonicalUrl)}">` : '',
    meta('property', 'og:title', shortTitle),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', input.canonicalUrl),
    meta('property', 'og:site_name', config.title),
    meta('property', 'og:type', page.ogType),
    meta('property', 'og:image', input.imageUrl),
    ...twitterTags(config, shortTitle, page.description, input.imageUrl),
    ...(input.feeds ?? []).flatMap((feed) => [
      `<link rel="alternate" type="application/rss+xml" title="${escapeAttr(feed.title)}" href="${escapeAttr(feed.rss)}">`,
      `<link rel="alternate" type="application/atom+xml" title="${escapeAttr(feed.title)}" href="${escapeAttr(feed.atom)}">`,
    ]),
  ].filter(Boolean);
}

/**
 * `<link rel="stylesheet">` for each docs.yml `css` file: same origin, so the page's
 * `style-src 'self'` allows them. `version` busts the browser's cache of a file served by path
 * (local mode); hosted files are content-addressed and need none.
 * @example stylesheetLinks([{ type: 'file', path: 'styles/custom.css' }], (p) => `/_sextant/files/${p}`)
 */
export function stylesheetLinks(
  sheets: readonly AssetRef[] | undefined,
  fileUrl: (path: string) => string,
  version?: string,
): string[] {
  return (sheets ?? []).flatMap((sheet) => {
    if (sheet.type !== 'file') return [];
    const url = fileUrl(sheet.path);
    const href = version ? `${url}${url.includes('?') ? '&' : '?'}v=${encodeURIComponent(version)}` : url;
    return [`<link rel="stylesheet" href="${escapeAttr(href)}" data-sx-custom-css>`];
  });
}
