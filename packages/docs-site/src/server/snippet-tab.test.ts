/**
 * The code cards' islands carry no code their page shows or can fetch (issue #30): a tab shown
 * whole leaves its code out only when the text of its highlighted panel, as a browser reads it, is
 * exactly the code (Copy copies that text); a cut tab always (Copy copies the whole from the
 * page's full view). On a rendered endpoint page neither card carries code.
 */
import { SNIPPET_TARGETS } from '@sextant/request';
import { Window } from 'happy-dom';
import type { HighlighterCore } from 'shiki/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from '../shared/island-attributes.js';
import { type SnippetView, snippetTab } from '../shared/page-data.js';
import { safeHtml } from '../shared/safe-html.js';
import { testRenderContext } from '../testing/render-context.js';
import { requestsCarrying } from '../testing/snippet-requests.js';
import { specSite } from '../testing/spec-site.js';
import { highlight, loadHighlighter, warmHighlighter } from './highlight.js';
import { pageHtml } from './page-parts.js';
import { buildPageView } from './page-view.js';
import { renderDocsPage } from './render.js';
import { snippetLanguage } from './snippets.js';

let highlighter: HighlighterCore;
beforeAll(async () => {
  highlighter = await loadHighlighter();
  await warmHighlighter();
}, 60_000);

const { document } = new Window();

/** The text of highlighted HTML as a browser's DOM gives it (the HTML parser's CR and NUL rules applied first). */
function panelText(html: string): string {
  const panel = document.createElement('div');
  panel.innerHTML = html.replace(/\r\n?/g, '\n').replaceAll('\0', '');
  return panel.textContent ?? '';
}

const tab = (code: string, lang: string, lines?: number): SnippetView => ({
  id: lang,
  label: lang,
  code,
  html: safeHtml(highlight(highlighter, code, lang)),
  ...(lines === undefined ? {} : { lines }),
});

/** Whether `snippetTab` left the code out only where the panel's text is the code. */
function expectCopyable(view: SnippetView): void {
  const carried = snippetTab(view);
  if (carried.code === undefined)
    expect(panelText(view.html.__html), JSON.stringify(view.code)).toBe(view.code);
  else expect(carried.code).toBe(view.code);
}

const LANGS = ['bash', 'typescript', 'python', 'json', 'not-a-language'];

describe('snippetTab', () => {
  it('leaves out the code of a tab shown whole when its panel reads back as it', () => {
    const readable = [
      'curl https://api.test/pets\n',
      'a\n\n\tb  \n',
      '<b>&amp;</b> "q" \'s\' é 中 😀 \u2028 \u00a0',
      '\n',
      '',
      "echo '$&' `x` \\ \\\\n",
      'x'.repeat(400),
    ];
    for (const code of readable)
      for (const lang of LANGS) {
        expect(snippetTab(tab(code, lang)).code).toBeUndefined();
        expectCopyable(tab(code, lang));
      }
  });

  it('keeps the code a browser would read otherwise: CR, NUL, a lone surrogate', () => {
    for (const code of ['a\r\nb', 'a\rb', 'a\0b', 'a\ud83db', 'a\ude00', '😀\udc00'])
      for (const lang of LANGS) expect(snippetTab(tab(code, lang)).code).toBe(code);
  });

  it('leaves out the code of a cut tab whatever it holds, keeping its line count', () => {
    const carried = snippetTab(tab('a\r\nb\0', 'json', 120));
    expect(carried).not.toHaveProperty('code');
    expect(carried.lines).toBe(120);
  });

  it('leaves out only code its panel reads back as, for random text in every place of every snippet', () => {
    const alphabet = `abc019 '"\\$\`(){}[]<>;&#%\t\n\r\0éü中😀\ud800\udfff`;
    let seed = 30;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * n);
    };
    const dropped = new Set<boolean>();
    for (let i = 0; i < 40; i++) {
      const value = Array.from({ length: 1 + random(30) }, () => alphabet[random(alphabet.length)]).join('');
      for (const request of requestsCarrying(value, i))
        for (const target of SNIPPET_TARGETS) {
          let code: string;
          try {
            code = target.generate(request);
          } catch {
            continue;
          }
          const view = tab(code, snippetLanguage(target.target));
          dropped.add(snippetTab(view).code === undefined);
          expectCopyable(view);
        }
    }
    // Both kinds met.
    expect([...dropped].sort()).toEqual([false, true]);
  });
});

const spec = {
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1' },
  paths: {
    '/notes': {
      get: {
        operationId: 'listNotes',
        parameters: [{ name: 'X-Note', in: 'header', schema: { type: 'string' }, example: 'a\tb é 😀' }],
        responses: {
          '200': {
            description: 'Long: cut to its first lines.',
            content: {
              'application/json': {
                schema: { type: 'array', items: { type: 'object' } },
                example: Array.from({ length: 30 }, (_, id) => ({ id, text: `<note> ${id}` })),
              },
            },
          },
          '201': {
            description: 'Short: shown whole.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { text: { type: 'string', example: '"é" <&>' } } },
              },
            },
          },
        },
      },
    },
  },
};

describe('an endpoint page', () => {
  it("carries no code in its request and response cards' props; the shown panels read as the code", async () => {
    const { site, endpointSlug } = specSite(spec, 'notes.json');
    const slug = endpointSlug('listNotes');
    const page = new Window().document;
    page.body.innerHTML = pageHtml(await renderDocsPage(site, slug, testRenderContext()));
    const full = buildPageView(site, highlighter, slug, { basePath: '' });
    if (full?.kind !== 'endpoint') throw new Error('no endpoint page');
    const props = (island: string) => {
      const element = page.querySelector(`[${ISLAND_ATTRIBUTE}="${island}"]`);
      return JSON.parse(element?.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as {
        tabs: { id: string; lines?: number; html: { id: string } }[];
      };
    };
    const request = props('code-tabs');
    const response = props('response-tabs');
    expect(request.tabs.map((t) => t.id)).toEqual(full.snippets.map((s) => s.id));
    expect(response.tabs.map((t) => t.lines)).toEqual([122, undefined]);
    expect(full.responseExamples[0]?.code.split('\n')).toHaveLength(122);
    for (const carried of [...request.tabs, ...response.tabs]) expect(carried).not.toHaveProperty('code');
    // What Copy copies of the tabs shown whole: each panel's text, the code.
    const text = (id: string) => page.querySelector(`[data-h="${id}"]`)?.textContent;
    for (const [i, t] of request.tabs.entries()) expect(text(t.html.id)).toBe(full.snippets[i]?.code);
    expect(text(response.tabs[1]?.html.id ?? '')).toBe(full.responseExamples[1]?.code);
  });
});
