/**
 * Shiki's two-theme tokenisation (`codeToTokensWithThemes`: each theme's tokens, cut at the
 * union of their boundaries) line by line, with every line's result remembered by its grammar
 * state at the start of the line. Endpoint snippets differ from page to page by a path or a body
 * but share most lines (`-H 'Accept: …' \`, `import requests`): those are tokenised once per
 * process, not once per page. Equal states (vscode-textmate's `equals`, what editors rely on to
 * skip re-tokenising) give equal tokens, so the output is Shiki's (with `tokenizeMaxLineLength`
 * {@link MAX_TOKENIZED_LINE_LENGTH} and no time limit: the same code always gives the same tokens).
 *
 * A line is tokenised once for both themes, not once per theme as Shiki does (issue #30: the
 * grammar's regular expressions were ~20 % of an endpoint page's render): the grammar's rules do
 * not depend on the theme, only the attributes it gives each scope path do, and those are
 * vscode-textmate's own rule, recomputed here per theme from each token's scopes
 * ({@link scopeAttributes}).
 */
import type { HighlighterCore } from 'shiki/core';
import { INITIAL, type IToken, type StateStack } from 'shiki/textmate';
import { highlightCache } from './highlight-caches.js';
import { jsonLineTokens } from './json-tokens.js';
import {
  type MaskedLine,
  maskLiterals,
  masksHold,
  maskWholeLine,
  spansString,
  unmaskTokens,
} from './literal-masks.js';
import {
  colourOf,
  type Grammar,
  type ScopePath,
  scopeAttributes,
  type ThemeColours,
  themesFor,
} from './scope-colours.js';

/** One piece of a line: its text and each theme's colour (undefined: the theme's default). */
export interface ThemedToken {
  content: string;
  light?: string;
  dark?: string;
}

/**
 * Lines this long or longer are not tokenised: they come out as one plain token and leave the
 * grammar state as it was (Shiki's `tokenizeMaxLineLength`). Some grammars take time quadratic in a
 * line's length (TypeScript's on a 4,732-character base64 string in GitHub's spec: ~2 s), and a
 * length is a deterministic guard where Shiki's default, a 500 ms time limit per line, cut lines
 * short depending on the machine's load (so the same page's bytes, and its ETag, differed).
 * GitHub's spec has 32 such lines in 1,223 endpoint pages, all base64, keys or long descriptions.
 */
export const MAX_TOKENIZED_LINE_LENGTH = 300;
/** No time limit (vscode-textmate: 0): the line-length cap bounds a line's work instead. */
const NO_TIME_LIMIT = 0;
/**
 * What a remembered line weighs, roughly (a key's UTF-16 text, 8 bytes a token field, an entry's
 * overhead, and the HTML highlight.ts keeps with its tokens: the text again and a `<span class>` of
 * ~40 characters a token): three tenths of the highlight caches' budget (highlight-caches.ts), least
 * recently used first.
 */
const entryBytes = (result: LineResult, key: string) =>
  4 * key.length + 8 * result.tokens.length + 2 * 40 * (result.tokens.length / 3) + 96;
/** Most distinct grammar states per language that lines are remembered under. */
const MAX_STATES = 20_000;

/**
 * `[end, light colour, dark colour, …]` of a line's tokens, the first from 0, each from the one
 * before's end. A remembered line's array is frozen and shared by every page showing the line: the
 * same frozen array is the same line (its text, in its grammar state).
 */
export type LineTokens = readonly (number | string)[];

interface LineResult {
  tokens: LineTokens;
  next: StateStack;
  /** Whether the grammar read the line's masks (literal-masks.ts) as whole strings' text or numbers. */
  masksHold: boolean;
  /** Whether the line is all inside a string going on past it, the state after it the state before. */
  insideString: boolean;
}

const lines = highlightCache<LineResult>(0.3, entryBytes);
/**
 * Distinct states by language, a state's number its index, and the numbers of the state objects
 * met. The numbers are per language: INITIAL is one object for every grammar, and a process-wide
 * number for it gave it the number of another language's state (issue #30: the first line of a
 * TypeScript snippet then shared its key with lines inside some other state).
 */
const states = new Map<string, { list: StateStack[]; numbers: WeakMap<StateStack, number> }>();

