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

/** The pets API as a site, `navigation` after its reference; its endpoint pages' slugs. */
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
  it('has the title and the social tags before the inlined styles, where link unfurlers read', async () => {
    const {
      site,
      slugs: [slug],
    } = petsSite();
    // A large site stylesheet, as a themed site's is: Slackbot reads the first 32 KB of a page
    // only (some unfurlers 10,000 characters), so the tags must come before it.
    const siteCss = `.sx-custom{color:red}\n`.repeat(3000);
    const html = pageHtml(
      await renderDocsPage(site, slug as string, { ...ctx, siteCss, origin: 'https://docs.test' }),
    );
    const firstStyle = html.indexOf('<style');
    expect(firstStyle).toBeGreaterThan(0);
    for (const tag of [
      '<meta charset="utf-8">',
      '<title>',
      '<meta property="og:title"',
      '<meta name="twitter:card"',
    ])
      expect([tag, html.indexOf(tag)]).toEqual([
        tag,
        expect.toSatisfy((at: number) => at >= 0 && at < firstStyle && at < 10_000),
      ]);
  });
});

describe('the chrome of a page', () => {
  it('is ASCII only, so a page whose text is ASCII is a one-byte string on the server', async () => {
    // V8 keeps a string holding any character past U+00FF at two bytes a character, and a page is
    // flattened and encoded whole: a "☰" in the header made every GitHub page twice the bytes.
    const { site, slugs } = petsSite([{ type: 'page', title: 'Notes', markdown: 'Plain text.' }]);
    for (const slug of [...slugs, 'notes']) {
      const html = pageHtml(await renderDocsPage(site, slug, ctx));
      const outsideStyles = html.replace(/<style[^>]*>[^<]*<\/style>/g, '');
      expect([slug, outsideStyles.match(/[\u0080-\uffff]/g)]).toEqual([slug, null]);
    }
  });
});
