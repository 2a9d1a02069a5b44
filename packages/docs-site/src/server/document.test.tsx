/**
 * The document puts the content and the sidebar in their places whatever the spec's text holds:
 * a title spelling the placeholders the chrome is rendered with is text like any other.
 */
import {
  buildDocsDefinition,
  defaultDocsConfig,
  importDefinition,
  walkNavigation,
} from '@sextant/definition';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { testRenderContext } from '../testing/render-context.js';
import { pageHtml } from './page-parts.js';
import { renderDocsPage } from './render.js';
import { createDocsSite } from './site.js';

// document.tsx's placeholders, spelled in code spans (plainTitle keeps a code span's text).
const titles = ['Get `__SX_CONTENT_PLACEHOLDER__`', 'Put `__SX_SIDEBAR_PLACEHOLDER__`'];
const spec = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': {
      get: { operationId: 'getPets', summary: titles[0], responses: { '204': { description: 'None' } } },
      put: { operationId: 'putPets', summary: titles[1], responses: { '204': { description: 'None' } } },
    },
  },
};

const ctx = testRenderContext();

/** The pets API as a site with `navigation` after its reference; its endpoint pages' slugs. */
function petsSite(navigation: Parameters<typeof buildDocsDefinition>[0]['navigation'] = []) {
  const { definition } = importDefinition({ entry: 'pets.json', read: () => JSON.stringify(spec) });
  const docs = buildDocsDefinition({
    config: defaultDocsConfig('Docs'),
    apis: { api: definition },
    navigation: [{ type: 'api', title: 'API', apiId: 'api' }, ...navigation],
  });
  const slugs: string[] = [];
  walkNavigation(docs.navigation, (item) => {
    if (item.type === 'endpoint') slugs.push(item.slug);
  });
  return { site: createDocsSite(docs, { api: definition }, '1'), slugs };
}

describe('the document of a page whose titles spell its placeholders', () => {
  it('has the content in main and the sidebar in its nav, each once', async () => {
    const { site, slugs } = petsSite([
      // A page without a sidebar: its text spelling the sidebar's placeholder stays text.
      { type: 'page', title: 'Notes', markdown: 'See `__SX_SIDEBAR_PLACEHOLDER__` here.', layout: 'page' },
    ]);
    expect(slugs).toHaveLength(2);
    for (const slug of slugs) {
      const { document } = new Window();
      document.write(pageHtml(await renderDocsPage(site, slug, ctx)));
      expect(document.querySelectorAll('article')).toHaveLength(1);
      expect(document.querySelector('main > article h1')).not.toBeNull();
      expect(document.querySelectorAll('#sx-sidebar')).toHaveLength(1);
      expect(document.querySelector('#sx-sidebar article')).toBeNull();
      const links = [...document.querySelectorAll('#sx-sidebar a')].map((a) => a.textContent);
      expect(links).toEqual(
        expect.arrayContaining(['Get __SX_CONTENT_PLACEHOLDER__', 'Put __SX_SIDEBAR_PLACEHOLDER__']),
      );
      expect(document.querySelector('main')?.textContent).not.toMatch(/^__SX|PLACEHOLDER__$/);
    }
    const { document } = new Window();
    document.write(pageHtml(await renderDocsPage(site, 'notes', ctx)));
    expect(document.querySelector('#sx-sidebar')).toBeNull();
    expect(document.querySelector('main code')?.textContent).toBe('__SX_SIDEBAR_PLACEHOLDER__');
  });
});

describe('the head of a page', () => {
  it('is the same on every page of a site up to its styles, the page’s own tags after them', async () => {
    const { site, slugs } = petsSite();
    const pages = await Promise.all(
      slugs.map(async (slug) => pageHtml(await renderDocsPage(site, slug, ctx))),
    );
    const beforeStyles = pages.map((html) => html.slice(0, html.indexOf('<style')));
    expect(beforeStyles[0]).toContain('<meta charset="utf-8">');
    expect(new Set(beforeStyles).size).toBe(1);
    for (const html of pages) {
      // The encoding is declared in the first 1024 bytes, as HTML asks.
      expect(html.indexOf('<meta charset="utf-8">')).toBeLessThan(1024);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.indexOf('<title>')).toBeGreaterThan(head.lastIndexOf('</style>'));
    }
    expect(new Set(pages.map((html) => html.match(/<title>[^<]*/)?.[0])).size).toBe(2);
  });
});
