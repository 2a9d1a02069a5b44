/**
 * The ranking rules applied over the engine's BM25 score, one small function each: how much of
 * the query a document has, how much of its title the query is, whether the query's words run
 * in the title in order, whether the query's API verb fits the endpoint's method and path, and
 * how much a kind counts.
 */
import type { SearchKind } from './documents.js';
import { queryTerms } from './text.js';

/** How much a kind counts when the query does not ask for it: schema types rank below operations and guides. */
export const KIND_WEIGHT: Record<SearchKind, number> = {
  page: 1,
  endpoint: 1,
  channel: 1,
  webhook: 0.8,
  type: 0.3,
};

/** Words that ask for a schema type ("customer object", "fields of Plant"), as index terms. */
export const TYPE_WORDS = new Set(
  queryTerms('schema type model object shape structure enum fields properties'),
);

/**
 * The share of the query a document has, each term counted by its rarity (BM25's idf), squared:
 * a document with both words of "create issue" beats one with many "issue"s, and missing a word
 * every page has ("request" in API docs) costs little.
 */
export function coverageWeight(matched: readonly number[], all: readonly number[]): number {
  const total = all.reduce((sum, idf) => sum + idf, 0);
  const share = total > 0 ? matched.reduce((sum, idf) => sum + idf, 0) / total : 0;
  return share * share;
}

/** BM25's inverse document frequency of a term found in `df` of `count` documents. */
export function idf(df: number, count: number): number {
  return Math.log(1 + (count - df + 0.5) / (df + 0.5));
}

/**
 * 1 to 3 by the share of the title's terms the document matched, squared: "Create an issue" is
 * wholly the query "create issue", "Create an issue comment" two thirds of it.
 */
export function titleWeight(title: readonly string[], matched: readonly string[]): number {
  if (title.length === 0) return 1;
  const share = title.filter((term) => matched.includes(term)).length / title.length;
  return 1 + 2 * share * share;
}

/** True when the query's terms (two or more) appear in the title one after the other, in order. */
export function inTitleOrder(query: readonly string[], title: readonly string[]): boolean {
  if (query.length < 2) return false;
  // A word being typed ("pul") counts for the title word it starts.
  const fits = (term: string, word: string | undefined) => word?.startsWith(term) === true;
  return title.some((_, start) => query.every((term, index) => fits(term, title[start + index])));
}

/** API verbs (as index terms) and the endpoints they fit: methods, and a collection or one item. */
const VERBS: Record<string, { methods: string[]; collection?: boolean }> = {
  creat: { methods: ['POST', 'PUT'], collection: true },
  list: { methods: ['GET'], collection: true },
  get: { methods: ['GET'] },
  updat: { methods: ['PATCH', 'PUT', 'POST'], collection: false },
  delet: { methods: ['DELETE'], collection: false },
};

/**
 * How well the query's first API verb fits an endpoint: its method (`create` → POST/PUT), and for
 * verbs about a collection or one item, whether the path ends with a parameter
 * (`update a customer` → POST /v1/customers/{customer}, not POST /v1/customers).
 */
export function verbWeight(
  terms: readonly string[],
  method: string | undefined,
  path: string | undefined,
): number {
  const verb = terms.map((term) => VERBS[term]).find(Boolean);
  if (!verb || !method) return 1;
  let weight = verb.methods.includes(method) ? 1.25 : 0.85;
  if (verb.collection !== undefined && path) {
    const item = /\}[^/]*\/?$/.test(path);
    weight *= item === !verb.collection ? 1.15 : 0.9;
  }
  return weight;
}
