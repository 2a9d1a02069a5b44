/**
 * Checks a request's parsed params, query and body for what the schemas cannot see and the
 * database or the code would choke on: nesting deeper than any real call needs (a body of
 * 100,000 nested `[` would exhaust recursion in validation), NUL characters (PostgreSQL text
 * cannot hold them) and lone UTF-16 surrogates (not Unicode: they cannot be stored or compared
 * faithfully), and `__proto__` keys anywhere. Walked without recursion, so any depth is safe to
 * look at.
 */

/** Deepest JSON nesting a registry call accepts (real definitions stay far below it). */
export const MAX_JSON_DEPTH = 256;

/** Fields stored compressed (never in a text column): NULs and lone surrogates are harmless there. */
const OPAQUE_FIELDS = new Set(['definition', 'docsDefinition']);

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'NUL characters are not allowed';
  if (LONE_SURROGATE.test(text)) return 'the text is not valid Unicode (a lone surrogate)';
  return undefined;
}

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
  depth: number;
  opaque: boolean;
}

/** `body.a.b`, built only when there is a problem to name (bodies can hold millions of values). */
function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at; at = at.parent) keys.push(at.key);
  keys.reverse();
  return keys.length > 8 ? [...keys.slice(0, 4), '…', ...keys.slice(-2)].join('.') : keys.join('.');
}

/**
 * The first problem of `value` as `path: reason`, or undefined when it is fine.
 * @example inputProblem(JSON.parse('{"orgId":"\\ud800"}'), 'body') // 'body.orgId: the text is not valid Unicode (a lone surrogate)'
 */
export function inputProblem(value: unknown, path: string): string | undefined {
  const stack: Visit[] = [{ value, key: path, parent: undefined, depth: 0, opaque: false }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value === 'string') {
      const problem = next.opaque ? undefined : textProblem(next.value);
      if (problem) return `${pathOf(next)}: ${problem}`;
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    // An object or array at depth d is nesting level d + 1.
    if (next.depth >= MAX_JSON_DEPTH) return `${pathOf(next)}: nested deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [key, item] of Object.entries(next.value)) {
      // JSON.parse makes `__proto__` an own key; zod drops it silently and a copy would pollute.
      const keyProblem =
        key === '__proto__' ? '"__proto__" is not a key' : next.opaque ? undefined : textProblem(key);
      if (keyProblem) return `${pathOf(next)}.${key}: ${keyProblem}`;
      // Stored compressed, opaque to the database; its depth is still bounded (JSON.stringify recurses).
      const opaque = next.opaque || (next.depth === 0 && path === 'body' && OPAQUE_FIELDS.has(key));
      stack.push({ value: item, key, parent: next, depth: next.depth + 1, opaque });
    }
  }
  return undefined;
}
