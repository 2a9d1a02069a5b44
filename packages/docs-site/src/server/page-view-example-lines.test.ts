/**
 * Long examples in the page view: a response example is highlighted to its first `exampleLines`
 * lines and records its whole count; one of exactly that many lines is whole and records none.
 */
import type { HighlighterCore } from 'shiki/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { specSite } from '../testing/spec-site.js';
import { loadHighlighter } from './highlight.js';
import { buildPageView } from './page-view.js';

/** A spec whose one response example is a JSON list printing as `items + 2` lines. */
function specWithList(items: number) {
  const example = Array.from({ length: items }, (_, i) => i);
  return {
    openapi: '3.1.0',
    info: { title: 'Numbers', version: '1' },
    paths: {
      '/numbers': {
        get: {
          operationId: 'listNumbers',
          responses: {
            '200': {
              description: 'The numbers',
              content: {
                'application/json': { schema: { type: 'array', items: { type: 'integer' } }, example },
              },
            },
          },
        },
      },
    },
  };
}

let highlighter: HighlighterCore;
beforeAll(async () => {
  highlighter = await loadHighlighter();
});

function responseTab(items: number, exampleLines: number) {
  const { site, endpointSlug } = specSite(specWithList(items), 'numbers.json');
  const view = buildPageView(site, highlighter, endpointSlug('listNumbers'), { basePath: '', exampleLines });
  if (view?.kind !== 'endpoint') throw new Error('no endpoint page');
  const tab = view.responseExamples[0];
  if (!tab) throw new Error('no response tab');
  return tab;
}

const shownLines = (html: string) => html.split('\n').length;
/** The example's text as shown, without the highlighting's elements, line by line. */
const shownText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .split('\n')
    .map((line) => line.trim());

describe('response examples cut to their first lines', () => {
  it('keeps an example of exactly the limit whole, with no line count', () => {
    const tab = responseTab(8, 10);
    expect(tab.code.split('\n')).toHaveLength(10);
    expect(tab.lines).toBeUndefined();
    expect(shownLines(tab.html.__html)).toBe(10);
    expect(shownText(tab.html.__html)).toContain('7');
  });

  it('cuts an example one line longer to the limit and records its whole count', () => {
    const tab = responseTab(9, 10);
    expect(tab.lines).toBe(11);
    expect(shownLines(tab.html.__html)).toBe(10);
    // `[`, then 0 to 8: the closing `]` is the line cut off.
    expect(shownText(tab.html.__html).at(-1)).toBe('8');
    expect(shownText(tab.html.__html)).not.toContain(']');
    // Copy copies the whole.
    expect(tab.code.split('\n')).toHaveLength(11);
  });

  it('keeps every line without a limit', () => {
    const tab = responseTab(500, Number.POSITIVE_INFINITY);
    expect(tab.lines).toBeUndefined();
    expect(shownLines(tab.html.__html)).toBe(502);
  });
});

describe('the response example shown twice (response tab and examples)', () => {
  it('shows the same cut text in both, each with its own html id and the whole count', () => {
    const { site, endpointSlug } = specSite(specWithList(9), 'numbers.json');
    const view = buildPageView(site, highlighter, endpointSlug('listNumbers'), {
      basePath: '',
      exampleLines: 10,
    });
    if (view?.kind !== 'endpoint') throw new Error('no endpoint page');
    const tab = view.responseExamples[0];
    const example = view.examples[0];
    if (!tab || !example?.response) throw new Error('no response example');
    expect(example.response.__html).toBe(tab.html.__html);
    expect(example.responseLines).toBe(11);
    expect(tab.lines).toBe(11);
    // Each element marks its own server HTML: an id shared by two would leave the second to the first's.
    expect(example.response.id).not.toBe(tab.html.id);
    expect(example.response).not.toBe(tab.html);
  });
});
