/**
 * Docusaurus admonitions: `:::note` … `:::` containers (and GitHub's `> [!NOTE]` alerts) become
 * callouts. Docusaurus takes a title two ways, `:::note[Title]` (a directive label) and
 * `:::note Title`; the second is not directive syntax, so before the page is parsed its opening
 * line is written as the first (`:::note[Title]`, on the same line, so every later position holds).
 * Lines inside code blocks, HTML and math are left alone: they are found by parsing, not guessed.
 */
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { MdNode } from './mdast.js';

/** Admonition names that become callouts (`:::note`, `> [!NOTE]`). */
export const ADMONITIONS = new Set([
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'success',
  'check',
]);

/** `:::note Title` (in a quote or indented too): the prefix, the fence and name, the title. */
const TITLED_OPENING = /^((?:[ \t]*>)*[ \t]*)(:{3,}([A-Za-z]+))[ \t]+(\S.*?)[ \t]*$/;

const literalParser = unified().use(remarkParse).use(remarkGfm).use(remarkMath);

/** Node types whose lines are literal text (a `:::note Title` there is not an admonition). */
const LITERAL = new Set(['code', 'html', 'math', 'yaml']);

/** The 1-based line numbers covered by literal nodes of `tree`. */
function literalLines(node: MdNode, lines: Set<number>): Set<number> {
  if (LITERAL.has(node.type) && node.position) {
    for (let line = node.position.start.line; line <= node.position.end.line; line++) lines.add(line);
    return lines;
  }
  for (const child of node.children ?? []) literalLines(child, lines);
  return lines;
}

/** `]` and `\` escaped so the title reads back as the label's text. */
const asLabel = (title: string) => title.replace(/[\\[\]]/g, (c) => `\\${c}`);

/**
 * The source with each `:::note Title` opening written `:::note[Title]`.
 * @example bracketAdmonitionTitles(':::tip Be quick\nGo.\n:::') // ':::tip[Be quick]\nGo.\n:::'
 */
export function bracketAdmonitionTitles(source: string): string {
  const lines = source.split('\n');
  const candidates = lines.flatMap((line, i) => {
    const match = TITLED_OPENING.exec(line);
    return match && ADMONITIONS.has((match[3] ?? '').toLowerCase()) ? [i] : [];
  });
  if (candidates.length === 0) return source;
  const literal = literalLines(literalParser.parse(source) as MdNode, new Set());
  for (const i of candidates) {
    if (literal.has(i + 1)) continue;
    const [, prefix, opening, , title] = TITLED_OPENING.exec(lines[i] ?? '') ?? [];
    lines[i] = `${prefix}${opening}[${asLabel(title ?? '')}]`;
  }
  return lines.join('\n');
}