/** The number of `state` among the known states of `lang`, or undefined when there are too many. */
function stateNumber(lang: string, state: StateStack): number | undefined {
  let known = states.get(lang);
  if (!known) {
    known = { list: [], numbers: new WeakMap() };
    states.set(lang, known);
  }
  const number = known.numbers.get(state);
  if (number !== undefined) return number;
  let at = known.list.findIndex((other) => other.equals(state));
  if (at === -1) {
    if (known.list.length >= MAX_STATES) return undefined;
    at = known.list.push(state) - 1;
  }
  known.numbers.set(state, at);
  return at;
}

/** The known state equal to `state` (so the next line's key finds it), else `state`. */
function canonical(lang: string, state: StateStack): StateStack {
  const at = stateNumber(lang, state);
  return at === undefined ? state : (states.get(lang)?.list[at] ?? state);
}

/** The scopes of the token before, their paths and attributes by theme: neighbours share most. */
interface ScopeMemo {
  scopes: string[];
  paths: ScopePath[];
  light: number[];
  dark: number[];
}

/**
 * vscode-textmate's tokens of `line` as `[end, light colour, dark colour, …]`: each token's
 * attributes by theme from its scopes, cut where either theme's attributes change (where Shiki's
 * tokens of either theme end, as `codeToTokensBase` merges a theme's equal neighbours).
 */
function themedTokens(
  grammar: Grammar,
  [light, dark]: [ThemeColours, ThemeColours],
  memo: ScopeMemo,
  line: string,
  found: readonly IToken[],
): LineTokens {
  const { scopes, paths } = memo;
  const tokens: (number | string)[] = [];
  let lastLight = -1;
  let lastDark = -1;
  const count = found.length;
  for (let j = 0; j < count; j++) {
    const token = found[j] as IToken;
    const end = j + 1 < count ? (found[j + 1] as IToken).startIndex : line.length;
    if (token.startIndex === end) continue;
    const names = token.scopes;
    let same = 0;
    while (same < names.length && same < scopes.length && names[same] === scopes[same]) same++;
    scopes.length = names.length;
    for (let i = same; i < names.length; i++) {
      const name = names[i] as string;
      scopes[i] = name;
      const path = { parent: i > 0 ? (paths[i - 1] as ScopePath) : null, scopeName: name } as ScopePath;
      paths[i] = path;
      memo.light[i] = scopeAttributes(
        grammar,
        light.theme,
        i > 0 ? (memo.light[i - 1] as number) : light.base,
        path,
      );
      memo.dark[i] = scopeAttributes(
        grammar,
        dark.theme,
        i > 0 ? (memo.dark[i - 1] as number) : dark.base,
        path,
      );
    }
    const lightNow = names.length > 0 ? (memo.light[names.length - 1] as number) : light.base;
    const darkNow = names.length > 0 ? (memo.dark[names.length - 1] as number) : dark.base;
    if (lightNow === lastLight && darkNow === lastDark) tokens[tokens.length - 3] = end;
    else tokens.push(end, colourOf(light, lightNow), colourOf(dark, darkNow));
    lastLight = lightNow;
    lastDark = darkNow;
  }
  return tokens;
}

/**
 * Each line's tokens as the cache holds them: of its masked line (literal-masks.ts) where the line
 * has a mask the grammar reads as the literal it stands for (`masks[i]`), else of the line itself.
 */
export interface MaskedLineTokens {
  tokens: LineTokens[];
  masks: (MaskedLine | undefined)[];
}

/**
 * Each line of `code` as `[end, light colour, dark colour, …]` ({@link themedTokens}) of the line
 * or of its masked line, from the cache by the grammar state at the line's start and the line, its
 * quoted strings' plain text masked (literal-masks.ts) where the grammar reads the masked line's
 * strings as strings.
 */
