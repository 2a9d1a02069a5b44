/**
 * `slugOf`: which page of a site under a base path a reader's reference names (slug, path, `.md`,
 * absolute URL), and what it refuses (other hosts, outside the base path, broken encoding).
 */
import { buildDocsDefinition, defaultDocsConfig, importDefinition } from '@sextant/definition';
import { createDocsSite } from '@sextant/docs-site';
import { describe, expect, it } from 'vitest';
import { describeEndpoint, slugOf } from './docs-tools.js';

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

describe('describe_endpoint', () => {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Cart', version: '1' },
    paths: {
      '/carts/{cartId}.json': {
        get: {
          operationId: 'getCart',
          summary: 'Get a cart',
          parameters: [
            { name: 'cartId', in: 'path', required: true, schema: { type: 'string' } },
            {
              name: 'session',
              in: 'cookie',
              required: true,
              description: 'The session id.',
              schema: { type: 'string' },
            },
          ],
          responses: { '204': { description: 'None' } },
        },
      },
    },
  };
  const { definition } = importDefinition({ entry: 'cart.json', read: () => JSON.stringify(spec) });
  const docs = buildDocsDefinition({
    config: defaultDocsConfig('Cart'),
    apis: { api: definition },
    navigation: [{ type: 'api', title: 'API', apiId: 'api' }],
  });
  const cartTool = { site: createDocsSite(docs, { api: definition }, '1'), siteUrl: 'https://cart.test' };

  it('lists the cookie parameters with the others, found by template or by a concrete path', async () => {
    for (const path of ['/carts/{cartId}.json', '/carts/42.json/', '/carts/a%20b.json?x=1']) {
      const answer = await describeEndpoint(cartTool, { method: 'GET', path });
      expect(answer.ok, path).toBe(true);
      if (!answer.ok) continue;
      expect(answer.text).toContain('## Cookies');
      expect(answer.text).toContain('| `session` | string | yes | The session id. |');
    }
    // A parameter fills one segment, and the literal dot is not a wildcard.
    for (const path of ['/carts/4/2.json', '/carts/42xjson', '/carts/.json']) {
      expect((await describeEndpoint(cartTool, { method: 'GET', path })).ok, path).toBe(false);
    }
  });
});
