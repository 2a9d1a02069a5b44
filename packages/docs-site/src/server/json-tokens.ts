/**
 * JSON's lines tokenised without the grammar (issue #30: response bodies were most of the lines a
 * cold endpoint page highlights, and every number or new key was a line vscode-textmate had to
 * scan). The JSON grammar (Shiki's `json`, VS Code's) is a handful of begin/end rules: objects,
 * arrays, a key's and a value's strings, an object's `: value` up to `,` or before `}`. This module
 * follows those rules character by character, the scopes each character gets and the rules open at
 * a line's end, for the text JSON.stringify writes: structure, strings with the escapes it writes,
 * numbers, `true`/`false`/`null`, spaces and tabs. Whatever else a line holds (comments, invalid
 * characters, an unknown escape) makes it give up: the caller then tokenises the code with the
 * grammar. Colours come from the scopes as the grammar's tokens' do (scope-colours.ts), so the
 * tokens are the grammar's (`json-tokens.corpus.test.ts` holds it to Shiki on every response
 * example of GitHub's and Stripe's specs and on hostile text).
 */
import type { HighlighterCore } from 'shiki/core';
import { rootScope, type ScopeNode } from './scope-colours.js';

/** `[end, light colour, dark colour, …]`, as line-tokens.ts's `LineTokens`. */
type Tokens = (number | string)[];

/**
 * A rule open at a point of the text: the grammar's root (values), an object (keys, `:`), an
 * object's value (after `:`, up to `,` or before `}`), an array (values, `,`), or a key's or a
 * value's string.
 */
type Rule = 'root' | 'object' | 'value' | 'array' | 'key' | 'string';

interface Open {
  rule: Rule;
  /** The scopes of text the rule's patterns do not match (its name's scopes pushed). */
  scope: ScopeNode;
}

