/**
 * The markdown fast path for servers rendering many descriptions (issue #30): the mdast tree of a
 * document made only of paragraphs (indented up to three spaces, their lines' edge spaces dropped),
 * ATX headings, list items of paragraphs (the first's lines continuing the item indented or lazily,
 * more after a blank line at the item's content column; tight or loose), each maybe followed by a
 * list nested right under it, quotes (their lines' text indented or not, continued lazily by text
 * lines) and fenced code blocks (three backticks, a language name or none, closed by three
 * backticks alone), whose inline text holds only text, simple code spans (over lines only in lines
 * as written) and links, backslash escapes, unnested emphasis whose delimiters open and close
 * unambiguously (or one run of one or two `*` or `_`, which pairs with none: text) and hard breaks
 * (two spaces or more at a paragraph line's end), built without the parser. On that subset CommonMark and GFM read the same, so the tree is `fromMarkdown`'s without
 * positions, with or without GFM; GFM's tables and URL literals of one plain form are read only
 * when asked (options). Anything else (HTML, other code blocks, tables, autolinks and other GFM
 * literals, entities, images, references, strikethrough, other nesting, lazy continuation of quotes
 * other than by a text line, indented code, setext headings, thematic breaks, backslash breaks) is
 * refused: undefined, and the caller runs the parser. Proved against the parsers on every
 * description of GitHub's, Stripe's and the example specs (docs-site's
 * plain-markdown.corpus.test.ts, this package's markdown.test.tsx).
 */

import { type PlainTable, plainTable } from './plain-table.js';

/** The inline nodes of a {@link PlainTree}: mdast's. */
export type PlainInline =
  | { type: 'text'; value: string }
  | { type: 'inlineCode'; value: string }
  | { type: 'strong'; children: PlainInline[] }
  | { type: 'emphasis'; children: PlainInline[] }
  | { type: 'link'; url: string; title: string | null; children: PlainInline[] }
  | { type: 'break' };

interface Paragraph {
  type: 'paragraph';
  children: PlainInline[];
}

/** A list item's blocks: paragraphs, each maybe followed by a list nested under it. */
type ListItemBlock = Paragraph | List;
type ListItemBlocks = [Paragraph, ...ListItemBlock[]];

interface List {
  type: 'list';
  ordered: boolean;
  start: number | null;
  spread: boolean;
  /** `spread`: a blank line between its blocks. */
  children: { type: 'listItem'; spread: boolean; checked: null; children: ListItemBlocks }[];
}

/** A fenced code block: its language (the info string's one word) or null; never a meta string. */
interface Code {
  type: 'code';
  lang: string | null;
  meta: null;
  value: string;
}

/** The blocks of a {@link PlainTree}: mdast's. */
export type PlainBlock =
  | Paragraph
  | Code
  | { type: 'heading'; depth: 1 | 2 | 3 | 4 | 5 | 6; children: PlainInline[] }
  | List
  | { type: 'blockquote'; children: PlainBlock[] }
  | PlainTable;

/** The mdast tree the fast path builds: an mdast `Root` of the blocks and inline nodes above. */
export interface PlainTree {
  type: 'root';
  children: PlainBlock[];
}

/**
 * A code span of one backtick each side whose text is written as is: no backtick (double
 * backticks anywhere are refused first, so each opener closes at the next one), no space at its
 * edges (CommonMark strips one), no backslash, line end, tab or control character.
 */
