/**
 * The inline part of the markdown fast path (`plain-markdown.ts`): the text of one paragraph,
 * list item or heading, when it holds only text, simple code spans, simple links, backslash
 * escapes and unnested emphasis whose delimiters open and close unambiguously, as the unified
 * pipeline writes it (remark, rehype, sanitiser, serialiser). Anything else (raw HTML, autolinks,
 * GFM autolink literals, strikethrough, images, references, entities, hard breaks, nested or
 * doubtful emphasis) is refused: undefined, and the caller runs the pipeline.
 */

/** A piece of inline content: its HTML, and its text (a heading's id and table of contents read it). */
export interface InlineHtml {
  html: string;
  text: string;
}

/** Text as the serialiser writes it (hast-util-to-html: `&` and `<` only). */
export const escapeText = (text: string): string => text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');

/** A double-quoted attribute value as the serialiser writes it. */
export const escapeAttribute = (value: string): string =>
  value.replace(/[&"'`]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`);

/**
 * A code span of one backtick each side whose text is written as is: no backtick (double
 * backticks anywhere are refused first, so each opener closes at the next one), no space at its
 * edges (CommonMark strips one), no backslash, line end, tab or control character.
 */
const CODE_SPAN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  /`([^`\s\\\u0000-\u001f\u007f](?:[^`\\\u0000-\u001f\u007f]*[^`\s\\\u0000-\u001f\u007f])?)`/y;

/**
 * An inline link: its text (checked by {@link plainInline} without links or emphasis), an
 * absolute http(s) URL or a site path (not `//`) of characters the parser neither escapes nor
 * percent-encodes (a `%` only before two hex digits; no parentheses, spaces or backslashes), and
 * an optional double-quoted title of plain characters.
 */