/** The grammar's number rule (no `\b` around it, like the grammar's). */
const NUMBER = /-?(?:0|[1-9]\d*)(?:(?:\.\d+)?(?:[Ee][-+]?\d+)?)?/y;
/** The grammar's valid escapes (`\h` is a hexadecimal digit). */
const ESCAPE = /\\(?:["/\\bfnrt]|u[0-9a-fA-F]{4})/y;
const CONSTANT = /true|false|null/y;
/**
 * Characters the grammar's `\b` around `true|false|null` surely reads as not a word's. Others
 * (letters, digits, `_`, and any non-ASCII character, whose class depends on the regex engine)
 * make the tokeniser give up rather than guess.
 */
const NOT_WORD = /[\s"{}[\],:-]/;

/** The punctuation of an object's value and of an array: its scope, and whether it closes the rule. */
const SEPARATORS: Partial<Record<Rule, Record<string, { scope: string; closes: boolean } | undefined>>> = {
  value: { ',': { scope: 'punctuation.separator.dictionary.pair.json', closes: true } },
  array: {
    ']': { scope: 'punctuation.definition.array.end.json', closes: true },
    ',': { scope: 'punctuation.separator.array.json', closes: false },
  },
};

/** Where a scan gave up: the caller tokenises the whole code with the grammar. */
class Unsupported extends Error {}

/**
 * Each line's tokens as the JSON grammar's (themed, cut where either theme's attributes change),
 * or undefined where a line holds text this tokeniser does not follow. Lines of `maxLineLength` or
 * more are one plain token and leave the open rules as they were (line-tokens.ts' cap).
 * @example jsonLineTokens(h, ['{', '  "a": 1', '}'], 300) // [[1, '#24292e', '#e1e4e8'], […], […]]
 */
export function jsonLineTokens(
  instance: HighlighterCore,
  lines: readonly string[],
  maxLineLength: number,
): Tokens[] | undefined {
  const root = rootScope(instance, 'json', 'source.json');
  const open: Open[] = [{ rule: 'root', scope: root }];
  try {
    return lines.map((line) => {
      if (line === '') return [];
      if (line.length >= maxLineLength) return [line.length, '', ''];
      return lineTokens(line, open);
    });
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

const unsupported = () => new Unsupported();

/** Tokens of characters in order, a token growing while the attributes stay (as line-tokens.ts cuts them). */
class TokenWriter {
  readonly tokens: Tokens = [];
  private light = -1;
  private dark = -1;

  /** The text up to `end` has the scopes of `scope`. */
  add(end: number, scope: ScopeNode): void {
    if (scope.light === this.light && scope.dark === this.dark) {
      this.tokens[this.tokens.length - 3] = end;
      return;
    }
    this.tokens.push(end, scope.lightColour, scope.darkColour);
    this.light = scope.light;
    this.dark = scope.dark;
  }
}

/** `line`'s tokens; `open` (the rules open at its start) is left as the rules open at its end. */
function lineTokens(line: string, open: Open[]): Tokens {
  const out = new TokenWriter();
  let at = 0;
  while (at < line.length) {
    const top = open[open.length - 1] as Open;
    const char = line[at] as string;
    if (top.rule === 'key' || top.rule === 'string') {
      at = inString(line, at, top, open, out);
      continue;
    }
    if (char === ' ' || char === '\t') {
      out.add(++at, top.scope);
      continue;
    }
    if (top.rule === 'object') {
      at = inObject(char, at, top, open, out);
      continue;
    }
    // The value's end is `(,)|(?=})`: before a brace it closes without a token, the brace closes the object.
    if (top.rule === 'value' && char === '}') {
      open.pop();
      continue;
    }
    const separator = SEPARATORS[top.rule]?.[char];
    if (separator) {
      out.add(++at, top.scope.child(separator.scope));
      if (separator.closes) open.pop();
      continue;
    }
    at = value(line, at, top, open, out);
  }
  return out.tokens;
}

/** A key's or a value's string at `at`: its text, an escape, or its closing quote. */
function inString(line: string, at: number, top: Open, open: Open[], out: TokenWriter): number {
  const char = line[at];
  if (char === '"') {
    const end =
      top.rule === 'key'
        ? 'punctuation.support.type.property-name.end.json'
        : 'punctuation.definition.string.end.json';
    out.add(at + 1, top.scope.child(end));
    open.pop();
    return at + 1;
  }
  if (char === '\\') {
    ESCAPE.lastIndex = at;
    if (!ESCAPE.test(line)) throw unsupported();
    out.add(ESCAPE.lastIndex, top.scope.child('constant.character.escape.json'));
    return ESCAPE.lastIndex;
  }
  let end = at + 1;
  while (end < line.length && line[end] !== '"' && line[end] !== '\\') end++;
  out.add(end, top.scope);
  return end;
}

/** Inside an object at `at`: its closing brace, a key's opening quote or a value's colon. */
function inObject(char: string, at: number, top: Open, open: Open[], out: TokenWriter): number {
  if (char === '}') {
    out.add(at + 1, top.scope.child('punctuation.definition.dictionary.end.json'));
    open.pop();
  } else if (char === '"') {
    const key = top.scope.child('string.json').child('support.type.property-name.json');
    open.push({ rule: 'key', scope: key });
    out.add(at + 1, key.child('punctuation.support.type.property-name.begin.json'));
  } else if (char === ':') {
    const value = top.scope.child('meta.structure.dictionary.value.json');
    open.push({ rule: 'value', scope: value });
    out.add(at + 1, value.child('punctuation.separator.dictionary.key-value.json'));
  } else throw unsupported();
  return at + 1;
}

/** A value at `at` (where the grammar's value patterns apply): a string, object, array, number or constant. */
function value(line: string, at: number, top: Open, open: Open[], out: TokenWriter): number {
  const char = line[at] as string;
  if (char === '"') {
    const string = top.scope.child('string.quoted.double.json');
    open.push({ rule: 'string', scope: string });
    out.add(at + 1, string.child('punctuation.definition.string.begin.json'));
    return at + 1;
  }
  if (char === '{') {
    const object = top.scope.child('meta.structure.dictionary.json');
    open.push({ rule: 'object', scope: object });
    out.add(at + 1, object.child('punctuation.definition.dictionary.begin.json'));
    return at + 1;
  }
  if (char === '[') {
    const array = top.scope.child('meta.structure.array.json');
    open.push({ rule: 'array', scope: array });
    out.add(at + 1, array.child('punctuation.definition.array.begin.json'));
    return at + 1;
  }
  NUMBER.lastIndex = at;
  if (NUMBER.test(line)) {
    out.add(NUMBER.lastIndex, top.scope.child('constant.numeric.json'));
    return NUMBER.lastIndex;
  }
  CONSTANT.lastIndex = at;
  if (CONSTANT.test(line)) {
    const end = CONSTANT.lastIndex;
    const before = at === 0 || NOT_WORD.test(line[at - 1] as string);
    const after = end === line.length || NOT_WORD.test(line[end] as string);
    if (before && after) {
      out.add(end, top.scope.child('constant.language.json'));
      return end;
    }
  }
  throw unsupported();
}
