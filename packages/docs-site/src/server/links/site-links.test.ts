import {
  type ApiDefinition,
  buildDocsDefinition,
  defaultDocsConfig,
  emptyApiDefinition,
  type ProjectNavItem,
} from '@sextant/definition';
import type { HighlighterCore } from 'shiki/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentNode } from '../../shared/content-node.js';
import { loadHighlighter } from '../highlight.js';
import { buildPageView } from '../page-view.js';
import { createDocsSite } from '../site.js';
import { docsLinkProblems, linkProblemLine } from './link-problems.js';

const page = (title: string, path: string, markdown: string, sourceLine = 1): ProjectNavItem => ({
  type: 'page',
  title,
  markdown,
  sourcePath: path,
  sourceLine,
});

const WELCOME = [
  'Start with [auth](guides/auth.md) and [cursors](./guides/pagination.mdx#cursor-pages).', // 1
  '', // 2
  '- [Refresh](guides/auth.md#token-refresh) and [again](guides/auth.md#h-token-refresh)', // 3
  '- [Site path](/guides/pagination#cursor-pages) and [home](/)', // 4
  '- [Missing page](guides/missing.md)', // 5
  '- [Missing heading](guides/auth.md#nope)', // 6
  '- <a href="./guides/auth.md">HTML link</a> and [spec](files/openapi.yaml)', // 7
  '', // 8
  '[ref]: /nowhere', // 9
].join('\n');

function project(apis: Record<string, ApiDefinition> = {}, apiLinkBase?: string) {
  const config = defaultDocsConfig('Acme');
  if (apiLinkBase) config.apiLinkBase = apiLinkBase;
  return buildDocsDefinition({
    config,
    apis,
    navigation: [
      page('Welcome', 'pages/welcome.md', WELCOME, 4),
      {
        type: 'section',
        title: 'Guides',
        contents: [
          page(
            'Auth',
            'pages/guides/auth.md',
            '## Token refresh\n\nText.\n\nBack to [welcome](../welcome.md).',
          ),
          page(
            'Pagination',
            'pages/guides/pagination.mdx',
            '<Steps>\n<Step title="One">x</Step>\n</Steps>\n\n## Cursor pages\n\n<Card title="Auth" href="auth.md#token-refresh">Go</Card>',
          ),
        ],
      },
      ...(Object.keys(apis).length ? [{ type: 'api' as const, title: 'API', apiId: 'api' }] : []),
    ],
  });
}

/** The page body's HTML, islands left out. */
function html(nodes: ContentNode[]): string {
  return nodes
    .map((node) =>
      typeof node === 'string' ? node : 'e' in node ? (node.h?.__html ?? html(node.c ?? [])) : '',
    )
    .join('');
}

let highlighter: HighlighterCore;
beforeAll(async () => {
  highlighter = await loadHighlighter();
});

describe('links of rendered pages', () => {
  it('lead to the pages’ URLs under the base path, anchors on the rendered heading ids', () => {
    const site = createDocsSite(project(), {}, 'v1');
    const view = buildPageView(site, highlighter, 'welcome', { basePath: '/docs' });
    const body = view?.kind === 'markdown' ? html(view.content) : '';
    const hrefs = [...body.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual([
      '/docs/guides/auth',
      '/docs/guides/pagination#h-cursor-pages',
      '/docs/guides/auth#h-token-refresh',
      '/docs/guides/auth#h-token-refresh',
      '/docs/guides/pagination#h-cursor-pages',
      '/docs/',
      'guides/missing.md',
      '/docs/guides/auth#nope',
      '/docs/guides/auth',
      'files/openapi.yaml',
    ]);
    const pagination = buildPageView(site, highlighter, 'guides/pagination', { basePath: '' });
    expect(pagination?.kind === 'markdown' && html(pagination.content)).toContain(
      'href="/guides/auth#h-token-refresh"',
    );
  });

  it('that lead nowhere are listed with file, line and column (front matter counted)', async () => {
    const { pages, api } = await docsLinkProblems(project(), {});
    expect(pages.map(linkProblemLine)).toEqual([
      'pages/welcome.md:8:3: "guides/missing.md": no page of this site comes from pages/guides/missing.md (docs.yml\'s navigation lists no such file)',
      'pages/welcome.md:9:3: "guides/auth.md#nope": pages/guides/auth.md has no heading "#nope"',
      'pages/welcome.md:12:1: "/nowhere" is not a page of this site (no page has the slug "nowhere")',
    ]);
    expect(api).toEqual([]);
  });
});

describe('site-relative links of API descriptions', () => {
  const api = (): ApiDefinition => {
    const definition = emptyApiDefinition('api', 'Payments');
    definition.description = 'Read [pagination](/docs/pagination) and [auth](/guides/auth).';
    definition.types.Charge = {
      id: 'Charge',
      name: 'Charge',
      description: 'See <a href="/docs/charges">charges</a>.',
      shape: { type: 'object', extends: [], properties: [] },
      examples: [{ description: '/docs/not-a-link' }],
    } as unknown as ApiDefinition['types'][string];
    return definition;
  };

  it('are reported when docs.yml sets no apiLinkBase', async () => {
    const apis = { api: api() };
    const { api: problems } = await docsLinkProblems(project(apis), apis);
    expect(problems.map((p) => `${p.where}: ${p.url}`)).toEqual([
      'Payments: /docs/pagination',
      'type Charge: /docs/charges',
    ]);
  });

  it('lead to apiLinkBase, unless the site has the page; the shared definition is not changed', async () => {
    const apis = { api: api() };
    const site = createDocsSite(project(apis, 'https://stripe.com'), apis, 'v1');
    expect(site.apis.api?.description).toBe(
      'Read [pagination](https://stripe.com/docs/pagination) and [auth](/guides/auth).',
    );
    expect(site.apis.api?.types.Charge?.description).toBe(
      'See <a href="https://stripe.com/docs/charges">charges</a>.',
    );
    expect(site.apis.api?.types.Charge?.examples).toEqual([{ description: '/docs/not-a-link' }]);
    expect(apis.api.description).toBe('Read [pagination](/docs/pagination) and [auth](/guides/auth).');
    expect((await docsLinkProblems(site.definition, apis)).api).toEqual([]);
  });
});
