/**
 * A response body as display rows, found a slice at a time so a 10 MB body never blocks the
 * page. A row is kept as offsets into the body's text (start, end, indentation depth) in typed
 * arrays, not as a string: laying out 10 MB makes no garbage, and only the rows on screen are
 * ever turned into text (`rowText`). `pretty` re-indents JSON by its tokens (two spaces, as
 * `JSON.stringify(v, null, 2)` does) without parsing it into objects; `raw` splits the text at
 * its line breaks. Either way a line longer than `MAX_LINE_CHARS` becomes several rows.
 */
import { NotJsonError } from '../../../errors.js';

/** The longest row; a minified body's one line becomes rows of this many characters. */
export const MAX_LINE_CHARS = 2000;

/** How a body is laid out. */
export type BodyLayoutMode = 'pretty' | 'raw';

export { NotJsonError };

/** Depth of a row shown as it is in the text (raw rows, and the rest of a cut pretty line). */
const VERBATIM = -1;

/**
 * Deeper rows are indented as this depth: 100,000 nested arrays would otherwise make every row
 * 200 KB of spaces.
 */
export const MAX_INDENT_DEPTH = 64;

/** Rows per block of the row index (a power of two: a row's block is `row >> BLOCK_BITS`). */
const BLOCK_BITS = 16;
const BLOCK_ROWS = 1 << BLOCK_BITS;
const BLOCK_MASK = BLOCK_ROWS - 1;

/**
 * The rows found so far: offsets into the text and the indentation depth of each, in blocks of
 * `BLOCK_ROWS` rows. Blocks are added, never grown: a doubling array copied 24 MB in one task
 * once a 10 MB body passed a million rows.
 */
export class RowIndex {
  count = 0;
  readonly #starts: Int32Array[] = [];
  readonly #ends: Int32Array[] = [];
  readonly #depths: Int32Array[] = [];

  push(start: number, end: number, depth: number): void {
    if (end - start <= MAX_LINE_CHARS) {
      this.#add(start, end, depth);
      return;
    }
    this.#add(start, start + MAX_LINE_CHARS, depth);
    for (let from = start + MAX_LINE_CHARS; from < end; from += MAX_LINE_CHARS)
      this.#add(from, Math.min(end, from + MAX_LINE_CHARS), VERBATIM);
  }

