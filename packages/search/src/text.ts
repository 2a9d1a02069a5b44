/**
 * How text becomes terms, the same way for documents and queries: words and identifier parts
 * (`listPullRequests`, `pull_request`, `issues/create`), lower-cased, common words dropped, API
 * verbs folded onto one word each (create/add/new, delete/remove, update/edit/patch, get/fetch,
 * list/"get all"), then a light English stemmer (plurals, -ing, -ed, -ation, a final e), so
 * "Create an issue", "creating issues" and "new issue" meet.
 */

/** Words too common to tell documents apart (questions are full of them). */
const STOPWORDS = new Set(
  (
    'a an and are as at be by can could do does for from how i if in into is it its me my of on or our ' +
    'should so than that the their them then there these this those to us was we what when where which ' +
    'who why will with would you your endpoint endpoints operation api call way want need all every have has any'
  ).split(' '),
);

/** API verbs a reader uses interchangeably, folded onto the first of each group. */
const VERB_GROUPS: string[][] = [
  ['create', 'add', 'new', 'make', 'insert', 'post', 'publish'],
  ['delete', 'remove', 'destroy', 'erase', 'del'],
  ['update', 'edit', 'modify', 'change', 'patch'],
  ['get', 'retrieve', 'fetch', 'read', 'show', 'view', 'lookup'],
  ['list', 'enumerate'],
  ['property', 'field', 'attribute', 'properties', 'fields', 'attributes'],
  ['authentication', 'auth', 'authenticate', 'authenticating', 'authenticated'],
];

const SYNONYMS = new Map<string, string>(
  VERB_GROUPS.flatMap(([head, ...rest]) => rest.map((word): [string, string] => [word, head as string])),
);

/** Phrases folded before splitting: "get all issues" is "list issues". */
const PHRASES: [RegExp, string][] = [[/\b(?:get|fetch|retrieve|show|find|see)\s+(?:all|every)\b/gi, 'list']];

const VOWEL = /[aeiouy]/;

/**
 * A light English stemmer: the endings that separate a reader's word from the docs' word, and no
 * more (an aggressive stemmer conflates API names: "organization" and "organize").
 * @example stem('repositories') // 'repository'
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:x|ch|sh|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w) && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith('ation') && w.length > 7) w = w.slice(0, -3);
  else if (w.endsWith('ing') && w.length > 5 && VOWEL.test(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 4 && VOWEL.test(w.slice(0, -2))) w = undouble(w.slice(0, -2));
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** "runn" → "run", "stopp" → "stop"; "pull" and "access" keep theirs. */
function undouble(w: string): string {
  return /([bdgmnprt])\1$/.test(w) ? w.slice(0, -1) : w;
}

/** One word (already lower case) as its index term, or undefined for a stopword. */
export function normalizeWord(word: string): string | undefined {
  if (word.length === 0 || STOPWORDS.has(word)) return undefined;
  return stem(SYNONYMS.get(word) ?? word);
}

/** The parts of an identifier: `listPullRequests` → list, Pull, Requests; `pull_request` → pull, request. */
function identifierParts(raw: string): string[] {
  return raw
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean);
}

const WORD = /[\p{L}\p{N}_]+/gu;

/**
 * The terms of a document's text: each word, identifiers by their parts (`pullRequest`,
 * `pull_request` → pull, request). Whole identifiers are no terms: "pullnumber" would match
 * every query starting "pull" as a prefix and say nothing the parts do not.
 */
export function documentTerms(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.match(WORD) ?? [])
    for (const part of identifierParts(raw)) {
      const term = normalizeWord(part.toLowerCase());
      if (term) out.push(term);
    }
  return out;
}

/**
 * The terms of a query, in order, without repeats. Identifiers are split into their parts (the
 * whole form would be a term nothing else has, and lower every document's share of the query).
 * @example queryTerms('How do I create an issue?') // ['create', 'issu']
 */
export function queryTerms(query: string): string[] {
  let text = query;
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, replacement);
  const out: string[] = [];
  for (const raw of text.match(WORD) ?? [])
    for (const part of identifierParts(raw)) {
      const term = normalizeWord(part.toLowerCase());
      if (term && !out.includes(term)) out.push(term);
    }
  return out;
}

/** A name with only its letters and digits, lower case: `issue-comment`, `IssueComment` → `issuecomment`. */
export function compactName(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}
