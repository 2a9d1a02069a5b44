/**
 * Testing a value against a schema's `pattern`. Patterns come from specs nobody here wrote, and a
 * backtracking engine can take exponential time on one with nested quantifiers
 * (`([\w .-]*)*\/?$` in a real spec hung the import), so they run on RE2 (re2js): linear time in
 * the value's length whatever the pattern. What RE2 refuses (lookaround, backreferences, counts
 * over 1000 such as `.{1,2097152}`) runs on V8's engine only when safe-regex2 finds no nested
 * quantifier in it; anything else cannot be checked here, and the caller decides what an
 * unchecked value means.
 */
import { RE2JS } from 're2js';
import safeRegex from 'safe-regex2';
import { COMPILED_CACHES, moduleCache } from '../module-caches.js';

/** A compiled spec pattern: `test` says whether a value contains a match (JSON Schema's rule). */
export interface SpecPattern {
  test(value: string): boolean;
}

/**
 * Compiled patterns by source, most of the `compiled` caches' budget (module-caches.ts): an RE2
 * program and the DFA states its matches add weigh about 1 KB per character of the pattern
 * (31 KB for a 29-character one, measured over 4,000 patterns).
 */
const compiled = moduleCache<{ pattern: SpecPattern | undefined }>(
  COMPILED_CACHES,
  0.7,
  (_entry, source) => 1024 * source.length + 2048,
);

/**
 * The pattern compiled for linear-time matching, or undefined when RE2 cannot run it.
 * @example specPattern('^[a-z]+$')?.test('abc') // true
 */
export function specPattern(pattern: string): SpecPattern | undefined {
  const known = compiled.get(pattern);
  if (known) return known.pattern;
  let result: SpecPattern | undefined;
  try {
    const re = RE2JS.compile(pattern);
    result = { test: (value) => re.matcher(value).find() };
  } catch {
    result = safeRegex(pattern) ? backtracking(pattern) : undefined;
  }
  compiled.set(pattern, { pattern: result });
  return result;
}

function backtracking(pattern: string): SpecPattern | undefined {
  // Spec patterns are often written for non-Unicode engines: without the flag when it fails.
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // try the next flag set
    }
  }
  return undefined;
}

/**
 * Whether `value` matches `pattern`; `unchecked` is the answer for a pattern RE2 cannot run.
 * @example matchesSpecPattern('^\\d+$', '42', false) // true
 */
export function matchesSpecPattern(pattern: string, value: string, unchecked: boolean): boolean {
  const compiledPattern = specPattern(pattern);
  return compiledPattern ? compiledPattern.test(value) : unchecked;
}
