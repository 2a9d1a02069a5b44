/**
 * Cookie parameters on an operation's reference page and in its `.md` variant, from a real
 * import: a Cookies section beside Headers with each cookie's name, type, required-ness and
 * description; an operation without cookies has none.
 */
import {
  buildDocsDefinition,
  defaultDocsConfig,
  importDefinition,
  walkNavigation,
} from '@sextant/definition';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { pageHtml } from '../server/page-parts.js';
import { renderDocsPage, renderDocsPageMarkdown } from '../server/render.js';
import { createDocsSite } from '../server/site.js';
import { testRenderContext } from '../testing/render-context.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Cart', version: '1' },
  paths: {
    '/cart': {
      get: {
        operationId: 'getCart',
        summary: 'Get the cart',
        parameters: [
          {
            name: 'session',
            in: 'cookie',
            required: true,
            description: 'The session id.',
            schema: { type: 'string' },
          },
          { name: 'theme', in: 'cookie', schema: { type: 'string', enum: ['dark', 'light'] } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        responses: { '204': { description: 'None' } },
      },
      delete: { operationId: 'emptyCart', responses: { '204': { description: 'None' } } },
    },
  },
};

function site() {
  const { definition } = importDefinition({ entry: 'cart.json', read: () => JSON.stringify(spec) });
  const docs = buildDocsDefinition({
    config: defaultDocsConfig('Docs'),
    apis: { api: definition },
    navigation: [{ type: 'api', title: 'API', apiId: 'api' }],
  });
  const slugs: Record<string, string> = {};
  walkNavigation(docs.navigation, (item) => {
    if (item.type === 'endpoint') slugs[item.endpointId] = item.slug;
  });
  return { site: createDocsSite(docs, { api: definition }, '1'), slugs };
}

const ctx = testRenderContext();

describe('cookie parameters on the reference page', () => {
  it('are a Cookies section after Headers, with type, required-ness and description', async () => {
    const { site: docs, slugs } = site();
    const page = await renderDocsPage(docs, slugs.getCart ?? '', ctx);
    const { document } = new Window();
    document.body.innerHTML = pageHtml(page);
    const titles = [...document.querySelectorAll('section[aria-label] > h2')].map((h) => h.textContent);
    expect(titles.indexOf('Cookies')).toBe(titles.indexOf('Headers') + 1);
    const cookies = document.querySelector('section[aria-label="Cookies"]');
    expect(cookies?.textContent).toContain('session');
    expect(cookies?.textContent).toContain('The session id.');
    expect(cookies?.textContent).toContain('theme');
    expect(cookies?.textContent).not.toContain('X-Trace');
    const empty = await renderDocsPage(docs, slugs.emptyCart ?? '', ctx);
    expect(pageHtml(empty)).not.toContain('aria-label="Cookies"');
  });

  it('are a Cookies table in the .md page', async () => {
    const { site: docs, slugs } = site();
    const markdown = (await renderDocsPageMarkdown(docs, slugs.getCart ?? '')) ?? '';
    const table = markdown.slice(markdown.indexOf('## Cookies'));
    expect(markdown).toContain('## Cookies');
    expect(table).toMatch(/\| `?session`? \|[^\n]*string[^\n]*\|/);
    expect(table).toContain('The session id.');
    expect(table.split('\n## ')[0]).not.toContain('X-Trace');
    expect((await renderDocsPageMarkdown(docs, slugs.emptyCart ?? '')) ?? '').not.toContain('## Cookies');
  });
});
