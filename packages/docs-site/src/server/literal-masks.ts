/**
 * Quoted strings of a line with their text replaced by one character, so that lines differing only
 * inside quotes (the URL line of every endpoint snippet, a body's `"key": "value",`) share one
 * tokenisation in line-tokens.ts's cache (issue #30: those lines were most of the grammar's work on
 * a cold endpoint page).
 *
 * Why the tokens are the same: inside a quoted string of these grammars the only rules are the
 * closing quote and escapes (Python's also `%` and `{…}` formatting); a text holding none of their
 * first characters is one token of the string's scopes, whatever its length, just like `x`. So only
 * such texts are replaced ({@link isPlain}), and {@link masksHold} checks on the masked
 * line's own tokens that the grammar really read each `x` as the whole content of a string of the
 * expected scope (not a comment, a regular expression, a command name, a `$'…'` string, text after an
 * escaped quote…); where it did not, the line is tokenised as it is.
 *
 * Numbers the same way (TypeScript, Python: a body's `"id": 1296269,`): a decimal integer's digits,
 * not part of a word or another number, are one token of the number rule whatever their count, so
 * they are masked to `1` and checked to be a number's token of their own. And a bash line inside a
 * single-quoted string opened on a line before (the JSON body of `--data '…'`) is one token of the
 * string, whatever its plain text: it is masked whole ({@link maskWholeLine}).
 */
import type { IToken } from 'shiki/textmate';

/** What stands for a string's text in the masked line. */
const MASK = 'x';
/** What stands for a number's digits. */
const NUMBER_MASK = '1';

/** What a mask stands for: a quoted string's text, a number's digits or an object literal's key. */
type LiteralKind = 'string' | 'number' | 'key';

interface LiteralRule {
  /**
   * The literals of a line, skipping what cannot start one: group 1 a quoted string's text, group 2
   * (where numbers are masked) a decimal integer's digits (masked even when one digit, so that the
   * masked line is its own masked line), not part of a word or of another number (`a12`, `1.5`,
   * `12n`, `1_000`, `0x12`), group 3 (where keys are masked) an ASCII identifier right before a colon.
   */
  literal: RegExp;
  /** The first characters of the string's inner rules (its closing quote, escapes…), which a plain text holds none of ({@link isPlain}). */
  inner: RegExp;
  /** The scope of the string's text (innermost), as the grammar names it. */
  scope: RegExp;
  /** The scope of a number (innermost), where numbers are masked. */
  number?: RegExp;
  /** The scope of an object literal's key (innermost), where keys are masked. */
  key?: RegExp;
  /** Whether the strings span lines (bash's single quotes): a plain line may be all inside one. */
  spansLines?: boolean;
}

// Control and format characters, line separators, characters beyond the BMP and those starting an
// inner rule (quotes, escapes) stay as they are: only texts of ordinary characters are masked.
const RULES: Record<string, LiteralRule> = {
  bash: {
    // `\'` outside quotes is an escaped quote, not the start of a string.
    literal: /\\.|'([^']*)'/g,
    inner: /'/,
    scope: /^string\.quoted\.single\.shell$/,
    spansLines: true,
  },
  typescript: {
    literal:
      /(?<![\w$])"((?:[^"\\\n]|\\.)*)"|(?<![\w$.])([1-9][0-9]*)(?![\w$.])|(?<![\w$.])([A-Za-z_][A-Za-z0-9_]*)(?=:)/g,
    inner: /["\\]/,
    scope: /^string\.quoted\.double\.ts$/,
    number: /^constant\.numeric\.decimal\.ts$/,
    key: /^meta\.object-literal\.key\.ts$/,
  },
  python: {
    // A letter before the quote is a prefix (raw, bytes, f-strings): not masked.
    literal: /(?<!\w)"((?:[^"\\\n]|\\.)*)"|(?<![\w.])([1-9][0-9]*)(?![\w.])/g,
    inner: /["\\%{}]/,
    scope: /^string\.quoted\.single\.python$/,
    number: /^constant\.numeric\.dec\.python$/,
  },
  json: {
    literal: /"((?:[^"\\\n]|\\.)*)"/g,
    inner: /["\\]/,
    scope: /^(?:string\.quoted\.double\.json|support\.type\.property-name\.json)$/,
  },
};

/** Text of ordinary characters: no control or format character, line separator, or character beyond the BMP. */
const ORDINARY = /^[^\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u{10000}-\u{10ffff}]+$/u;
/** Printable ASCII, all ordinary: most texts, tested without {@link ORDINARY}'s Unicode classes. */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** A text the string's inner rules never match in (only ordinary characters, none starting one): one token, like {@link MASK}. */
const isPlain = (rule: LiteralRule, text: string) =>
  !rule.inner.test(text) && (PRINTABLE_ASCII.test(text) || ORDINARY.test(text));

/** A line with the text of its plain quoted strings replaced by {@link MASK}, its numbers' by {@link NUMBER_MASK}. */
export interface MaskedLine {
  text: string;
  /** Where each mask is in `text`, in order. */
  at: number[];
  /** The length of the text each mask stands for. */
  lengths: number[];
  /** What each mask stands for. */
  kinds: LiteralKind[];
}

