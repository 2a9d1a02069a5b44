/**
 * The Response card shows a spec response example that breaks its schema as written, with the
 * same note as the example cards (`exampleProblemNote`); a valid or synthesised one has none.
 */
import { exampleProblemNote } from '@sextant/definition';
import { Window } from 'happy-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HighlighterCore } from 'shiki/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHighlighter } from '../server/highlight.js';
import { buildPageView } from '../server/page-view.js';
import { specSite } from '../testing/spec-site.js';
import { ResponseTabs } from './response-tabs.js';

const order = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: { type: 'integer' }, status: { type: 'string', enum: ['open', 'paid'] } },
};

function json(schema: unknown, example?: unknown) {
  return { 'application/json': example === undefined ? { schema } : { schema, example } };
}

const spec = {
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1' },
  paths: {
    '/orders/{id}': {
      get: {
        operationId: 'getOrder',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          // Invalid as written: id is a string, status not in the enum, key order kept.
          '200': { description: 'ok', content: json(order, { status: 'lost', id: 'seven' }) },
          '404': {
            description: 'missing',
            content: json(
              { type: 'object', properties: { message: { type: 'string' } } },
              { message: 'gone' },
            ),
          },
          '500': {
            description: 'broken',
            content: json({ type: 'object', properties: { code: { type: 'integer' } } }),
          },
        },
      },
    },
  },
};

let highlighter: HighlighterCore;
beforeAll(async () => {
  highlighter = await loadHighlighter();
});

function responseTabsOfPage() {
  const { definition, site, endpointSlug } = specSite(spec, 'orders.json');
  const view = buildPageView(site, highlighter, endpointSlug('getOrder'), { basePath: '' });
  if (view?.kind !== 'endpoint') throw new Error('no endpoint page');
  return { tabs: view.responseExamples, examples: definition.endpoints.getOrder?.examples ?? [] };
}

describe('the Response card', () => {
  it('notes the invalid spec example of a status, shown as written; valid and synthesised tabs have no note', () => {
    const { tabs, examples } = responseTabsOfPage();
    expect(tabs.map((tab) => tab.label)).toEqual(['200', '404', '500']);
    const [ok, missing, broken] = tabs;
    expect(ok?.note).toMatch(/^This example does not match the schema: response body at \/id: /);
    expect(ok?.note).toContain('response body at /status');
    // One wording: the same sentence the IR's problems give anywhere else.
    const spec200 = examples.find((example) => example.responseStatusCode === 200);
    expect(ok?.note).toBe(exampleProblemNote(spec200?.problems));
    expect(JSON.parse(ok?.code ?? '')).toEqual({ status: 'lost', id: 'seven' });
    expect(Object.keys(JSON.parse(ok?.code ?? ''))).toEqual(['status', 'id']);
    expect(missing?.note).toBeUndefined();
    expect(broken?.note).toBeUndefined();

    const { document } = new Window();
    const root = document.createElement('div');
    root.innerHTML = renderToStaticMarkup(<ResponseTabs tabs={tabs} fullPageUrl="" />);
    const notes = [...root.querySelectorAll('.sx-example-note[role="note"]')].map((note) => note.textContent);
    expect(notes).toEqual([ok?.note]);
    expect(root.textContent).toContain('"seven"');
  });

  it('shows no note when the selected tab is valid', () => {
    const { tabs } = responseTabsOfPage();
    const valid = tabs.filter((tab) => tab.note === undefined);
    const { document } = new Window();
    const root = document.createElement('div');
    root.innerHTML = renderToStaticMarkup(<ResponseTabs tabs={valid} fullPageUrl="" />);
    expect(root.querySelectorAll('.sx-example-note')).toHaveLength(0);
  });
});
