/**
 * The one index and ranking of a docs site, on MiniSearch (BM25 with field boosts, a radix tree
 * for prefix and fuzzy terms). The same class answers the search box (in the browser for small
 * sites, on the server for large ones), MCP `search_docs` and Ask AI retrieval.
 *
 * Ranking, in order:
 * 1. A path query (`/repos/octocat/hello/pulls`, `GET /repos/{owner}/{repo}/pulls`) puts the
 *    endpoints whose template matches first, the most literal segments first, the method's own first.
 * 2. Words: any query word may match (OR), a document's BM25 score is weighted by the share of
 *    the query's words it has (squared), by a bonus when its title is wholly the query's, and by
 *    its kind: schema types count a third of an endpoint or guide unless the query names a type
 *    (`NewBook`, `pull-request`, or words like "schema", "object", "fields").
 * Words of 3 letters or more, and the last word being typed, match as prefixes; words of 4 letters
 * or more match with one typo.
 */

import MiniSearch, { type SearchOptions as MiniSearchOptions, type Options } from 'minisearch';
import {
  type SearchDocument,
  type SearchKind,
  STORED_OPTIONAL_FIELDS,
  type StoredDocument,
} from './documents.js';
import { SearchIndexFormatError } from './errors.js';
import { matchPathTemplate, parsePathQuery } from './path-match.js';
import {
  coverageWeight,
  idf,
  inTitleOrder,
  KIND_WEIGHT,
  TYPE_WORDS,
  titleWeight,
  verbWeight,
} from './ranking.js';
import { compactName, documentTerms, queryTerms } from './text.js';

export interface SearchHit extends StoredDocument {
  /** The document's position in the site's documents. */
  id: number;
  /** `slug#anchor`, or the slug. */
  url: string;
  score: number;
}

export interface SearchOptions {
  /** How many hits (default 10). */
  limit?: number;
  /** At most this many hits of one page (default 1: one section per page). */
  perSlug?: number;
  /** Only these kinds. */
  kinds?: SearchKind[];
  /** Only the documents of this page (its sections). */
  slug?: string;
}

/** The index as JSON, for `loadSearchIndex` (the browser's offline index). */
export interface SerializedSearchIndex {
  version: typeof FORMAT_VERSION;
  docs: StoredDocument[];
  index: unknown;
}

const FORMAT_VERSION = 1;
/** How many of the engine's results the ranking rules re-weigh. */
const RERANKED = 400;
const MAX_QUERY_CHARS = 500;

// The method is no field: every GET would match "get"; `GET /path` queries match it instead.
const FIELDS = ['title', 'page', 'lead', 'path', 'operationId', 'section', 'params', 'text'] as const;
const BOOST: Record<(typeof FIELDS)[number], number> = {
  title: 6,
  page: 2,
  lead: 2,
  path: 1.5,
  operationId: 1,
  section: 1.5,
  params: 1,
  text: 1,
};

const WORD = /[\p{L}\p{N}_]+/gu;

const INDEX_OPTIONS: Options<SearchDocument & { id: number }> = {
  idField: 'id',
  fields: [...FIELDS],
  storeFields: [],
  // A title's repeated word counts once ("Request reviewers for a pull request" is not more about requests).
  // A title is indexed as its distinct terms: "Request reviewers for a pull request" is no more
  // about requests than "Get a pull request" (the terms are made here, so not processed again).
  extractField: (doc, field) =>
    field === 'title'
      ? [...new Set(documentTerms(doc.title))].join(' ')
      : (doc[field as keyof SearchDocument] as string | undefined),
  tokenize: (text, field) => (field === 'title' ? text.split(' ') : (text.match(WORD) ?? [])),
  processTerm: (term, field) => (field === 'title' ? term : documentTerms(term)),
};

const storedOf = (doc: SearchDocument): StoredDocument => {
  const stored: StoredDocument = { slug: doc.slug, kind: doc.kind, title: doc.title };
  for (const key of STORED_OPTIONAL_FIELDS) if (doc[key] !== undefined) stored[key] = doc[key];
  return stored;
};

export class SearchIndex {
  private readonly typeNames = new Map<string, number[]>();
  private readonly titleTerms: string[][];

  constructor(
    private readonly docs: StoredDocument[],
    private readonly mini: MiniSearch,
  ) {
    this.titleTerms = docs.map((doc) => queryTerms(doc.title));
    docs.forEach((doc, id) => {
      if (doc.kind !== 'type') return;
      const name = compactName(doc.title);
      this.typeNames.set(name, [...(this.typeNames.get(name) ?? []), id]);
    });
  }

  /** How many documents the index holds.
  get size(): number {
    return this.docs.length;
  }

  /** The stored fields of document `id`. */
  document(id: number): StoredDocument | undefined {
    return this.docs[id];
  }

  /**
   * The types the query names, and whether it asks for types at all: a type word ("object",
   * "fields", "schema"), or a type's name written as one (`NewBook`, `pull-request`, or alone
   * and capitalised). With a type word, any type whose name is a word of the query is named.
   */
  private typeIntent(query: string, terms: string[]): { wanted: boolean; named: Set<number> } {
    const named = new Set<number>();
    const words = query.match(/[\p{L}\p{N}_-]+/gu) ?? [];
    const typeWord = terms.some((term) => TYPE_WORDS.has(term));
    for (const word of words) {
      const identifier = /[a-z][A-Z]|[-_]/.test(word) || (words.length === 1 && /^[A-Z]/.test(word));
      const ids = identifier || typeWord ? this.typeNames.get(compactName(word)) : undefined;
      if (ids) for (const id of ids) named.add(id);
    }
    return { wanted: typeWord || named.size > 0, named };
  }

