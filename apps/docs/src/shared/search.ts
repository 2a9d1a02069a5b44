/** The search index format, shared by the server (which builds it) and the search dialog. */

export interface SearchDocument {
  /** The page slug: unique. */
  id: string;
  slug: string;
  title: string;
  kind: 'page' | 'endpoint' | 'channel' | 'webhook' | 'type' | 'section';
  method?: string;
  path?: string;
  /** Plain text of the description, truncated. */
  text?: string;
  /** The section or API the page sits in. */
  section?: string;
}

/** MiniSearch options; the same on both sides so `loadJSON` reads what the server wrote. */
export const SEARCH_OPTIONS = {
  fields: ['title', 'path', 'text', 'section', 'method'],
  storeFields: ['slug', 'title', 'kind', 'method', 'path'],
  searchOptions: {
    boost: { title: 3, path: 2 },
    // Prefix matching for the word being typed only, and no fuzziness for short words: "get a
    // repository" must rank "Get a repository" first, not every title containing an "a…" word.
    prefix: (_term: string, index: number, terms: string[]) => index === terms.length - 1,
    fuzzy: (term: string) => (term.length > 4 ? 0.2 : false),
    combineWith: 'AND' as const,
  },
};
