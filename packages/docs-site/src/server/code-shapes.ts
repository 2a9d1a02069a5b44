/**
 * Code highlighted by its shape: its lines with their literals masked (literal-masks.ts: a quoted
 * string's plain text, a number's digits, a key; a bash line inside a multi-line string, whole).
 * Endpoint snippets differ from page to page by such literals alone (GitHub's 3,669 snippets have
 * 346 shapes, 3,323 filled into one), so a shape's HTML is written once per process as pieces
 * around its literals, and each code of that shape is its literals' escaped text put between the
 * pieces: no line's tokens looked up, unmasked or written (issue #30).
 *
 * Why that is the HTML line by line highlighting writes: a shape is kept only when every masked
 * line of the code it was made from was read through its mask (line-tokens.ts: the grammar read
 * each mask as the literal it stands for), so every line's tokens came from its masked line and
 * the grammar states before it, which the masked lines alone decide; a code of the same shape has
 * the same masked lines, hence the same tokens, each literal's text escaped within its token (HTML
 * escaping is character by character). A shape whose code had a line read as itself is marked
 * unshaped, and its codes are highlighted line by line.
 */
import { flatString } from '@sextant/definition';
import type { HighlighterCore } from 'shiki/core';
import { highlightCache } from './highlight-caches.js';
import { codeLines, type LineTokens, MAX_TOKENIZED_LINE_LENGTH, maskedLineTokens } from './line-tokens.js';
import { type MaskedLine, maskLiterals, maskWholeLine, unmaskTokens } from './literal-masks.js';
import { escapeHtml, lineHtml, tokenClass } from './token-html.js';

/** The HTML of a shape's code around its literals: `pieces[0]`, literal 0, `pieces[1]`, … */
interface Shape {
  pieces: string[];
  /** Each literal's line. */
  slotLines: number[];
  /** Each literal's mask's index in its masked line. */
  slotAt: number[];
}

/** A shape whose code had a line the grammar read as itself, not through its mask. */
const UNSHAPED: Shape = { pieces: [], slotLines: [], slotAt: [] };

/** Shapes by language and masked code: a tenth of the highlight caches' budget (highlight-caches.ts). */
const shapes = highlightCache<Shape>(
  0.1,
  (shape, key) =>
    2 * shape.pieces.reduce((sum, piece) => sum + piece.length, key.length) + 16 * shape.slotAt.length + 96,
);

/**
 * The mask of `line` the shape's key takes: the whole line where it may be inside a string opened
 * before (bash), else its literals; none for a line too long to tokenise (it is written as it is).
 */
function shapeMask(lang: string, line: string): MaskedLine | undefined {
  if (line.length >= MAX_TOKENIZED_LINE_LENGTH) return undefined;
  return maskWholeLine(lang, line) ?? maskLiterals(lang, line);
}

/**
 * `code` highlighted as the grammar `lang` (not JSON: json-tokens.ts reads it), its lines' HTML
 * joined, from its shape's pieces when the shape is known.
 * @example shapedHtml(h, 'url = "https://x.test"', 'python') // 'url <span class="…">=</span> …'
 */
export function shapedHtml(instance: HighlighterCore, code: string, lang: string): string {
  const lines = codeLines(code);
  const masks: (MaskedLine | undefined)[] = new Array(lines.length);
  let key = lang;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const masked = shapeMask(lang, line);
    masks[i] = masked;
    key += `\n${masked ? masked.text : line}`;
  }
  const known = shapes.get(key);
  if (known && known !== UNSHAPED) {
    const html = filled(known, lines, masks);
    if (html !== undefined) return html;
  }
  const { tokens, masks: read } = maskedLineTokens(instance, lines, lang);
  if (!known) {
    const shape = shapeOf(lines, masks, tokens, read);
    shapes.set(key, shape);
    const html = shape === UNSHAPED ? undefined : filled(shape, lines, masks);
    if (html !== undefined) return html;
  }
  return lines
    .map((line, i) => {
      const masked = read[i];
      const own = tokens[i] as LineTokens;
      return lineHtml(line, masked ? unmaskTokens(masked, own) : own);
    })
    .join('\n');
}

const sameMask = (a: MaskedLine | undefined, b: MaskedLine | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.text === b.text &&
    a.at.length === b.at.length &&
    a.at.every((at, k) => b.at[k] === at));

/**
 * The shape of `lines` from their tokens as line-tokens.ts read them (`read`: the masks it read
 * them through), or {@link UNSHAPED} where a line of the key was not read through its mask.
 */
function shapeOf(
  lines: readonly string[],
  masks: readonly (MaskedLine | undefined)[],
  tokens: readonly LineTokens[],
  read: readonly (MaskedLine | undefined)[],
): Shape {
  const shape: Shape = { pieces: [], slotLines: [], slotAt: [] };
  let piece = '';
  for (let i = 0; i < lines.length; i++) {
    const masked = masks[i];
    if (!sameMask(masked, read[i])) return UNSHAPED;
    if (i > 0) piece += '\n';
    const text = masked ? masked.text : (lines[i] as string);
    const own = tokens[i] as LineTokens;
    let k = 0;
    let at = 0;
    for (let x = 0; x < own.length; x += 3) {
      const end = own[x] as number;
      const classes = tokenClass((own[x + 1] as string) || undefined, (own[x + 2] as string) || undefined);
      if (classes) piece += `<span class="${classes}">`;
      for (; masked && k < masked.at.length && (masked.at[k] as number) < end; k++) {
        const mask = masked.at[k] as number;
        shape.pieces.push(flatString(piece + escapeHtml(text.slice(at, mask))));
        shape.slotLines.push(i);
        shape.slotAt.push(mask);
        piece = '';
        at = mask + 1;
      }
      piece += escapeHtml(text.slice(at, end));
      if (classes) piece += '</span>';
      at = end;
    }
  }
  shape.pieces.push(flatString(piece));
  return shape;
}

/** `shape`'s pieces around the escaped text of `lines`' literals, or undefined where their masks are not the shape's. */
function filled(
  shape: Shape,
  lines: readonly string[],
  masks: readonly (MaskedLine | undefined)[],
): string | undefined {
  const { pieces, slotLines, slotAt } = shape;
  let html = pieces[0] as string;
  let slot = 0;
  for (let i = 0; i < lines.length; i++) {
    const masked = masks[i];
    if (!masked) continue;
    const line = lines[i] as string;
    let shift = 0;
    for (let k = 0; k < masked.at.length; k++) {
      const at = masked.at[k] as number;
      if (slotLines[slot] !== i || slotAt[slot] !== at) return undefined;
      const start = at + shift;
      const length = masked.lengths[k] as number;
      slot++;
      html += escapeHtml(line.slice(start, start + length)) + (pieces[slot] as string);
      shift += length - 1;
    }
  }
  return slot === slotAt.length ? html : undefined;
}
