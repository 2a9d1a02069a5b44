/**
 * Shiki's two-theme tokenisation (`codeToTokensWithThemes`: each theme's tokens, cut at the
 * union of their boundaries) line by line, with every line's result remembered by its grammar
 * state at the start of the line. Endpoint snippets differ from page to page by a path or a body
 * but share most lines (`-H 'Accept: …' \`, `import requests`): those are tokenised once per
 * process, not once per page. Equal states (vscode-textmate's `equals`, what editors rely on to
 * skip re-tokenising) give equal tokens, so the output is Shiki's (with `tokenizeMaxLineLength`
 * {@link MAX_TOKENIZED_LINE_LENGTH} and no time limit: the same code always gives the same tokens).
 */
import {
  applyColorReplacements,
  type HighlighterCore,
  resolveColorReplacements,
  splitLines,
} from 'shiki/core';
import { EncodedTokenMetadata, INITIAL, type StateStack } from 'shiki/textmate';
import { highlightCache } from './highlight-caches.js';

/** One piece of a line: its text and each theme's colour (undefined: the theme's default). */
export interface ThemedToken {
  content: string;
  light?: string;
  dark?: string;
}

const THEMES = { light: 'github-light', dark: 'github-dark' } as const;
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
 * overhead): half the highlight caches' budget (highlight-caches.ts), least recently used first.
 */
const entryBytes = (result: LineResult, key: string) => 2 * key.length + 8 * result.tokens.length + 96;
/** Most distinct grammar states per language and theme that lines are remembered under. */
const MAX_STATES = 20_000;

interface LineResult {
  /** `[start, end, colour, …]` of the line's non-empty tokens. */
  tokens: (number | string)[];
  next: StateStack;
}

const lines = highlightCache<LineResult>(0.5, entryBytes);
/** Distinct states by language and theme; a state's number is its index. */
const states = new Map<string, StateStack[]>();
const stateNumbers = new WeakMap<StateStack, number>();

/** The number of `state` among the known states of `scope`, or undefined when there are too many. */
function stateNumber(scope: string, state: StateStack): number | undefined {
  const known = stateNumbers.get(state);
  if (known !== undefined) return known;
  const list = states.get(scope) ?? [];
  states.set(scope, list);
  let at = list.findIndex((other) => other.equals(state));
  if (at === -1) {
    if (list.length >= MAX_STATES) return undefined;
    at = list.push(state) - 1;
  }
  stateNumbers.set(state, at);
  return at;
}

/** The known state equal to `state` (so the next line's key finds it), else `state`. */
function canonical(scope: string, state: StateStack): StateStack {
  const at = stateNumber(scope, state);
  return at === undefined ? state : (states.get(scope)?.[at] ?? state);
}

/** Each line's tokens with one theme: `[start, end, colour, …]`, as Shiki's `codeToTokensBase`. */
function themeLines(
  instance: HighlighterCore,
  code: readonly string[],
  lang: string,
  themeName: string,
): (number | string)[][] {
  const { theme, colorMap } = instance.setTheme(themeName);
  const replacements = resolveColorReplacements(theme, {});
  const grammar = instance.getLanguage(lang);
  const scope = `${lang}\n${themeName}`;
  let state: StateStack = INITIAL;
  return code.map((line) => {
    if (line === '') return [];
    if (line.length >= MAX_TOKENIZED_LINE_LENGTH) return [0, line.length, ''];
    const number = stateNumber(scope, state);
    const key = number === undefined ? undefined : `${scope}\n${number}\n${line}`;
    const known = key === undefined ? undefined : lines.get(key);
    if (known && key !== undefined) {
      state = known.next;
      return known.tokens;
    }
    const result = grammar.tokenizeLine2(line, state, NO_TIME_LIMIT);
    const tokens: (number | string)[] = [];
    const count = result.tokens.length / 2;
    for (let j = 0; j < count; j++) {
      const start = result.tokens[2 * j] as number;
      const end = j + 1 < count ? (result.tokens[2 * j + 2] as number) : line.length;
      if (start === end) continue;
      const metadata = result.tokens[2 * j + 1] as number;
      const color = applyColorReplacements(
        colorMap[EncodedTokenMetadata.getForeground(metadata)] ?? '',
        replacements,
      );
      tokens.push(start, end, color ?? '');
    }
    state = canonical(scope, result.ruleStack);
    if (key !== undefined) lines.set(key, { tokens, next: state });
    return tokens;
  });
}

/**
 * The lines of `code` as tokens coloured by both themes, cut where either theme's tokens end
 * (Shiki's `alignThemesTokenization`).
 * @example themedLines(h, 'a = 1', 'python') // [[{ content: 'a', … }, …]]
 */
export function themedLines(instance: HighlighterCore, code: string, lang: string): ThemedToken[][] {
  const text = splitLines(code).map(([line]) => line);
  const light = themeLines(instance, text, lang, THEMES.light);
  const dark = themeLines(instance, text, lang, THEMES.dark);
  return text.map((line, i) => {
    const a = light[i] ?? [];
    const b = dark[i] ?? [];
    const out: ThemedToken[] = [];
    let x = 0;
    let y = 0;
    let at = 0;
    while (x < a.length && y < b.length) {
      const end = Math.min(a[x + 1] as number, b[y + 1] as number);
      const token: ThemedToken = { content: line.slice(at, end) };
      if (a[x + 2]) token.light = a[x + 2] as string;
      if (b[y + 2]) token.dark = b[y + 2] as string;
      out.push(token);
      at = end;
      if (a[x + 1] === end) x += 3;
      if (b[y + 1] === end) y += 3;
    }
    return out;
  });
}
