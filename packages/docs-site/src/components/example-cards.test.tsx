/**
 * A spec example that breaks its schema is shown as written with a note saying what is wrong
 * (issue #29 item 2); a valid one carries no note. From a real import through the page view.
 */
import { Window } from 'happy-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HighlighterCore } from 'shiki/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHighlighter } from '../server/highlight.js';
import { buildPageView } from '../server/page-view.js';
import { specSite } from '../testing/spec-site.js';
import { Examples } from './example-cards.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1' },
  paths: {
    '/orders': {
      post: {
        operationId: 'createOrder',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['quantity'],
                properties: { quantity: { type: 'integer', minimum: 1 }, note: { type: 'string' } },
              },
              examples: {
                good: { value: { note: 'gift', quantity: 2 } },
                bad: { value: { quantity: 'two' } },
              },
            },
          },
        },
        responses: { '201': { description: 'Created' } },
      },
    },
  },
};

let highlighter: HighlighterCore;
beforeAll(async () => {
  highlighter = await loadHighlighter();
});

function examplesOfPage() {
  const { site, endpointSlug } = specSite(spec, 'orders.json');
  const view = buildPageView(site, highlighter, endpointSlug('createOrder'), { basePath: '' });
  return view?.kind === 'endpoint' ? view.examples : [];
}

describe('spec examples on the reference page', () => {
  it('an invalid one is shown as written with a note naming the place and the reason; a valid one has none', () => {
    const examples = examplesOfPage();
    const byName = Object.fromEntries(examples.map((example) => [example.name, example]));
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['good', 'bad']));
    expect(byName.good?.note).toBeUndefined();
    expect(byName.bad?.note).toMatch(/^This example does not match the schema: request body at \/quantity: /);
    const { document } = new Window();
    const root = document.createElement('div');
    root.innerHTML = renderToStaticMarkup(<Examples examples={examples} fullPageUrl="" />);
    const notes = [...root.querySelectorAll('.sx-example-note[role="note"]')].map((note) => note.textContent);
    expect(notes).toEqual([byName.bad?.note]);
    // Shown as written: the bad example's value is its own, not a replacement.
    expect(root.textContent).toContain('"two"');
    expect(root.textContent).toContain('"gift"');
  });
});