export function maskedLineTokens(
  instance: HighlighterCore,
  code: readonly string[],
  lang: string,
): MaskedLineTokens {
  const themes = themesFor(instance);
  const grammar = instance.getLanguage(lang) as Grammar;
  const memo: ScopeMemo = { scopes: [], paths: [], light: [], dark: [] };
  let state: StateStack = INITIAL;
  /** `text`'s tokens and the state after it, from the cache or tokenised (and then remembered). */
  const tokenised = (text: string, number: number | undefined): LineResult => {
    const key = number === undefined ? undefined : `${lang}\n${number}\n${text}`;
    const known = key === undefined ? undefined : lines.get(key);
    if (known) return known;
    const result = grammar.tokenizeLine(text, state, NO_TIME_LIMIT);
    const masked = maskLiterals(lang, text);
    const tokens = themedTokens(grammar, themes, memo, text, result.tokens);
    const next = canonical(lang, result.ruleStack);
    const fresh: LineResult = {
      tokens: key === undefined ? tokens : Object.freeze(tokens),
      next,
      // Only a line that is its own masked line has masks to check.
      masksHold: masked?.text === text && masksHold(lang, masked, result.tokens),
      insideString:
        number !== undefined && spansString(lang, result.tokens) && stateNumber(lang, next) === number,
    };
    if (key !== undefined) lines.set(key, fresh);
    return fresh;
  };
  const tokens: LineTokens[] = new Array(code.length);
  const masks: (MaskedLine | undefined)[] = new Array(code.length);
  for (let i = 0; i < code.length; i++) {
    const line = code[i] as string;
    masks[i] = undefined;
    if (line === '') {
      tokens[i] = [];
      continue;
    }
    if (line.length >= MAX_TOKENIZED_LINE_LENGTH) {
      tokens[i] = [line.length, '', ''];
      continue;
    }
    const number = stateNumber(lang, state);
    const whole = maskWholeLine(lang, line);
    if (whole) {
      const result = tokenised(whole.text, number);
      // The state after the line is the state before it.
      if (result.insideString) {
        tokens[i] = result.tokens;
        masks[i] = whole;
        continue;
      }
    }
    const masked = maskLiterals(lang, line);
    if (masked) {
      const result = tokenised(masked.text, number);
      if (result.masksHold) {
        state = result.next;
        tokens[i] = result.tokens;
        masks[i] = masked;
        continue;
      }
    }
    const result = tokenised(line, number);
    state = result.next;
    tokens[i] = result.tokens;
  }
  return { tokens, masks };
}

/** Each line of `code` as `[end, light colour, dark colour, …]`, of the line itself ({@link maskedLineTokens} unmasked). */
function lineTokens(instance: HighlighterCore, code: readonly string[], lang: string): LineTokens[] {
  const { tokens, masks } = maskedLineTokens(instance, code, lang);
  return tokens.map((line, i) => {
    const masked = masks[i];
    return masked ? unmaskTokens(masked, line) : line;
  });
}

/**
 * The lines of `code` as Shiki splits them (`splitLines`: at `\n` and `\r\n`), without its pairs of line and offset.
 * @example codeLines('a\r\nb\n') // ['a', 'b', '']
 */
export const codeLines = (code: string): string[] => code.split(code.includes('\r') ? /\r?\n/ : '\n');

/**
 * The lines of `code` (as Shiki splits them) and each line's {@link LineTokens}.
 * @example tokenisedLines(h, 'a = 1', 'python') // { lines: ['a = 1'], tokens: [[1, '#24292e', '#e1e4e8', …]] }
 */
export function tokenisedLines(
  instance: HighlighterCore,
  code: string,
  lang: string,
): { lines: string[]; tokens: LineTokens[] } {
  const lines = codeLines(code);
  const json = lang === 'json' ? jsonLineTokens(instance, lines, MAX_TOKENIZED_LINE_LENGTH) : undefined;
  return { lines, tokens: json ?? lineTokens(instance, lines, lang) };
}

/**
 * The lines of `code` as tokens coloured by both themes, cut where either theme's tokens end
 * (Shiki's `alignThemesTokenization`).
 * @example themedLines(h, 'a = 1', 'python') // [[{ content: 'a', … }, …]]
 */
export function themedLines(instance: HighlighterCore, code: string, lang: string): ThemedToken[][] {
  const { lines: text, tokens: tokenised } = tokenisedLines(instance, code, lang);
  return text.map((line, i) => {
    const tokens = tokenised[i] ?? [];
    const out: ThemedToken[] = [];
    let at = 0;
    for (let x = 0; x < tokens.length; x += 3) {
      const end = tokens[x] as number;
      const token: ThemedToken = { content: line.slice(at, end) };
      if (tokens[x + 1]) token.light = tokens[x + 1] as string;
      if (tokens[x + 2]) token.dark = tokens[x + 2] as string;
      out.push(token);
      at = end;
    }
    return out;
  });
}