  start(row: number): number {
    return this.#starts[row >> BLOCK_BITS]?.[row & BLOCK_MASK] ?? 0;
  }
  end(row: number): number {
    return this.#ends[row >> BLOCK_BITS]?.[row & BLOCK_MASK] ?? 0;
  }
  depth(row: number): number {
    return row < this.count ? (this.#depths[row >> BLOCK_BITS]?.[row & BLOCK_MASK] ?? VERBATIM) : VERBATIM;
  }

  /** The row holding text offset `offset` (the last row starting at or before it). */
  rowAt(offset: number): number {
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.start(middle) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  #add(start: number, end: number, depth: number): void {
    const block = this.count >> BLOCK_BITS;
    if (block === this.#starts.length) {
      this.#starts.push(new Int32Array(BLOCK_ROWS));
      this.#ends.push(new Int32Array(BLOCK_ROWS));
      this.#depths.push(new Int32Array(BLOCK_ROWS));
    }
    const at = this.count & BLOCK_MASK;
    (this.#starts[block] as Int32Array)[at] = start;
    (this.#ends[block] as Int32Array)[at] = end;
    (this.#depths[block] as Int32Array)[at] = depth;
    this.count++;
  }
}

/** An incremental row producer: `step` reads about `budget` more characters of the text. */
export interface RowProducer {
  /** Adds the next rows to `rows`; returns true when the whole text is done. */
  step(rows: RowIndex, budget: number): boolean;
}

const NEWLINE = 10;
const CARRIAGE_RETURN = 13;

/**
 * Raw rows: the text split at `\n` (a `\r` before it dropped).
 *
 * @example
 * const rows = new RowIndex(); rawRows('a\nb').step(rows, 1e6); // rows.count === 2
 */
export function rawRows(text: string): RowProducer {
  let position = 0;
  let done = false;
  return {
    step(rows, budget) {
      const stop = position + budget;
      while (!done && position < stop) {
        const newline = text.indexOf('\n', position);
        let end = newline === -1 ? text.length : newline;
        if (end > position && text.charCodeAt(end - 1) === CARRIAGE_RETURN) end--;
        rows.push(position, end, VERBATIM);
        if (newline === -1 || newline + 1 === text.length) done = true;
        else position = newline + 1;
      }
      return done;
    },
  };
}

const isWhitespace = (code: number) =>
  code === 32 || code === NEWLINE || code === CARRIAGE_RETURN || code === 9;
const isScalarChar = (code: number) =>
  (code >= 48 && code <= 57) ||
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  code === 45 ||
  code === 43 ||
  code === 46;

/**
 * The index after the JSON string that opens at `start` (a `"`), or -1 when it does not close
 * before `limit` (a row's text never reads past the row: a 5 MB string is not read per row).
 */
function stringEnd(text: string, start: number, limit = text.length): number {
  let index = start + 1;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote === -1 || quote >= limit) return -1;
    let backslashes = 0;
    for (let k = quote - 1; k > start && text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    index = quote + 1;
  }
}

/**
 * Pretty rows of JSON text, by its tokens: `{`/`[` end a row and open a level (an empty `{}`/`[]`
 * stays on its row), `,` ends a row, a closing bracket starts one. Throws {@link NotJsonError}
 * on a character JSON cannot hold there (such text is better shown raw).
 *
 * @example
 * const rows = new RowIndex(); const text = '{"a":[1,2]}';
 * prettyRows(text).step(rows, 1e6); // rowText(text, rows, 1) === '  "a": ['
 */
export function prettyRows(text: string): RowProducer {
  let position = 0;
  let depth = 0;
  /** Where the row being read starts (-1: no token on it yet), its depth, and its last token's end. */
  let rowStart = -1;
  let rowDepth = 0;
  let tokenEnd = 0;
  /** The top-level value is complete: anything but whitespace after it is not JSON. */
  let ended = false;
  const token = (start: number, end: number) => {
    if (rowStart === -1) {
      rowStart = start;
      rowDepth = depth;
    }
    tokenEnd = end;
  };
  const endRow = (rows: RowIndex) => {
    if (rowStart !== -1) rows.push(rowStart, tokenEnd, rowDepth);
    rowStart = -1;
  };
  return {
    step(rows, budget) {
      const stop = Math.min(text.length, position + budget);
      while (position < stop) {
        const code = text.charCodeAt(position);
        if (isWhitespace(code)) {
          position++;
          continue;
        }
        if (ended) throw new NotJsonError(position);
        if (code === 123 || code === 91) {
          // { or [
          let next = position + 1;
          while (next < text.length && isWhitespace(text.charCodeAt(next))) next++;
          if (text.charCodeAt(next) === code + 2) {
            token(position, next + 1);
            position = next + 1;
            ended = depth === 0;
            continue;
          }
          token(position, position + 1);
          endRow(rows);
          depth++;
          position++;
        } else if (code === 125 || code === 93) {
          // } or ]
          if (depth === 0) throw new NotJsonError(position);
          endRow(rows);
          depth--;
          token(position, position + 1);
          position++;
          ended = depth === 0;
        } else if (code === 44) {
          // ,
          token(position, position + 1);
          endRow(rows);
          position++;
        } else if (code === 58) {
          // :
          token(position, position + 1);
          position++;
        } else if (code === 34) {
          const end = stringEnd(text, position);
          if (end === -1) throw new NotJsonError(position);
          token(position, end);
          position = end;
          ended = depth === 0;
        } else if (isScalarChar(code)) {
          let end = position + 1;
          while (end < text.length && isScalarChar(text.charCodeAt(end))) end++;
          token(position, end);
          position = end;
          ended = depth === 0;
        } else throw new NotJsonError(position);
      }
      if (position < text.length) return false;
      if (depth !== 0) throw new NotJsonError(text.length);
      endRow(rows);
      return true;
    },
  };
}

/**
 * The text of row `row`: a verbatim row as it is in the text; a pretty row indented by its depth,
 * whitespace between tokens dropped and one space after each `:`.
 */
export function rowText(text: string, rows: RowIndex, row: number): string {
  const start = rows.start(row);
  const end = rows.end(row);
  const depth = rows.depth(row);
  if (depth === VERBATIM) return text.slice(start, end);
  let out = '  '.repeat(Math.min(depth, MAX_INDENT_DEPTH));
  let position = start;
  while (position < end) {
    const code = text.charCodeAt(position);
    if (code === 34) {
      const close = stringEnd(text, position, end);
      const stringStop = close === -1 ? end : close;
      out += text.slice(position, stringStop);
      position = stringStop;
    } else if (isWhitespace(code)) position++;
    else if (code === 58) {
      out += ': ';
      position++;
    } else {
      let next = position + 1;
      while (
        next < end &&
        !isWhitespace(text.charCodeAt(next)) &&
        text.charCodeAt(next) !== 34 &&
        text.charCodeAt(next) !== 58
      )
        next++;
      out += text.slice(position, next);
      position = next;
    }
  }
  return out;
}

/** Whether a body is worth laying out as JSON: a JSON content type (or none) and text that opens like JSON. */
export function looksLikeJson(text: string, contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== '' && !type.includes('json')) return false;
  let index = 0;
  while (index < text.length && isWhitespace(text.charCodeAt(index))) index++;
  const code = text.charCodeAt(index);
  return code === 123 || code === 91 || code === 34 || isScalarChar(code);
}
