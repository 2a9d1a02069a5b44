/**
 * Quoted strings of a line with their text replaced by one character, so that lines differing only
 * inside quotes (the URL line of every endpoint snippet, a body's `"key": "value",`) share one
 * tokenisation in line-tokens.ts's cache (issue #30: those lines were most of the grammar's work on
 * a cold endpoint page).
 *
 * Why the tokens are the same: inside a quoted string of these grammars the only rules are the
 * closing quote and escapes (Python's also `%` and `{…}` formatting); a text holding none of their
 * first characters is one token of the string's scopes, whatever its length, just like `x`. So only
 * such texts are replaced ({@link LiteralRule.plain}), and {@link masksHold} checks on the masked
 * line's own tokens that the grammar really read each `x` as the whole content of a string of the
 * expected scope (not a comment, a regular expression, a command name, a `$'…'` string, text after an
 * escaped quote…); where it did not, the line is tokenised as it is.
 */
import type { IToken } from 'shiki/textmate';

/** What stands for a string's text in the masked line. */
const MASK = 'x';

interface LiteralRule {
  /** The quoted strings of a line (group 1: the text), skipping what cannot start one. */
  literal: RegExp;
  /** A text the string's inner rules never match in: one token, like {@link MASK}. */
  plain: RegExp;
  /** The scope of the string's text (innermost), as the grammar names it. */
  scope: RegExp;
}

// Control and format characters, line separators, characters beyond the BMP and those starting an
// inner rule (quotes, escapes) stay as they are: only texts of ordinary characters are masked.
const RULES: Record<string, LiteralRule> = {
  bash: {
    // `\'` outside quotes is an escaped quote, not the start of a string.
    literal: /\\.|'([^']*)'/g,
    plain: /^[^'\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u{10000}-\u{10ffff}]+$/u,
    scope: /^string\.quoted\.single\.shell$/,
  },
  typescript: {
    literal: /(?<![\w$])"((?:[^"\\\n]|\\.)*)"/g,
    plain: /^[^"\\\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u{10000}-\u{10ffff}]+$/u,
    scope: /^string\.quoted\.double\.ts$/,
  },
  python: {
    // A letter before the quote is a prefix (raw, bytes, f-strings): not masked.
    literal: /(?<!\w)"((?:[^"\\\n]|\\.)*)"/g,
    plain: /^[^"\\%{}\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u{10000}-\u{10ffff}]+$/u,
    scope: /^string\.quoted\.single\.python$/,
  },
  json: {
    literal: /"((?:[^"\\\n]|\\.)*)"/g,
    plain: /^[^"\\\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u{10000}-\u{10ffff}]+$/u,
    scope: /^(?:string\.quoted\.double\.json|support\.type\.property-name\.json)$/,
  },
};

/** A line with the text of its plain quoted strings replaced by {@link MASK}. */
export interface MaskedLine {
  text: string;
  /** Where each mask is in `text`, in order. */
  at: number[];
  /** The length of the text each mask stands for. */
  lengths: number[];
}

/**
 * `line` with its plain quoted strings masked, or undefined when it has none (or `lang` has no rule).
 * @example maskLiterals('python', 'url = "https://x.test"') // { text: 'url = "x"', at: [7], lengths: [14] }
 */
export function maskLiterals(lang: string, line: string): MaskedLine | undefined {
  const rule = RULES[lang];
  if (!rule) return undefined;
  let masked: MaskedLine | undefined;
  let from = 0;
  let text = '';
  rule.literal.lastIndex = 0;
  for (let match = rule.literal.exec(line); match !== null; match = rule.literal.exec(line)) {
    const content = match[1];
    if (content === undefined || content === '' || !rule.plain.test(content)) continue;
    const start = match.index + match[0].length - content.length - 1;
    text += line.slice(from, start) + MASK;
    from = start + content.length;
    masked ??= { text: '', at: [], lengths: [] };
    masked.at.push(text.length - 1);
    masked.lengths.push(content.length);
  }
  if (!masked) return undefined;
  masked.text = text + line.slice(from);
  return masked;
}

const lastScope = (token: IToken | undefined) => token?.scopes[token.scopes.length - 1] ?? '';

/**
 * Whether the grammar read every mask of `masked` as the whole text of a string of the rule's scope:
 * a token of its own, between the string's opening and closing quotes, which carry its scopes plus
 * their punctuation.
 */
export function masksHold(lang: string, masked: MaskedLine, tokens: readonly IToken[]): boolean {
  const rule = RULES[lang];
  if (!rule) return false;
  let j = 0;
  for (const at of masked.at) {
    while (j < tokens.length && (tokens[j] as IToken).startIndex < at) j++;
    const token = tokens[j];
    const before = tokens[j - 1];
    const after = tokens[j + 1];
    if (!token || !before || !after || token.startIndex !== at || after.startIndex !== at + 1) return false;
    if (before.startIndex !== at - 1 || !rule.scope.test(lastScope(token))) return false;
    const depth = token.scopes.length;
    if (before.scopes.length !== depth + 1 || after.scopes.length !== depth + 1) return false;
    if (
      !/^punctuation\..*\bbegin\b/.test(lastScope(before)) ||
      !/^punctuation\..*\bend\b/.test(lastScope(after))
    )
      return false;
    for (let i = 0; i < depth; i++)
      if (before.scopes[i] !== token.scopes[i] || after.scopes[i] !== token.scopes[i]) return false;
  }
  return true;
}

/**
 * The masked line's tokens (`[end, light, dark, …]`, line-tokens.ts) as the real line's: each end
 * after a mask moves by the length of the text the mask stands for, less one.
 */
export function unmaskTokens(masked: MaskedLine, tokens: readonly (number | string)[]): (number | string)[] {
  const out = tokens.slice();
  let k = 0;
  let shift = 0;
  for (let x = 0; x < out.length; x += 3) {
    const end = out[x] as number;
    while (k < masked.at.length && (masked.at[k] as number) < end) {
      shift += (masked.lengths[k] as number) - 1;
      k++;
    }
    out[x] = end + shift;
  }
  return out;
}
