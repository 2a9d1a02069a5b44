/**
 * A changelog's feeds: RSS 2.0 (`{changelog}/rss.xml`) and Atom 1.0 (`{changelog}/atom.xml`) of
 * its CHANGELOG_FEED_SIZE newest entries, each with its whole body as HTML (components rendered
 * as their static markup, links and images made absolute: feed readers have no base URL).
 */
import {
  CHANGELOG_FEED_SIZE,
  type ChangelogItem,
  changelogEntries,
  changelogFeedPath,
  changelogsOf,
  plainTitle,
} from '@sextant/definition';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HighlighterCore } from 'shiki/core';
import { Content } from '../components/content/content.js';
import { renderMarkdownPage } from './page-view.js';
import type { FeedLink } from './seo/head-tags.js';
import type { DocsSite } from './site.js';

export type FeedFormat = 'rss' | 'atom';

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

/** The changelog and feed format a site-relative path names (`/changelog/rss.xml`), if any. */
export function feedAt(site: DocsSite, rel: string): { item: ChangelogItem; format: FeedFormat } | undefined {
  const match = /^\/(?:(.*)\/)?(rss|atom)\.xml$/.exec(rel);
  if (!match) return undefined;
  const slug = match[1] ?? '';
  const item = changelogsOf(site.definition).find((c) => c.slug === slug);
  return item && { item, format: match[2] as FeedFormat };
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * `text` without what XML 1.0 does not allow: control characters (but tab and line breaks),
 * U+FFFE, U+FFFF and surrogates that are not in a pair.
 */
function xmlText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) out += text.slice(i, ++i + 1);
      continue;
    }
    const control = code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
    if (control || (code >= 0xdc00 && code <= 0xdfff) || code === 0xfffe || code === 0xffff) continue;
    out += text[i];
  }
  return out;
}

/** The entry's HTML with site-relative `href` and `src` made absolute. */
function absoluteHtml(html: string, origin: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${origin}/`);
}

export interface FeedContext {
  /** `https://docs.example.com`. */
  origin: string;
  /** '' or `/docs` (with a version's prefix on a versioned site). */
  basePath: string;
}

/** A changelog's feed title: `Acme: Changelog`. */
function feedTitle(site: DocsSite, item: ChangelogItem): string {
  return `${site.definition.config.title}: ${plainTitle(item.title)}`;
}

/** Per site version and base path: every page links them, found by walking the navigation. */
const feedLinksOfSite = new WeakMap<DocsSite, Map<string, readonly FeedLink[]>>();

/**
 * The feeds of `site`'s changelogs a reader can see (a hidden changelog's are left out), as every
 * page's head links them, titled as the feeds title themselves.
 * @example feedLinks(site, '') // [{ title: 'Acme: Changelog', rss: '/changelog/rss.xml', atom: '/changelog/atom.xml' }]
 */
export function feedLinks(site: DocsSite, basePath: string): readonly FeedLink[] {
  let byBase = feedLinksOfSite.get(site);
  if (!byBase) {
    byBase = new Map();
    feedLinksOfSite.set(site, byBase);
  }
  let links = byBase.get(basePath);
  if (!links) {
    links = changelogsOf(site.definition)
      .filter((item) => !item.hidden)
      .map((item) => ({
        title: feedTitle(site, item),
        rss: changelogFeedPath(basePath, item.slug, 'rss'),
        atom: changelogFeedPath(basePath, item.slug, 'atom'),
      }));
    byBase.set(basePath, links);
  }
  return links;
}

/**
 * The feed text of `item` in `format`.
 * @example changelogFeed(site, highlighter, item, 'atom', { origin: 'https://docs.acme.com', basePath: '' })
 */
export function changelogFeed(
  site: DocsSite,
  highlighter: HighlighterCore,
  item: ChangelogItem,
  format: FeedFormat,
  { origin, basePath }: FeedContext,
): string {
  const root = `${origin}${basePath}`;
  const pageUrl = (slug: string) => (slug ? `${root}/${slug}` : `${root}/`);
  const listUrl = pageUrl(item.slug);
  const feedUrl = `${origin}${changelogFeedPath(basePath, item.slug, format)}`;
  const title = feedTitle(site, item);
  const entries = changelogEntries(site.definition, item)
    .slice(0, CHANGELOG_FEED_SIZE)
    .map((entry) => {
      const rendered = renderMarkdownPage(site, highlighter, entry.page, basePath);
      return {
        title: plainTitle(rendered.title ?? entry.title),
        url: pageUrl(entry.slug),
        date: new Date(`${entry.page.date}T00:00:00Z`),
        tags: entry.page.tags ?? [],
        html: xmlText(absoluteHtml(renderToStaticMarkup(<Content nodes={rendered.content} />), origin)),
      };
    });
  const updated = entries[0]?.date ?? new Date(site.updatedAt ?? 0);
  const description =
    site.definition.config.metadata.description ??
    `${plainTitle(item.title)} of ${site.definition.config.title}`;
  if (format === 'rss') {
    // HTML in CDATA: a `]]>` inside it is split across two sections.
    const cdata = (html: string) => `<![CDATA[${html.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
    return [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '<channel>',
      `<title>${escapeXml(title)}</title>`,
      `<link>${escapeXml(listUrl)}</link>`,
      `<description>${escapeXml(description)}</description>`,
      '<language>en</language>',
      `<lastBuildDate>${updated.toUTCString()}</lastBuildDate>`,
      `<atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
      ...entries.map((entry) =>
        [
          '<item>',
          `<title>${escapeXml(entry.title)}</title>`,
          `<link>${escapeXml(entry.url)}</link>`,
          `<guid isPermaLink="true">${escapeXml(entry.url)}</guid>`,
          `<pubDate>${entry.date.toUTCString()}</pubDate>`,
          ...entry.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
          `<description>${cdata(entry.html)}</description>`,
          '</item>',
        ].join('\n'),
      ),
      '</channel>',
      '</rss>',
      '',
    ].join('\n');
  }
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${escapeXml(listUrl)}</id>`,
    `<title>${escapeXml(title)}</title>`,
    `<subtitle>${escapeXml(description)}</subtitle>`,
    `<updated>${updated.toISOString()}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(listUrl)}"/>`,
    `<author><name>${escapeXml(site.definition.config.title)}</name></author>`,
    ...entries.map((entry) =>
      [
        '<entry>',
        `<id>${escapeXml(entry.url)}</id>`,
        `<title>${escapeXml(entry.title)}</title>`,
        `<link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>`,
        `<published>${entry.date.toISOString()}</published>`,
        `<updated>${entry.date.toISOString()}</updated>`,
        ...entry.tags.map((tag) => `<category term="${escapeXml(tag)}"/>`),
        `<content type="html">${escapeXml(entry.html)}</content>`,
        '</entry>',
      ].join('\n'),
    ),
    '</feed>',
    '',
  ].join('\n');
}
