/**
 * The site's search index, built once per site load (local) or publish/load (hosted): every
 * markdown page, endpoint, channel, webhook and type, as a serialised MiniSearch index the
 * search dialog fetches lazily. Hidden pages (and everything under a hidden entry) are left out.
 */
import {
  type ApiDefinition,
  type DocsDefinition,
  isHiddenNavItem,
  plainTitle,
  walkNavigation,
} from '@sextant/definition';
import MiniSearch from 'minisearch';
import { pathText } from '../shared/format.js';
import { SEARCH_OPTIONS, type SearchDocument } from '../shared/search.js';
import { markdownToText } from './markdown.js';

const MAX_TEXT = 300;

/** The documents of the index, one per page. */
export function searchDocuments(
  definition: DocsDefinition,
  apis: Record<string, ApiDefinition>,
): SearchDocument[] {
  const docs: SearchDocument[] = [];
  const text = (value: string | undefined) => (value ? markdownToText(value).slice(0, MAX_TEXT) : undefined);
  walkNavigation(definition.navigation, (item, ancestors) => {
    // A hidden page is reachable by its URL only: neither its slug nor its text is indexed.
    if (isHiddenNavItem(item, ancestors)) return;
    const parent = ancestors[ancestors.length - 1];
    const section = parent && parent.type !== 'link' ? parent.title : undefined;
    const base = { id: '', slug: '', title: plainTitle(item.title), section };
    // An operation is found by its whole summary; its sidebar label may be a shortened name.
    const full = (title: string | undefined) => (title ? { title: plainTitle(title) } : {});
    switch (item.type) {
      case 'link':
      case 'section':
      case 'apiReference':
      case 'group':
        return;
      case 'page': {
        const page = definition.pages[item.pageId];
        docs.push({ ...base, id: item.slug, slug: item.slug, kind: 'page', text: text(page?.markdown) });
        return;
      }
      case 'endpoint': {
        const endpoint = apis[item.apiId]?.endpoints[item.endpointId];
        docs.push({
          ...base,
          id: item.slug,
          slug: item.slug,
          ...full(endpoint?.title),
          kind: 'endpoint',
          method: item.method,
          path: endpoint ? pathText(endpoint.path) : undefined,
          text: text(endpoint?.description),
        });
        return;
      }
      case 'channel': {
        const channel = apis[item.apiId]?.websockets[item.channelId];
        docs.push({
          ...base,
          id: item.slug,
          slug: item.slug,
          ...full(channel?.title),
          kind: 'channel',
          method: 'WSS',
          path: channel ? pathText(channel.path) : undefined,
          text: text(channel?.description),
        });
        return;
      }
      case 'webhook': {
        const webhook = apis[item.apiId]?.webhooks[item.webhookId];
        docs.push({
          ...base,
          id: item.slug,
          slug: item.slug,
          ...full(webhook?.title),
          kind: 'webhook',
          path: webhook?.name,
          text: text(webhook?.description),
        });
        return;
      }
      case 'type': {
        const type = apis[item.apiId]?.types[item.typeId];
        docs.push({ ...base, id: item.slug, slug: item.slug, kind: 'type', text: text(type?.description) });
        return;
      }
    }
  });
  return docs;
}

/** The serialised index (MiniSearch JSON) the client loads with `MiniSearch.loadJSON`. */
export function buildSearchIndex(definition: DocsDefinition, apis: Record<string, ApiDefinition>): string {
  const index = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  index.addAll(searchDocuments(definition, apis));
  return JSON.stringify(index);
}
