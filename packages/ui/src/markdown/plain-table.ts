/**
 * GFM tables for the markdown fast path (plain-tree.ts), in the one form API descriptions write
 * them (GitHub's signature verification and SARIF limits tables, issue #30):
 *
 *     | Name | Type |
 *     | ---- | :--: |
 *     | `verified` | `boolean` |
 *
 * Every row opens and closes with a pipe and has the header's number of cells, each cell's text
 * padded by spaces on both sides, tabs among them (or padding only: an empty cell; the SARIF table
 * has a tab after a cell's text), no escaped pipe anywhere, and a
 * blank line or the end after the last row. GFM splits a row at every pipe, code spans included,
 * and reads each cell as inline text on its own, so the cells' inline nodes are plain-tree's.
 * Anything else is refused (undefined) and left to the parser. CommonMark reads no tables: only
 * the GFM page pipeline's fast path asks for them.
 */
import type { PlainInline } from './plain-tree.js';

/** A column's alignment, as mdast writes it. */
export type PlainAlign = 'left' | 'right' | 'center' | null;

interface TableCell {
  type: 'tableCell';
  children: PlainInline[];
}

interface TableRow {
  type: 'tableRow';
  children: TableCell[];
}

/** An mdast table: its header row first. */
export interface PlainTable {
  type: 'table';
  align: PlainAlign[];
  children: TableRow[];
}

/** A delimiter row's cell: dashes, with a colon on the side(s) the column aligns to. */
const DELIMITER_CELL = /^ *(:?)-+(:?) *$/;
/** A cell's text between its padding: spaces by the pipes, tabs among them (GFM trims both). */
const PADDED_CELL = /^ [ \t]*(\S(?:.*\S)?)[ \t]* $/;
const BLANK_CELL = /^ [ \t]*$/;

/** The texts between a row's pipes, or undefined when the line is no row of the form above. */
function rowCells(line: string | undefined): string[] | undefined {
  if (line === undefined || line.length < 2 || !line.startsWith('|') || !line.endsWith('|')) return undefined;
  if (line.includes('\\|')) return undefined;
  return line.slice(1, -1).split('|');
}

function alignment(cell: string): PlainAlign | undefined {
  const match = DELIMITER_CELL.exec(cell);
  if (!match) return undefined;
  const [, left, right] = match;
  if (left && right) return 'center';
  return left ? 'left' : right ? 'right' : null;
}

/** A row of `width` cells whose texts `inline` reads, or undefined. */
function row(
  line: string | undefined,
  width: number,
  inline: (source: string) => PlainInline[] | undefined,
): TableRow | undefined {
  const cells = rowCells(line);
  if (cells?.length !== width) return undefined;
  const children: TableCell[] = [];
  for (const cell of cells) {
    if (BLANK_CELL.test(cell)) {
      children.push({ type: 'tableCell', children: [] });
      continue;
    }
    const text = PADDED_CELL.exec(cell)?.[1];
    const nodes = text === undefined ? undefined : inline(text);
    if (!nodes) return undefined;
    children.push({ type: 'tableCell', children: nodes });
  }
  return { type: 'tableRow', children };
}

/**
 * The table whose header row is `lines[start]` and the index of the line after it, or undefined.
 * `inline` reads a cell's text (plain-tree's inline reader).
 */
export function plainTable(
  lines: readonly string[],
  start: number,
  inline: (source: string) => PlainInline[] | undefined,
): { node: PlainTable; next: number } | undefined {
  const delimiters = rowCells(lines[start + 1]);
  if (!delimiters) return undefined;
  const align: PlainAlign[] = [];
  for (const cell of delimiters) {
    const column = alignment(cell);
    if (column === undefined) return undefined;
    align.push(column);
  }
  const header = row(lines[start], align.length, inline);
  if (!header) return undefined;
  const node: PlainTable = { type: 'table', align, children: [header] };
  let i = start + 2;
  for (; lines[i]?.startsWith('|'); i++) {
    const body = row(lines[i], align.length, inline);
    if (!body) return undefined;
    node.children.push(body);
  }
  // A line of text right after the rows would be one more row (of one cell).
  if (i < lines.length && lines[i] !== '') return undefined;
  return { node, next: i };
}