/**
 * `line` with its plain quoted strings and its numbers masked, or undefined when it has none (or `lang` has no rule).
 * @example maskLiterals('python', 'url = "https://x.test"') // { text: 'url = "x"', at: [7], lengths: [14], kinds: ['string'] }
 */
export function maskLiterals(lang: string, line: string): MaskedLine | undefined {
  const rule = RULES[lang];
  if (!rule) return undefined;
  let masked: MaskedLine | undefined;
  let from = 0;
  let text = '';
  rule.literal.lastIndex = 0;
  for (let match = rule.literal.exec(line); match !== null; match = rule.literal.exec(line)) {
    const kind: LiteralKind = match[2] !== undefined ? 'number' : match[3] !== undefined ? 'key' : 'string';
    const content = match[1] ?? match[2] ?? match[3];
    if (content === undefined || content === '' || (kind === 'string' && !isPlain(rule, content))) continue;
    // A string's text ends before its closing quote, a number's digits and a key end the match.
    const start = match.index + match[0].length - content.length - (kind === 'string' ? 1 : 0);
    text += line.slice(from, start) + (kind === 'number' ? NUMBER_MASK : MASK);
    from = start + content.length;
    masked ??= { text: '', at: [], lengths: [], kinds: [] };
    masked.at.push(text.length - 1);
    masked.lengths.push(content.length);
    masked.kinds.push(kind);
  }
  if (!masked) return undefined;
  masked.text = text + line.slice(from);
  return masked;
}

/**
 * `line` as {@link MASK} alone, for a line that may be all inside a string opened on a line before
 * (bash's single quotes): undefined where `lang`'s strings do not span lines or the line is not plain.
 * {@link spansString} checks on the mask's own tokens that it is.
 * @example maskWholeLine('bash', '  "name": "bug",') // { text: 'x', at: [0], lengths: [16], kinds: ['string'] }
 */
export function maskWholeLine(lang: string, line: string): MaskedLine | undefined {
  const rule = RULES[lang];
  if (!rule?.spansLines || line === MASK || !isPlain(rule, line)) return undefined;
  return { text: MASK, at: [0], lengths: [line.length], kinds: ['string'] };
}

const lastScope = (token: IToken | undefined) => token?.scopes[token.scopes.length - 1] ?? '';

/**
 * Whether the grammar read every mask of `masked` as the whole text of a string of the rule's scope
 * (a token of its own, between the string's opening and closing quotes, which carry its scopes plus
 * their punctuation) or as a whole number of the rule's number scope (a token of its own).
 */
export function masksHold(lang: string, masked: MaskedLine, tokens: readonly IToken[]): boolean {
  const rule = RULES[lang];
  if (!rule) return false;
  let j = 0;
  for (let k = 0; k < masked.at.length; k++) {
    const at = masked.at[k] as number;
    while (j < tokens.length && (tokens[j] as IToken).startIndex < at) j++;
    const token = tokens[j];
    const after = tokens[j + 1];
    if (!token || !after || token.startIndex !== at || after.startIndex !== at + 1) return false;
    const kind = masked.kinds[k];
    if (kind !== 'string') {
      // A number's digits, a key's name: a token of their own, whatever their count, like the mask's.
      if (!(kind === 'number' ? rule.number : rule.key)?.test(lastScope(token))) return false;
      continue;
    }
    const before = tokens[j - 1];
    if (!before) return false;
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
 * Whether the grammar read {@link maskWholeLine}'s mask as text inside a string of the rule's scope
 * that goes on past the line: one token (the state after the line, equal to the state before, is
 * line-tokens.ts' to check). Inside such a string (bash's single quotes) the only rule is the closing
 * quote, so any plain line is one token of the same scopes.
 */
export function spansString(lang: string, tokens: readonly IToken[]): boolean {
  const rule = RULES[lang];
  const first = tokens[0];
  return (
    rule?.spansLines === true &&
    first !== undefined &&
    first.startIndex === 0 &&
    (tokens[1] === undefined || tokens[1].startIndex >= MASK.length) &&
    rule.scope.test(lastScope(first))
  );
}

/**
 * The masked line's tokens (`[end, light, dark, …]`, line-tokens.ts) as the real line's: each end
 * after a mask moves by the length of the text the mask stands for, less one.
 */
export function unmaskTokens(masked: MaskedLine, tokens: readonly (number | string)[]): (number | string)[] {
  // Copied field by field: `slice` of a frozen array (line-tokens.ts' remembered lines) takes
  // V8's slow path, ~20 times the copy's cost (issue #30).
  const count = tokens.length;
  const out: (number | string)[] = new Array(count);
  let k = 0;
  let shift = 0;
  for (let x = 0; x < count; x += 3) {
    const end = tokens[x] as number;
    while (k < masked.at.length && (masked.at[k] as number) < end) {
      shift += (masked.lengths[k] as number) - 1;
      k++;
    }
    out[x] = end + shift;
    out[x + 1] = tokens[x + 1] as string;
    out[x + 2] = tokens[x + 2] as string;
  }
  return out;
}
