/**
 * The page view as embedded in the HTML for hydration: only what the first render reads. The
 * definition slice keeps the types the server render looked up (labels, counts of the collapsed
 * details) and drops the examples' values (the client copies them from the full view, fetched
 * when a reader asks); nested types come with the full view when a reader expands one.
 */
import type { ApiDefinition } from '@sextant/definition';
import { renderToString } from 'react-dom/server';
import { Page } from '../components/page.js';
import { summaryOf } from '../components/type-view.js';
import type { PageView, SiteView } from '../shared/page-data.js';

/** `types` that records every id read from it, present or not. */
function recordingTypes(types: ApiDefinition['types'], read: Set<string>): ApiDefinition['types'] {
  return new Proxy(types, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key, receiver);
    },
    // A render that lists the types needs them all: stop trimming.
    ownKeys(target) {
      read.add('*');
      return Reflect.ownKeys(target);
    },
  });
}

function withoutExampleValues(page: PageView): PageView {
  if (page.kind === 'endpoint') {
    const endpoint = page.definition.endpoints[page.endpointId];
    if (!endpoint) return page;
    const endpoints = { ...page.definition.endpoints, [endpoint.id]: { ...endpoint, examples: [] } };
    return { ...page, definition: { ...page.definition, endpoints } };
  }
  if (page.kind === 'webhook') {
    const webhook = page.definition.webhooks[page.webhookId];
    if (!webhook) return page;
    const webhooks = { ...page.definition.webhooks, [page.webhookId]: { ...webhook, examples: [] } };
    return { ...page, definition: { ...page.definition, webhooks } };
  }
  return page;
}

/** `page` with its definition trimmed to what rendering it reads; other kinds as they are. */
export function shippedView(page: PageView, site: SiteView): PageView {
  if (!('definition' in page)) return page;
  const trimmed = withoutExampleValues(page);
  if (!('definition' in trimmed)) return trimmed;
  const read = new Set<string>();
  const recording = {
    ...trimmed,
    definition: { ...trimmed.definition, types: recordingTypes(trimmed.definition.types, read) },
  } as PageView;
  const html = renderToString(<Page data={{ site, page: recording }} />);
  if (read.has('*')) return trimmed;
  const types: ApiDefinition['types'] = {};
  for (const id of read) {
    const type = trimmed.definition.types[id];
    if (type && Object.hasOwn(trimmed.definition.types, id)) types[id] = type;
  }
  return withSummaries({ ...trimmed, definition: { ...trimmed.definition, types } } as ApiPage, site, html);
}

type ApiPage = Extract<PageView, { definition: ApiDefinition }>;
/** Types smaller than this stay in the slice: a summary would save little. */
const SUMMARY_MIN_BYTES = 1024;
const MAX_SUMMARY_TRIES = 24;

/**
 * Replaces types the page reads only to label a collapsed details button (`Show 80 properties`)
 * by that label. A type is left out only when the page renders to the very same HTML without it,
 * so hydration sees what the server rendered.
 */
function withSummaries(page: ApiPage, site: SiteView, html: string): PageView {
  const candidates = Object.entries(page.definition.types)
    .map(([id, type]) => ({ id, bytes: JSON.stringify(type).length }))
    .filter((c) => c.bytes >= SUMMARY_MIN_BYTES)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, MAX_SUMMARY_TRIES);
  let current = page;
  for (const { id } of candidates) {
    const summary = summaryOf({ type: 'id', id }, page.definition);
    if (!summary) continue;
    const { [id]: _left, ...types } = current.definition.types;
    const candidate = {
      ...current,
      summaries: { ...current.summaries, [id]: summary },
      definition: { ...current.definition, types },
    } as ApiPage;
    if (renderToString(<Page data={{ site, page: candidate }} />) === html) current = candidate;
  }
  return current;
}
