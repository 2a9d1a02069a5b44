/**
 * The site's search index, built once per site load (local) or publish/load (hosted): every
 * markdown page, endpoint, channel, webhook and type, as a serialised MiniSearch index the
 * search dialog fetches lazily.
 */
import { type ApiDefinition, type DocsDefinition, walkNavigation } from '@sextant/definition';
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
    const parent = ancestors[ancestors.length - 1];
    const section = parent && parent.type !== 'link' ? parent.title : undefined;
    const base = { id: '', slug: '', title: item.title, section };
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
  return JSON.stringify(searchIndexOf(searchDocuments(definition, apis)));
}

/** One search hit: the indexed document's stored fields, its text, and the score. */
export type SearchHit = Pick<SearchDocument, 'slug' | 'title' | 'kind' | 'method' | 'path' | 'text'> & {
  score: number;
};

/**
 * Searches the site's documents on the server (the MCP endpoint's `search_docs`) with the
 * options the search dialog uses; when every word must match and nothing does, any word may.
 */
export function searchSiteDocuments(
  documents: SearchDocument[],
  index: MiniSearch<SearchDocument>,
  query: string,
): SearchHit[] {
  const bySlug = new Map(documents.map((doc) => [doc.slug, doc]));
  let results = index.search(query);
  if (results.length === 0) results = index.search(query, { combineWith: 'OR' });
  return results.flatMap((result) => {
    const doc = bySlug.get(String(result.id));
    return doc
      ? [
          {
            slug: doc.slug,
            title: doc.title,
            kind: doc.kind,
            method: doc.method,
            path: doc.path,
            text: doc.text,
            score: result.score,
          },
        ]
      : [];
  });
}

/** A MiniSearch index of `documents` (what `buildSearchIndex` serialises). */
export function searchIndexOf(documents: SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  index.addAll(documents);
  return index;
}
