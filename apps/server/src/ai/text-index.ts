/**
 * A small BM25 index over passages, for questions in plain language: any word may match (a
 * question's words are not all in one passage, unlike the search box's AND of typed words), titles
 * and URL paths weigh more than body text, identifiers split at camelCase and `_`/`-`, common
 * words are skipped and plural/verb endings folded. The site's MiniSearch index is built for the
 * search box (prefix matching, AND, 300 characters of text per page) and lives in @sextant/docs.
 */

const STOPWORDS = new Set(
  'a an and are as at be by can do does for from how i if in is it its me my of on or so that the their them then there these this to was what when where which who why will with you your'.split(
    ' ',
  ),
);

/** Words a reader uses for what the reference calls otherwise (both ways). */
const SYNONYMS: Record<string, string> = {
  field: 'property',
  attribute: 'property',
  remove: 'delete',
  create: 'add',
  auth: 'authentication',
};

/** Longest stem: longer words are cut, so "authenticate" and "authentication" meet. */
const STEM_LENGTH = 7;

/**
 * Folds common English endings ("plants" → "plant", "uploading" → "upload", "filtered" →
 * "filter") and cuts long words to their first letters.
 */
function stem(word: string): string {
  let out = word;
  if (out.length > 5 && out.endsWith('ing')) out = out.slice(0, -3);
  else if (out.length > 4 && out.endsWith('ies')) out = `${out.slice(0, -3)}y`;
  else if (out.length > 4 && out.endsWith('ed')) out = out.slice(0, -2);
  else if (out.length > 4 && /(ss|x|ch|sh)es$/.test(out)) out = out.slice(0, -2);
  else if (out.length > 3 && out.endsWith('s') && !out.endsWith('ss')) out = out.slice(0, -1);
  return out.slice(0, STEM_LENGTH);
}

/** The terms of a text: words and identifier parts, lower-cased, stemmed, without stopwords. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.match(/[\p{L}\p{N}_]+/gu) ?? []) {
    const parts = raw
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .split(/[\s_]+/)
      .filter(Boolean);
    const words = parts.length > 1 ? [raw, ...parts] : parts;
    for (const word of words) {
      const lower = word.toLowerCase();
      if (lower.length < 2 || STOPWORDS.has(lower)) continue;
      out.push(stem(lower));
      const singular = lower.replace(/s$/, '');
      const synonym = SYNONYMS[lower] ?? SYNONYMS[singular];
      if (synonym) out.push(stem(synonym));
    }
  }
  return out;
}

export interface IndexedField {
  text: string;
  /** How much one occurrence counts. */
  weight: number;
}

export interface TextIndex {
  /** Document numbers, best first, with their scores (only those matching a term). */
  search(query: string, limit: number): { doc: number; score: number }[];
}

const K1 = 1.2;
const B = 0.75;

/** Builds the index; documents are numbered by their position in `documents`. */
export function buildTextIndex(documents: IndexedField[][]): TextIndex {
  const postings = new Map<string, Map<number, number>>();
  const lengths: number[] = [];
  documents.forEach((fields, doc) => {
    let length = 0;
    for (const field of fields) {
      for (const term of terms(field.text)) {
        let list = postings.get(term);
        if (!list) {
          list = new Map();
          postings.set(term, list);
        }
        list.set(doc, (list.get(doc) ?? 0) + field.weight);
        length += field.weight;
      }
    }
    lengths.push(length);
  });
  const count = documents.length;
  const average = lengths.reduce((sum, n) => sum + n, 0) / Math.max(count, 1) || 1;
  return {
    search(query, limit) {
      const scores = new Map<number, number>();
      for (const term of new Set(terms(query))) {
        const list = postings.get(term);
        if (!list) continue;
        const idf = Math.log(1 + (count - list.size + 0.5) / (list.size + 0.5));
        for (const [doc, frequency] of list) {
          const norm = frequency + K1 * (1 - B + (B * (lengths[doc] ?? 0)) / average);
          scores.set(doc, (scores.get(doc) ?? 0) + (idf * frequency * (K1 + 1)) / norm);
        }
      }
      return [...scores.entries()]
        .map(([doc, score]) => ({ doc, score }))
        .sort((a, b) => b.score - a.score || a.doc - b.doc)
        .slice(0, limit);
    },
  };
}
