/**
 * Docusaurus's magic comments in code blocks: `// highlight-next-line`, and `highlight-start` …
 * `highlight-end` around lines (in the comment syntax of the block's language: `//`, `#`,
 * `/* … *\/`, `<!-- … -->`, `{/* … *\/}`, `--`, `;`, `%`). The docs site marks lines by the
 * fence's `{2,4-5}` instead, so the comments are removed and the lines they named are listed
 * there. A block whose fence already lists lines keeps them and loses only the comments.
 */
import { fenceAfter } from './fences.js';

const MAGIC_COMMENT =
  /^\s*(?:\/\/|#|\/\*|<!--|\{\/\*|--|;|%)\s*highlight-(next-line|start|end)\s*(?:\*\/\}?|-->)?\s*$/;

/** `1,3-4` for lines [1, 3, 4]. */
function lineRanges(lines: number[]): string {
  const ranges: string[] = [];
  for (let at = 0; at < lines.length; ) {
    let end = at;
    while (end + 1 < lines.length && lines[end + 1] === (lines[end] ?? 0) + 1) end++;
    ranges.push(end === at ? `${lines[at]}` : `${lines[at]}-${lines[end]}`);
    at = end + 1;
  }
  return ranges.join(',');
}

/** One code block's lines without their magic comments, and the lines those marked (from 1). */
function withoutMagicComments(code: string[]): { code: string[]; marked: number[] } {
  const kept: string[] = [];
  const marked = new Set<number>();
  let next = false;
  let open = 0;
  for (const line of code) {
    const magic = MAGIC_COMMENT.exec(line)?.[1];
    if (magic === 'next-line') next = true;
    else if (magic === 'start') open++;
    else if (magic === 'end') open = Math.max(0, open - 1);
    else {
      kept.push(line);
      if (next || open > 0) marked.add(kept.length);
      next = false;
    }
  }
  return { code: kept, marked: [...marked] };
}

/** `markdown` with each fenced block's magic comments turned into the lines its fence marks. */
export function magicCommentHighlights(markdown: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  let opening = '';
  let block: string[] = [];
  for (const line of markdown.split('\n')) {
    const before = fence;
    fence = fenceAfter(line, fence);
    if (before === undefined && fence !== undefined) {
      opening = line;
      block = [];
    } else if (before !== undefined && fence === undefined) {
      const { code, marked } = withoutMagicComments(block);
      const listsLines = /\{[\d,\s-]+\}/.test(opening);
      // A fence without a language gets `text`, so the line list is not read as one.
      const info = /^\s*(`{3,}|~{3,})\s*$/.test(opening) ? `${opening.trimEnd()}text` : opening.trimEnd();
      out.push(marked.length > 0 && !listsLines ? `${info} {${lineRanges(marked)}}` : opening);
      out.push(...code, line);
    } else if (fence !== undefined) block.push(line);
    else out.push(line);
  }
  // A block left open at the end stays as written.
  if (fence !== undefined) out.push(opening, ...block);
  return out.join('\n');
}
