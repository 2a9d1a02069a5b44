/**
 * `slugOf`: which page of a site under a base path a reader's reference names (slug, path, `.md`,
 * absolute URL), and what it refuses (other hosts, outside the base path, broken encoding).
 */
import { defaultDocsConfig } from '@sextant/definition';
import { createDocsSite } from '@sextant/docs-site';
import { describe, expect, it } from 'vitest';
import { slugOf } from './docs-tools.js';

const site = createDocsSite(
  {
    docsVersion: 1,
    config: defaultDocsConfig('Acme'),
    navigation: [
      { type: 'page', title: 'Home', slug: '', pageId: 'home' },
      { type: 'page', title: 'Start', slug: 'guides/start', pageId: 'start' },
    ],
    pages: {
      home: { id: 'home', title: 'Home', slug: '', layout: 'guide', markdown: 'Hi' },
      start: { id: 'start', title: 'Start', slug: 'guides/start', layout: 'guide', markdown: 'Go' },
    },
    homeSlug: '',
  },
  {},
  'v1',
);
const tool = { site, siteUrl: 'https://acme.test/docs' };

describe('slugOf', () => {
  it('reads slugs, paths, .md variants and absolute URLs under the base path', () => {
    expect(slugOf(tool, 'guides/start')).toBe('guides/start');
    expect(slugOf(tool, '/guides/start/')).toBe('guides/start');
    expect(slugOf(tool, 'https://acme.test/docs/guides/start.md')).toBe('guides/start');
    expect(slugOf(tool, 'https://acme.test/docs/guides/start#h-install')).toBe('guides/start');
    expect(slugOf(tool, 'https://acme.test/docs/index.md')).toBe('');
    expect(slugOf(tool, 'https://acme.test/docs')).toBe('');
  });

  it('refuses other hosts, paths outside the base path, unknown pages and broken encodings', () => {
    expect(slugOf(tool, 'https://evil.test/docs/guides/start')).toBeUndefined();
    expect(slugOf(tool, 'https://acme.test/guides/start')).toBeUndefined();
    expect(slugOf(tool, 'https://acme.test/docsx/guides/start')).toBeUndefined();
    expect(slugOf(tool, 'guides/nope')).toBeUndefined();
    expect(slugOf(tool, '%E0%A4%A')).toBeUndefined();
    expect(slugOf(tool, 'http://[bad')).toBeUndefined();
  });
});
