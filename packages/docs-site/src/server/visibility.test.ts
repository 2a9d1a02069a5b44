/**
 * `<Visibility>` end to end: the page and its search entries show what is for humans, the `.md`
 * variant (llms-full.txt, MCP, copy and view as markdown) what is for agents.
 */
import { buildDocsDefinition, defaultDocsConfig } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { testRenderContext } from '../testing/render-context.js';
import { pageHtml } from './page-parts.js';
import { renderDocsPage, renderDocsPageMarkdown } from './render.js';
import { searchDocuments } from './search-index.js';
import { createDocsSite } from './site.js';

const markdown = [
  '# Accounts',
  '',
  '<Visibility for="humans">',
  '  Press the **Marigold** button.',
  '</Visibility>',
  '',
  '<Visibility for="agents">',
  '  Send `POST /v1/accounts` with a **zephyr** token.',
  '</Visibility>',
  '',
  'Shared words.',
].join('\n');

const site = createDocsSite(
  buildDocsDefinition({
    config: defaultDocsConfig('Docs'),
    apis: {},
    navigation: [{ type: 'page', title: 'Accounts', markdown, sourcePath: 'accounts.mdx' }],
  }),
  {},
  'v1',
);

describe('<Visibility>', () => {
  it('shows humans the humans’ part, in the page and in search', async () => {
    const html = pageHtml(await renderDocsPage(site, 'accounts', testRenderContext()));
    expect(html).toContain('Press the <strong>Marigold</strong> button.');
    expect(html).toContain('Shared words.');
    expect(html).not.toContain('zephyr');
    const text = searchDocuments(site)
      .map((doc) => doc.text)
      .join(' ');
    expect(text).toContain('Marigold');
    expect(text).not.toContain('zephyr');
  });

  it('gives agents the agents’ part in the markdown variant', async () => {
    const md = await renderDocsPageMarkdown(site, 'accounts');
    expect(md).toContain('Send `POST /v1/accounts` with a **zephyr** token.');
    expect(md).toContain('Shared words.');
    expect(md).not.toContain('Marigold');
    expect(md).not.toContain('<Visibility');
  });
});