  /**
   * The best documents for `query`, best first.
   * @example index.search('create issue', { limit: 3 }) // [{ title: 'Create an issue', method: 'POST', path: '/repos/{owner}/{repo}/issues', … }, …]
   */
  search(query: string, options: SearchOptions = {}): SearchHit[] {
    const { limit = 10, perSlug = 1, kinds, slug } = options;
    const text = query.slice(0, MAX_QUERY_CHARS);
    const scores = new Map<number, number>();
    const pathQuery = parsePathQuery(text);
    if (pathQuery) {
      this.docs.forEach((doc, id) => {
        if (!doc.path || (doc.kind !== 'endpoint' && doc.kind !== 'channel')) return;
        const match = matchPathTemplate(doc.path, pathQuery);
        if (!match) return;
        const method = pathQuery.method === undefined ? 0 : pathQuery.method === doc.method ? 5 : -50;
        scores.set(id, 1e6 + (match.full ? 1000 : 0) + match.literals * 10 + method);
      });
    }
    let terms = queryTerms(pathQuery ? text.replace(/\b[A-Z]+\s+(?=\/)/, '') : text);
    const intent = this.typeIntent(text, terms);
    // "customer object": the type word says what to look for, not a word the type's page has.
    if (intent.wanted) terms = terms.filter((term) => !TYPE_WORDS.has(term) || terms.length === 1);
    // A path that fills the page with matching templates needs no word search.
    if (terms.length > 0 && scores.size < limit) {
      const searchOptions: MiniSearchOptions = {
        combineWith: 'OR',
        boost: BOOST,
        prefix: (term, index, all) => term.length >= 3 || index === all.length - 1,
        fuzzy: (term) => (term.length >= 4 ? 1 : false),
        tokenize: (q) => q.split(' '),
        processTerm: (term) => term,
      };
      const results = this.mini.search(terms.join(' '), searchOptions);
      // How rare each query term is: the documents it matched (with its prefixes and typos) in this search.
      const found = new Map<string, number>();
      for (const result of results)
        for (const term of result.queryTerms) found.set(term, (found.get(term) ?? 0) + 1);
      const weights = new Map(terms.map((term) => [term, idf(found.get(term) ?? 0, this.docs.length)]));
      const all = [...weights.values()];
      // The engine's best few hundred are re-weighted: past them no weight lifts a document to the top.
      for (const result of results.slice(0, RERANKED)) {
        const id = result.id as number;
        const doc = this.docs[id];
        if (!doc) continue;
        const title = this.titleTerms[id] ?? [];
        let kind = KIND_WEIGHT[doc.kind];
        // A named type is the answer when the query is only its name ("issue-comment", "customer
        // object"); "confirm a PaymentIntent" names one but asks for an operation.
        if (doc.kind === 'type' && intent.wanted)
          kind = !intent.named.has(id) ? 1 : terms.every((term) => title.includes(term)) ? 3 : 1.2;
        const score =
          result.score *
          kind *
          coverageWeight(
            result.queryTerms.map((term) => weights.get(term) ?? 0),
            all,
          ) *
          titleWeight(title, result.terms) *
          (inTitleOrder(terms, title) ? 1.3 : 1) *
          (doc.kind === 'endpoint' ? verbWeight(terms, doc.method, doc.path) : 1);
        scores.set(id, (scores.get(id) ?? 0) + score);
      }
    }
    const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const perPage = new Map<string, number>();
    const hits: SearchHit[] = [];
    for (const [id, score] of ranked) {
      const doc = this.docs[id] as StoredDocument;
      if ((kinds && !kinds.includes(doc.kind)) || (slug !== undefined && doc.slug !== slug)) continue;
      const seen = perPage.get(doc.slug) ?? 0;
      if (seen >= perSlug) continue;
      perPage.set(doc.slug, seen + 1);
      hits.push({ ...doc, id, url: doc.anchor ? `${doc.slug}#${doc.anchor}` : doc.slug, score });
      if (hits.length >= limit) break;
    }
    return hits;
  }

  toJSON(): SerializedSearchIndex {
    return { version: FORMAT_VERSION, docs: this.docs, index: this.mini.toJSON() };
  }
}

/**
 * Indexes `documents` (from `siteSearchDocuments`); a document's id is its position.
 * @example const index = createSearchIndex(siteSearchDocuments(definition, apis))
 */
export function createSearchIndex(documents: SearchDocument[]): SearchIndex {
  const mini = new MiniSearch<SearchDocument & { id: number }>(INDEX_OPTIONS);
  mini.addAll(documents.map((doc, id) => ({ ...doc, id })));
  return new SearchIndex(documents.map(storedOf), mini as unknown as MiniSearch);
}

/** Reads an index `SearchIndex.toJSON()` wrote (as JSON text or parsed). */
export function loadSearchIndex(json: string | SerializedSearchIndex): SearchIndex {
  const data = typeof json === 'string' ? (JSON.parse(json) as SerializedSearchIndex) : json;
  if (data.version !== FORMAT_VERSION) throw new SearchIndexFormatError(data.version, FORMAT_VERSION);
  const mini = MiniSearch.loadJS(data.index as Parameters<typeof MiniSearch.loadJS>[0], INDEX_OPTIONS);
  return new SearchIndex(data.docs, mini as unknown as MiniSearch);
}
