import { defaultDocsConfig } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { headTags, stylesheetLinks } from './head-tags.js';
import { canonicalUrl, clipText } from './page-meta.js';

const meta = { description: 'Creates a charge.', noindex: false, ogType: 'article' as const };

describe('head tags', () => {
  it('each social card type carries the fields it requires', () => {
    const config = defaultDocsConfig('Acme');
    config.metadata = {
      socialCard: 'player',
      twitterSite: '@acme',
      twitterPlayer: { url: 'https://acme.test/embed?a=1&b=2', width: 480, height: 270 },
    };
    const tags = headTags({
      config,
      pageTitle: 'Create a `charge`',
      home: false,
      meta,
      canonicalUrl: 'https://docs.acme.test/charges/create',
      imageUrl: 'https://docs.acme.test/card.png',
    });
    expect(tags).toEqual([
      '<title>Create a charge | Acme</title>',
      '<meta name="description" content="Creates a charge.">',
      '<link rel="canonical" href="https://docs.acme.test/charges/create">',
      '<meta property="og:title" content="Create a charge">',
      '<meta property="og:description" content="Creates a charge.">',
      '<meta property="og:url" content="https://docs.acme.test/charges/create">',
      '<meta property="og:site_name" content="Acme">',
      '<meta property="og:type" content="article">',
      '<meta property="og:image" content="https://docs.acme.test/card.png">',
      '<meta name="twitter:card" content="player">',
      '<meta name="twitter:site" content="@acme">',
      '<meta name="twitter:title" content="Create a charge">',
      '<meta name="twitter:description" content="Creates a charge.">',
      '<meta name="twitter:image" content="https://docs.acme.test/card.png">',
      '<meta name="twitter:player" content="https://acme.test/embed?a=1&amp;b=2">',
      '<meta name="twitter:player:width" content="480">',
      '<meta name="twitter:player:height" content="270">',
    ]);
    config.metadata = { socialCard: 'summary_large_image' };
    const large = headTags({ config, pageTitle: 'Acme', home: true, meta: { ...meta, noindex: true } });
    expect(large).toContain('<meta name="robots" content="noindex">');
    expect(large).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(large[0]).toBe('<title>Acme</title>');
    expect(large.some((tag) => tag.includes('og:url') || tag.includes('canonical'))).toBe(false);
  });

  it('descriptions are cut at a word, canonical URLs put the home page at the root', () => {
    expect(clipText('word '.repeat(60)).length).toBeLessThanOrEqual(160);
    expect(clipText('word '.repeat(60))).toMatch(/word…$/);
    expect(clipText('  short   text ')).toBe('short text');
    expect(canonicalUrl('https://x.test', '/docs', 'intro', 'intro')).toBe('https://x.test/docs/');
    expect(canonicalUrl('https://x.test', '', 'a/b', 'intro')).toBe('https://x.test/a/b');
  });

  it('links each changelog feed for feed readers, its title escaped; none without changelogs', () => {
    const config = defaultDocsConfig('Acme');
    const base = { config, pageTitle: 'Guide', home: false, meta };
    const tags = headTags({
      ...base,
      feeds: [{ title: 'Acme: "Release" <notes>', rss: '/docs/notes/rss.xml', atom: '/docs/notes/atom.xml' }],
    });
    expect(tags.filter((tag) => tag.includes('rel="alternate"'))).toEqual([
      '<link rel="alternate" type="application/rss+xml" title="Acme: &quot;Release&quot; &lt;notes&gt;" href="/docs/notes/rss.xml">',
      '<link rel="alternate" type="application/atom+xml" title="Acme: &quot;Release&quot; &lt;notes&gt;" href="/docs/notes/atom.xml">',
    ]);
    expect(headTags(base).some((tag) => tag.includes('rel="alternate"'))).toBe(false);
    expect(headTags({ ...base, feeds: [] }).some((tag) => tag.includes('rel="alternate"'))).toBe(false);
  });

  it('links the project stylesheets (files only), versioned when served by path', () => {
    const sheets = [
      { type: 'file' as const, path: 'styles/custom.css' },
      { type: 'url' as const, url: 'https://cdn.test/x.css' },
    ];
    expect(stylesheetLinks(sheets, (path) => `/_sextant/files/${path}`, 'v 1')).toEqual([
      '<link rel="stylesheet" href="/_sextant/files/styles/custom.css?v=v%201" data-sx-custom-css>',
    ]);
    expect(stylesheetLinks(undefined, (path) => path)).toEqual([]);
  });
});