const CODE_SPAN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  /`([^`\s\\\u0000-\u001f\u007f](?:[^`\\\u0000-\u001f\u007f]*[^`\s\\\u0000-\u001f\u007f])?)`/y;
/**
 * {@link CODE_SPAN} that may also run over lines, each line end between two characters other than
 * spaces: the parser keeps the line end in the value (a reader shows a space), so the span is only
 * read in lines written as they are given (see {@link InlineReading}).
 */
const CODE_SPAN_OVER_LINES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  /`([^`\s\\\u0000-\u001f\u007f](?:(?:[^`\\\u0000-\u001f\u007f]|(?<! )\n(?! ))*[^`\s\\\u0000-\u001f\u007f])?)`/y;

/**
 * An inline link: its text (checked without links or emphasis; it may run over lines, each a
 * soft break in its text), an absolute http(s) URL, a site
 * path (not `//`) or a fragment (`#name`) of characters the parser neither escapes nor percent-encodes (a `%` only before
 * two hex digits; no parentheses, spaces or backslashes), and an optional double-quoted title of
 * plain characters.
 */
const LINK =
  /\[([^[\]\n]+(?:\n[^[\]\n]+)*)\]\(((?:https?:\/\/|\/(?!\/)|#)(?:[A-Za-z0-9/._~:?#=+,;@!$&'*-]|%[0-9A-Fa-f]{2})*)(?: "([^"\\\n&<>`]*)")?\)/y;

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
/** Text characters never taken: raw HTML and autolinks (`<`), strikethrough (`~`). */
const REFUSED_IN_TEXT = /[<~]/;
/**
 * What may stand before an `@` in text: nothing, a space or line end, an emphasis delimiter, a
 * quote, a parenthesis or another `@`. None of them is a character of an email address's local
 * part (GFM: letters, digits, `.`, `-`, `_`, `+`), so the `@` opens no email autolink literal
 * (`**@mention**`, `"@@"`); after anything else it is refused.
 */
const BEFORE_PLAIN_AT = /[ \n*"(@]/;

/** The characters {@link inlineNodes} reads one by one; text runs between them are taken whole. */
const SPECIAL = /[`[\]\\&<~@!*_]/g;

/** GFM autolink literals (`www.`, `http://`…) in text: refused. */
const AUTOLINK_LITERAL = /www\.|:\/\//i;

/**
 * What may stand before an emphasis opener: nothing, a space or line end, or an opening
 * parenthesis or quote (punctuation, so the run opens whatever follows it).
 */
const OPENER_PRECEDER = /[ \n("']/;
/** What may follow an emphasis closer, besides nothing. */
const CLOSER_FOLLOWER = /[ \n.,:;!?)"']/;

/** A callout's marker (`[!NOTE]`) opening a quote: text to both parsers, for the renderer to read. */
const QUOTE_MARKER = /^\[![A-Za-z]+\](?=\s|$)/;

interface Delimiter {
  marker: '*' | '_';
  length: number;
  /** Its index among the pieces. */
  piece: number;
  canOpen: boolean;
  canClose: boolean;
}

/** A delimiter run's place among the pieces, replaced by its emphasis once paired. */
type Piece = PlainInline | Delimiter;

const isDelimiter = (piece: Piece): piece is Delimiter => 'canOpen' in piece;

/** Appends `value` to the text piece at the end, or as a new one (the parser merges adjacent text). */
function pushText(pieces: Piece[], value: string): void {
  const last = pieces[pieces.length - 1];
  if (last && !isDelimiter(last) && last.type === 'text') last.value += value;
  else pieces.push({ type: 'text', value });
}

/** How inline text is read: a block's (links and emphasis; GFM's URL literals when asked) or a link's own. */
interface InlineReading {
  links: boolean;
  literals: boolean;
  /**
   * Code spans may run over lines: the text's lines are its block's as written (no edge spaces
   * dropped, no indentation), which a code span keeps as they are.
   */
  codeOverLines: boolean;
}

/** A link's own text: no links, emphasis, literals or breaks in it. */
const LINK_TEXT: InlineReading = { links: false, literals: false, codeOverLines: false };
/** {@link LINK_TEXT} in lines as written. */
const LINK_TEXT_OVER_LINES: InlineReading = { ...LINK_TEXT, codeOverLines: true };

/**
 * A GFM autolink literal of the one form taken: `http(s)://`, a domain of letters, digits and
 * hyphens with a dot, then a path of those, dots and slashes ending in a letter, digit or slash.
 * GFM ends a literal at white space and drops trailing punctuation, so the literal must be followed
 * by nothing, a space or line end, or one of `.,:!?` and then one of those
 * ({@link LITERAL_FOLLOWER}); it must follow nothing, a space or a line end.
 */
const URL_LITERAL = /https?:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:\/(?:[A-Za-z0-9/.-]*[A-Za-z0-9/])?)?/y;
const LITERAL_FOLLOWER = /[.,:!?]?(?:[ \n]|$)/y;
/** Where a literal may start in a run of text. */
const LITERAL_START = /https?:\/\//;

/** Spaces ending a line (not other white space: CommonMark keeps a no-break space). */
const TRAILING_SPACES = / +$/;
/** Spaces opening a line, which a paragraph's line drops. */
const LEADING_SPACES = /^ +/;

/** A line of spaces or nothing (not the end of the lines). */
const isBlank = (line: string | undefined): boolean => line !== undefined && /^ *$/.test(line);

/** A line end after two spaces or more in a paragraph (plainTree keeps them only there): a hard break. */
const HARD_BREAK = / {2,}\n/;

/** Appends `text` with its hard breaks (break nodes; no empty text around them). */
function pushTextAndBreaks(pieces: Piece[], text: string): void {
  const [head, ...rest] = text.split(HARD_BREAK);
  if (head) pushText(pieces, head);
  for (const after of rest) {
    pieces.push({ type: 'break' });
    if (after) pushText(pieces, after);
  }
}

/** The URL literal at `at` in `source` ({@link URL_LITERAL}'s form and place), or undefined. */
function urlLiteral(source: string, at: number): string | undefined {
  const before = source[at - 1];
  if (before !== undefined && before !== ' ' && before !== '\n') return undefined;
  URL_LITERAL.lastIndex = at;
  const url = URL_LITERAL.exec(source)?.[0];
  if (url === undefined) return undefined;
  LITERAL_FOLLOWER.lastIndex = at + url.length;
  return LITERAL_FOLLOWER.test(source) ? url : undefined;
}

/**
 * The inline nodes of `source`, or undefined when it holds anything but the constructs above.
 * `reading`: whether links and emphasis may be read (not in a link's own text), and GFM's URL literals.
 */
function inlineNodes(source: string, reading: InlineReading): PlainInline[] | undefined {
  const { links } = reading;
  if (REFUSED.test(source) || source.includes('``')) return undefined;
  const pieces: Piece[] = [];
  const delimiters: Delimiter[] = [];
  /** The text outside code spans and links, for the autolink literal check. */
  let prose = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '`') {
      const span = reading.codeOverLines ? CODE_SPAN_OVER_LINES : CODE_SPAN;
      span.lastIndex = i;
      const code = span.exec(source);
      if (!code) return undefined;
      pieces.push({ type: 'inlineCode', value: code[1] as string });
      prose += ' ';
      i = span.lastIndex;
    } else if (c === '[') {
      if (!links || source[i - 1] === '!') return undefined;
      LINK.lastIndex = i;
      const link = LINK.exec(source);
      // `[^1]` is a footnote call; a reference in the address is decoded by the parser.
      if (!link || (link[1] as string).startsWith('^') || CHARACTER_REFERENCE.test(link[2] as string))
        return undefined;
      const children = inlineNodes(
        link[1] as string,
        reading.codeOverLines ? LINK_TEXT_OVER_LINES : LINK_TEXT,
      );
      if (!children) return undefined;
      pieces.push({ type: 'link', url: link[2] as string, title: link[3] ?? null, children });
      prose += ' ';
      i = LINK.lastIndex;
    } else if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined || !ASCII_PUNCTUATION.test(next)) return undefined;
      pushText(pieces, next);
      // Not text to the autolink check: `www\.` is no literal.
      prose += ' ';
      i += 2;
    } else if (c === '&') {
      CHARACTER_REFERENCE_HERE.lastIndex = i;
      if (CHARACTER_REFERENCE_HERE.test(source)) return undefined;
      pushText(pieces, c);
      prose += c;
      i++;
    } else if (c === '@') {
      const before = source[i - 1];
      if (before !== undefined && !BEFORE_PLAIN_AT.test(before)) return undefined;
      pushText(pieces, c);
      prose += c;
      i++;
    } else if (c === ']' || REFUSED_IN_TEXT.test(c) || (c === '!' && source[i + 1] === '[')) {
      return undefined;
    } else if (c === '*' || c === '_') {
      let end = i;
      while (source[end] === c) end++;
      const run = source.slice(i, end);
      const before = source[i - 1];
      const after = source[end];
      // `snake_case`: an underscore run between letters or digits neither opens nor closes.
      if (c === '_' && before && after && /[A-Za-z0-9]/.test(before) && /[A-Za-z0-9]/.test(after)) {
        pushText(pieces, run);
        prose += run;
      } else {
        if (!links) return undefined;
        const delimiter: Delimiter = {
          marker: c,
          length: run.length,
          piece: pieces.length,
          canOpen:
            (before === undefined || OPENER_PRECEDER.test(before)) &&
            after !== undefined &&
            !/[\s*_]/.test(after),
          canClose:
            before !== undefined &&
            !/[\s*_]/.test(before) &&
            (after === undefined || CLOSER_FOLLOWER.test(after)),
        };
        delimiters.push(delimiter);
        pieces.push(delimiter);
        prose += ' ';
      }
      i = end;
    } else {
      // Up to the next character any branch above reads.
      SPECIAL.lastIndex = i + 1;
      const end = SPECIAL.exec(source)?.index ?? source.length;
      let text = source.slice(i, end);
      const literal = reading.literals ? text.search(LITERAL_START) : -1;
      if (literal >= 0) text = text.slice(0, literal);
      // HARD_BREAK's test, without the regular expression (two spaces then a line end, anywhere).
      if (text.includes('  \n')) {
        if (!links) return undefined;
        pushTextAndBreaks(pieces, text);
      } else if (text) pushText(pieces, text);
      prose += text;
      i += text.length;
      if (literal >= 0) {
        const url = urlLiteral(source, i);
        if (url === undefined) return undefined;
        pieces.push({ type: 'link', url, title: null, children: [{ type: 'text', value: url }] });
        prose += ' ';
        i += url.length;
      }
    }
  }
  if (AUTOLINK_LITERAL.test(prose)) return undefined;
  if (delimiters.length === 1) return loneRunAsText(pieces, delimiters[0] as Delimiter);
  if (delimiters.length % 2 === 1) return undefined;
  // Emphasis: openers and closers alternate, each pair of one marker and length (1 or 2).
  for (let d = 0; d < delimiters.length; d += 2) {
    const open = delimiters[d] as Delimiter;
    const close = delimiters[d + 1] as Delimiter;
    if (!open.canOpen || !close.canClose || open.marker !== close.marker || open.length !== close.length)
      return undefined;
    if (open.length > 2) return undefined;
  }
  const nodes: PlainInline[] = [];
  let d = 0;
  for (let p = 0; p < pieces.length; p++) {
    const piece = pieces[p] as Piece;
    if (!isDelimiter(piece)) {
      nodes.push(piece);
      continue;
    }
    const close = delimiters[d + 1] as Delimiter;
    d += 2;
    const children = pieces.slice(p + 1, close.piece) as PlainInline[];
    nodes.push(piece.length === 2 ? { type: 'strong', children } : { type: 'emphasis', children });
    p = close.piece;
  }
  return nodes;
}

/**
 * The inline nodes of `pieces` whose one delimiter run pairs with none (`**Deprecated.`, `'_'`):
 * its characters are text, joined with the text around it. A run of three or more may be a
 * thematic break (`***` alone on a line): undefined, the parser's.
 */
function loneRunAsText(pieces: readonly Piece[], run: Delimiter): PlainInline[] | undefined {
  if (run.length > 2) return undefined;
  const nodes: Piece[] = [];
  for (const piece of pieces)
    if (piece === run) pushText(nodes, run.marker.repeat(run.length));
    else if (!isDelimiter(piece) && piece.type === 'text') pushText(nodes, piece.value);
    else nodes.push(piece);
  return nodes as PlainInline[];
}

/** An ATX heading without indentation, closing sequence or edge space. */
const HEADING = /^(#{1,6}) (\S(?:.*\S)?)$/;
/**
 * A list item: indentation (at most 3), marker, one to four spaces, then its one line (a fifth
 * space would open code in the item: the line then opens with a space, which is refused).
 */
const LIST_ITEM = /^( {0,3})(?:([-*+])|(\d{1,9})([.)])) {1,4}(.*)$/;

/**
 * A line that may open or continue a paragraph (or be a list item's or heading's text): it opens
 * with a letter, digit, quote, parenthesis, brace (no block opens with one: `{name}-{id}`),
 * backtick, emphasis or link, not with a block's marker (`1.` of a list, `* ` of an item, `*`
 * alone: an empty item), and has no space at its end (a hard break, or trimmed).
 */
const TEXT_LINE = /^(?![*+-](?: |$)|\d+[.)])[\p{L}\p{N}"'({`*_[].*(?<!\s)$/su;

interface ListItem {
  indent: number;
  /** The bullet (`-`, `*`, `+`) or the ordered list's delimiter (`.`, `)`). */
  marker: string;
  /** An ordered item's number. */
  start: number | null;
  text: string;
}

/** A thematic break (`***`, `* **`, `- - -`): it wins over a list item the line could also be. */
const THEMATIC_BREAK = /^ {0,3}([*_-])(?:[ \t]*\1){2,}[ \t]*$/;

function listItem(line: string): ListItem | undefined {
  const match = LIST_ITEM.exec(line);
  if (!match || THEMATIC_BREAK.test(line)) return undefined;
  const [, indent = '', bullet, digits, delimiter, text = ''] = match;
  return {
    indent: indent.length,
    marker: bullet ?? (delimiter as string),
    start: digits === undefined ? null : Number(digits),
    text,
  };
}

const sameList = (a: ListItem, b: ListItem) =>
  a.indent === b.indent && a.marker === b.marker && (a.start === null) === (b.start === null);

/**
 * Whether `line` ends a paragraph before it: a quote, a heading, a code fence, a non-empty bullet
 * item or an ordered one from 1.
 */
function interrupts(line: string): boolean {
  if (line.startsWith('>') || line.startsWith('```') || HEADING.test(line)) return true;
  const item = listItem(line);
  return item !== undefined && item.text !== '' && (item.start === null || item.start === 1);
}

/**
 * Whether `line` is paragraph text that would continue a paragraph before it: read the same
 * quoted or lazily after a quote (it opens no block; a thematic break of `*` or `_` is left to the
 * inline reader, which refuses it).
 */
const lazyLine = (line: string | undefined): boolean =>
  line !== undefined && TEXT_LINE.test(line) && !interrupts(line);

function paragraph(source: string, reading: InlineReading, quoteMarker = false): Paragraph | undefined {
  const marker = quoteMarker ? QUOTE_MARKER.exec(source)?.[0] : undefined;
  if (!marker) {
    const children = inlineNodes(source, reading);
    return children && { type: 'paragraph', children };
  }
  const rest = inlineNodes(source.slice(marker.length), reading);
  if (!rest) return undefined;
  const children: PlainInline[] = [{ type: 'text', value: marker }];
  // The marker and the text after it are one text node.
  const [first] = rest;
  if (first?.type === 'text') children[0] = { type: 'text', value: marker + first.value };
  children.push(...(first?.type === 'text' ? rest.slice(1) : rest));
  return { type: 'paragraph', children };
}

/**
 * The lines of a list nested in an item whose content starts at column `offset`, from `lines[start]`
 * (an item indented by `offset`) up to a blank line or the next item of `outer`: each indented line
 * less the item's indentation, or a lazy line as it is. Undefined when a line is indented less (or
 * a list item at column 0 of another list: to the parser it leaves the outer list).
 */
function nestedLines(
  lines: readonly string[],
  start: number,
  offset: number,
  outer: ListItem,
): { lines: string[]; next: number } | undefined {
  const indentation = ' '.repeat(offset);
  const nested: string[] = [];
  let i = start;
  for (; i < lines.length && !isBlank(lines[i]); i++) {
    const line = lines[i] as string;
    if (line.startsWith(indentation)) nested.push(line.slice(offset));
    else {
      const item = listItem(line);
      if (item && sameList(outer, item)) break;
      if (item || line.startsWith(' ')) return undefined;
      nested.push(line);
    }
  }
  return { lines: nested, next: i };
}

/**
 * A paragraph of a list item whose content starts at column `offset` (its first line `text`, at
 * `lines[start]`) and the list nested right under it, if any, with the line after them; undefined
 * when a line opens any other block. The paragraph's lines continue it indented or not (lazily),
 * up to a blank line, the next item of `outer` or a list nested at the content column.
 */
function itemParagraph(
  lines: readonly string[],
  start: number,
  text: string,
  offset: number,
  outer: ListItem,
  reading: InlineReading,
): { blocks: [Paragraph] | [Paragraph, List]; next: number } | undefined {
  const paragraphLines = [text];
  /** Its continuation lines are lazy, not indented (an item's indentation is no part of a code span). */
  let lazy = true;
  let nested: List | undefined;
  let i = start + 1;
  for (; i < lines.length && !isBlank(lines[i]); i++) {
    const line = lines[i] as string;
    const sibling = listItem(line);
    if (sibling && sameList(outer, sibling)) break;
    const text = line.replace(LEADING_SPACES, '');
    if (sibling?.indent === offset && interrupts(text)) {
      const under = nestedLines(lines, i, offset, outer);
      const found = under && list(under.lines, 0, reading);
      if (!under || found?.next !== under.lines.length) return undefined;
      nested = found.node;
      i = under.next;
      break;
    }
    if (sibling || interrupts(text)) return undefined;
    lazy &&= text === line;
    paragraphLines.push(text);
  }
  const source = paragraphSource(paragraphLines);
  const children =
    source === undefined ? undefined : inlineNodes(source, asWritten(source, paragraphLines, lazy, reading));
  if (!children) return undefined;
  const paragraph: Paragraph = { type: 'paragraph', children };
  return { blocks: nested ? [paragraph, nested] : [paragraph], next: i };
}

/**
 * The list starting at `lines[start]` and the line after it, or undefined. Items are paragraphs
 * of one marker and indentation, each maybe followed by a list nested right under it (its items at
 * the item's content column, no blank line before them); after a blank line, a further paragraph
 * at the content column belongs to the item (which is then spread). A blank line between two items
 * makes the list loose.
 */
function list(
  lines: readonly string[],
  start: number,
  reading: InlineReading,
): { node: List; next: number } | undefined {
  const first = listItem(lines[start] as string) as ListItem;
  const node: List = {
    type: 'list',
    ordered: first.start !== null,
    start: first.start,
    spread: false,
    children: [],
  };
  let i = start;
  for (;;) {
    const item = listItem(lines[i] as string);
    // Five spaces or more after the marker open code in the item.
    if (!item || !sameList(first, item) || item.text.startsWith(' ')) return undefined;
    /** Where the item's content starts (its marker and the spaces after it). */
    const offset = (lines[i] as string).length - item.text.length;
    const indentation = ' '.repeat(offset);
    const part = itemParagraph(lines, i, item.text, offset, first, reading);
    if (!part) return undefined;
    const blocks: ListItemBlock[] = [...part.blocks];
    i = part.next;
    let after = i;
    while (isBlank(lines[after])) after++;
    // A paragraph at the content column after a blank line: the item's too.
    for (
      let line = lines[after];
      after > i && line?.startsWith(indentation) && /^\S/.test(line.slice(offset));
      line = lines[after]
    ) {
      const text = line.slice(offset);
      if (listItem(text) || interrupts(text)) return undefined;
      const more = itemParagraph(lines, after, text, offset, first, reading);
      if (!more) return undefined;
      blocks.push(...more.blocks);
      i = more.next;
      after = i;
      while (isBlank(lines[after])) after++;
    }
    node.children.push({
      type: 'listItem',
      spread: blocks.length > part.blocks.length,
      checked: null,
      children: blocks as ListItemBlocks,
    });
    const next = lines[after];
    if (next === undefined) break;
    const following = listItem(next);
    if (following && sameList(first, following)) {
      node.spread ||= after > i;
      i = after;
      continue;
    }
    // Right after an item, another list's item; after a blank line, an indented line belongs
    // to the item (a paragraph or a list not at the content column, code).
    if (after === i || next.startsWith(' ')) return undefined;
    break;
  }
  return { node, next: i };
}

/**
 * A code fence opening a block: three backticks without indentation, then a language name or
 * nothing (no meta string, no escapes or references, no spaces).
 */
const FENCE_OPEN = /^```([A-Za-z][\w+-]*)?$/;
/** A line that may close a backtick fence (up to three spaces, three backticks or more, ...). */
const FENCE_CLOSE_LIKE = /^ {0,3}```/;

/**
 * The fenced code block opening at `lines[start]` and the line after it, or undefined. Its first
 * line that may close a fence must be a plain closing fence (three backticks alone); its lines are
 * taken as written, so they may hold no tab or control character.
 */
function fencedCode(lines: readonly string[], start: number): { node: Code; next: number } | undefined {
  const open = FENCE_OPEN.exec(lines[start] as string);
  if (!open) return undefined;
  let end = start + 1;
  while (end < lines.length && !FENCE_CLOSE_LIKE.test(lines[end] as string)) end++;
  if (lines[end] !== '```') return undefined;
  const value = lines.slice(start + 1, end).join('\n');
  if (REFUSED.test(value)) return undefined;
  return { node: { type: 'code', lang: open[1] ?? null, meta: null, value }, next: end + 1 };
}

/** What {@link plainTree} reads besides CommonMark's subset. */
export interface PlainTreeOptions {
  /** GFM tables of plain-table.ts's form (a CommonMark reader must leave them out: to it they are text). */
  tables?: boolean;
  /** GFM autolink literals of one plain form (`URL_LITERAL`; to a CommonMark reader they are text). */
  literals?: boolean;
}

/**
 * A paragraph's lines as its inline source: each line's trailing spaces dropped, except two or
 * more before another line (a hard break, which inlineNodes reads); undefined when a line is no
 * paragraph text.
 */
function paragraphSource(lines: readonly string[]): string | undefined {
  let source = '';
  for (const [n, line] of lines.entries()) {
    // Four spaces or more before a paragraph's first line would make it indented code.
    if (n === 0 && line.startsWith('    ')) return undefined;
    const trimmed = line.replace(TRAILING_SPACES, '');
    const text = trimmed.replace(LEADING_SPACES, '');
    if (!TEXT_LINE.test(text)) return undefined;
    const last = n === lines.length - 1;
    source += last ? text : line.length - trimmed.length >= 2 ? `${text}  \n` : `${text}\n`;
  }
  return source;
}

/**
 * `reading` for a block's `source` made of `lines`: code spans may run over lines when the source
 * is the lines as written (`lazy`: and none of them was indented).
 */
function asWritten(
  source: string,
  lines: readonly string[],
  lazy: boolean,
  reading: InlineReading,
): InlineReading {
  return lines.length > 1 && lazy && source === lines.join('\n')
    ? { ...reading, codeOverLines: true }
    : reading;
}

/**
 * The blocks of `lines`, or undefined; `inQuote`: a quote's (no quote or table in it, a callout
 * marker may open it).
 */
function blocks(
  lines: readonly string[],
  options: PlainTreeOptions,
  inQuote = false,
): PlainBlock[] | undefined {
  const nodes: PlainBlock[] = [];
  const reading: InlineReading = { links: true, literals: options.literals === true, codeOverLines: false };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (isBlank(line)) {
      i++;
      continue;
    }
    if (line.startsWith('>')) {
      if (inQuote) return undefined;
      const quoted: string[] = [];
      for (; lines[i]?.startsWith('>'); i++) {
        if (!/^> ?$/.test(lines[i] as string) && !lines[i]?.startsWith('> ')) return undefined;
        quoted.push((lines[i] as string).slice(2));
      }
      // A text line right after a quote's paragraph continues it (lazily), as if quoted; any other
      // line would interrupt it.
      for (; lazyLine(lines[i]) && lazyLine(quoted.at(-1)?.replace(LEADING_SPACES, '')); i++)
        quoted.push(lines[i] as string);
      if (i < lines.length && lines[i] !== '') return undefined;
      const children = blocks(quoted, options, true);
      if (!children?.length) return undefined;
      nodes.push({ type: 'blockquote', children });
      continue;
    }
    if (line.startsWith('```')) {
      const found = inQuote ? undefined : fencedCode(lines, i);
      if (!found) return undefined;
      nodes.push(found.node);
      i = found.next;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const children = inlineNodes(heading[2] as string, reading);
      if (!children || / #+$/.test(line)) return undefined;
      nodes.push({
        type: 'heading',
        depth: (heading[1] as string).length as 1 | 2 | 3 | 4 | 5 | 6,
        children,
      });
      i++;
      continue;
    }
    if (line.startsWith('|')) {
      const found =
        options.tables && !inQuote ? plainTable(lines, i, (text) => inlineNodes(text, reading)) : undefined;
      if (!found) return undefined;
      nodes.push(found.node);
      i = found.next;
      continue;
    }
    if (listItem(line)) {
      const found = list(lines, i, reading);
      if (!found) return undefined;
      nodes.push(found.node);
      i = found.next;
      continue;
    }
    const start = i;
    while (i < lines.length && !isBlank(lines[i]) && (i === start || !interrupts(lines[i] as string))) i++;
    const paragraphLines = lines.slice(start, i);
    const source = paragraphSource(paragraphLines);
    const node =
      source === undefined
        ? undefined
        : paragraph(source, asWritten(source, paragraphLines, true, reading), inQuote && nodes.length === 0);
    if (!node) return undefined;
    nodes.push(node);
  }
  return nodes;
}

/**
 * The mdast tree of `markdown` (without positions) when it is made only of the blocks and inline
 * markdown above (and, with `tables`, GFM tables), else undefined (the caller parses it).
 * @example plainTree('Needs **`repo`**.') // { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Needs ' }, { type: 'strong', children: [{ type: 'inlineCode', value: 'repo' }] }, { type: 'text', value: '.' }] }] }
 */
export function plainTree(markdown: string, options: PlainTreeOptions = {}): PlainTree | undefined {
  const children = blocks(markdown.split('\n'), options);
  return children?.length ? { type: 'root', children } : undefined;
}