const LINK =
  /\[([^[\]\n]+)\]\(((?:https?:\/\/|\/(?!\/))(?:[A-Za-z0-9/._~:?#=+,;@!$&'*-]|%[0-9A-Fa-f]{2})*)(?: "([^"\\\n&<>`]*)")?\)/y;

/** A character reference (decoded by the parser from its table): refused, a bare `&` is text. */
const CHARACTER_REFERENCE = /&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/;
const CHARACTER_REFERENCE_HERE = new RegExp(CHARACTER_REFERENCE.source, 'y');

/** ASCII punctuation: what a backslash escapes. */
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

/**
 * Characters never taken: tabs, carriage returns, control characters (the parser rewrites NUL),
 * lone surrogates and non-characters.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const REFUSED = /[\t\r\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufffe\uffff]|\p{Cs}/u;
/** Text characters never taken: raw HTML and autolinks (`<`), strikethrough (`~`), email autolink literals (`@`). */
const REFUSED_IN_TEXT = /[<~@]/;

/** GFM autolink literals (`www.`, `http://`…) in text: refused. */
const AUTOLINK_LITERAL = /www\.|:\/\//i;

/**
 * Where an emphasis opener may stand: at the start, after a space or line end, or after an opening
 * parenthesis or quote (punctuation, so the run opens whatever follows it).
 */
const OPENER_PRECEDER = /[ \n("']/;
/** What may follow an emphasis closer, besides a space or the end. */
const CLOSER_FOLLOWER = /[ \n.,:;!?)"']/;

interface Delimiter {
  marker: '*' | '_';
  length: number;
  /** Its index among the output pieces. */
  piece: number;
  canOpen: boolean;
  canClose: boolean;
}

/**
 * `source` as inline HTML, or undefined when it holds anything but the simple constructs above.
 * `links` false refuses links (a link's own text).
 * @example plainInline('Needs **`repo`** or [docs](/rest).') // { html: 'Needs <strong><code>repo</code></strong> or <a href="/rest">docs</a>.', text: 'Needs repo or docs.' }
 */
export function plainInline(source: string, links = true): InlineHtml | undefined {
  if (REFUSED.test(source) || source.includes('``')) return undefined;
  const html: string[] = [];
  const text: string[] = [];
  /** The text outside code spans and links, for the autolink literal check. */
  let prose = '';
  const delimiters: Delimiter[] = [];
  let plain = '';
  const flush = () => {
    if (plain) {
      html.push(escapeText(plain));
      text.push(plain);
      prose += plain;
      plain = '';
    }
  };
  const push = (piece: InlineHtml) => {
    flush();
    html.push(piece.html);
    text.push(piece.text);
    // Not text to the autolink check: a literal cannot run through another construct.
    prose += ' ';
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '`') {
      CODE_SPAN.lastIndex = i;
      const code = CODE_SPAN.exec(source);
      if (!code) return undefined;
      push({ html: `<code>${escapeText(code[1] as string)}</code>`, text: code[1] as string });
      i = CODE_SPAN.lastIndex;
    } else if (c === '[') {
      if (!links || source[i - 1] === '!') return undefined;
      LINK.lastIndex = i;
      const link = LINK.exec(source);
      // `[^1]` is a footnote call; a reference in the address is decoded by the parser.
      if (!link || /^[\s^]|\s$/.test(link[1] as string) || CHARACTER_REFERENCE.test(link[2] as string))
        return undefined;
      const label = plainInline(link[1] as string, false);
      if (!label) return undefined;
      const href = link[2] as string;
      const title = link[3] === undefined ? '' : ` title="${escapeAttribute(link[3])}"`;
      const external = /^https?:\/\//.test(href) ? ' rel="noopener noreferrer nofollow" target="_blank"' : '';
      push({
        html: `<a href="${escapeAttribute(href)}"${title}${external}>${label.html}</a>`,
        text: label.text,
      });
      i = LINK.lastIndex;
    } else if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined || !ASCII_PUNCTUATION.test(next)) return undefined;
      push({ html: escapeText(next), text: next });
      i += 2;
    } else if (c === '&') {
      CHARACTER_REFERENCE_HERE.lastIndex = i;
      if (CHARACTER_REFERENCE_HERE.test(source)) return undefined;
      plain += c;
      i++;
    } else if (c === ']' || REFUSED_IN_TEXT.test(c) || (c === '!' && source[i + 1] === '[')) {
      return undefined;
    } else if (c === '*' || c === '_') {
      let end = i;
      while (source[end] === c) end++;
      const before = source[i - 1];
      const after = source[end];
      // `snake_case`: an underscore run between letters or digits neither opens nor closes.
      if (c === '_' && before && after && /[A-Za-z0-9]/.test(before) && /[A-Za-z0-9]/.test(after)) {
        plain += source.slice(i, end);
      } else {
        if (!links) return undefined;
        flush();
        delimiters.push({
          marker: c,
          length: end - i,
          piece: html.length,
          canOpen:
            (before === undefined || OPENER_PRECEDER.test(before)) &&
            after !== undefined &&
            !/[\s*_]/.test(after),
          canClose:
            before !== undefined &&
            !/[\s*_]/.test(before) &&
            (after === undefined || CLOSER_FOLLOWER.test(after)),
        });
        html.push('');
        text.push('');
        prose += ' ';
      }
      i = end;
    } else {
      plain += c;
      i++;
    }
  }
  flush();
  if (AUTOLINK_LITERAL.test(prose)) return undefined;
  // Emphasis: openers and closers alternate, each pair of one marker and length (1 or 2).
  if (delimiters.length % 2 === 1) return undefined;
  for (let d = 0; d < delimiters.length; d += 2) {
    const open = delimiters[d] as Delimiter;
    const close = delimiters[d + 1] as Delimiter;
    if (!open.canOpen || !close.canClose || open.marker !== close.marker || open.length !== close.length)
      return undefined;
    if (open.length > 2) return undefined;
    const tag = open.length === 2 ? 'strong' : 'em';
    html[open.piece] = `<${tag}>`;
    html[close.piece] = `</${tag}>`;
  }
  return { html: html.join(''), text: text.join('') };
}
