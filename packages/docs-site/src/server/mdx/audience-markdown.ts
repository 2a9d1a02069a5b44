/**
 * `<Visibility for="humans|agents">` in a page's markdown, for one audience: the page and its
 * search entries are for humans (agents' blocks left out), the `.md` variant (llms-full.txt,
 * MCP, copy and view as markdown) is for agents (humans' blocks left out). The kept blocks lose
 * their tags and keep their text as written, its indentation inside the tags taken off.
 * The page's HTML applies the same rule as a component (`visibility` in page-components.ts).
 */
import type { MdNode, MdxAttributeNode } from './mdast.js';
import { type PageFormat, parsePage } from './parse-page.js';

export type Audience = 'humans' | 'agents';

/** The audience a `<Visibility>` names, or undefined for anything else (an error on the page). */
export function visibilityAudience(value: unknown): Audience | undefined {
  return value === 'humans' || value === 'agents' ? value : undefined;
}

const isVisibility = (node: MdNode) =>
  (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Visibility';

function audienceOf(node: MdNode): Audience | undefined {
  const attributes = Array.isArray(node.attributes) ? node.attributes : [];
  const named = attributes.find((a: MdxAttributeNode) => a.type === 'mdxJsxAttribute' && a.name === 'for');
  return visibilityAudience(named?.value);
}

/** `text` with up to `columns` spaces taken off each line after the first. */
function dedented(text: string, columns: number): string {
  if (columns === 0) return text;
  const indent = new RegExp(`\\n {1,${columns}}`, 'g');
  return text.replace(indent, '\n');
}

/** `<Visibility>` inside `<Visibility>` this deep is read (each level parses its text again). */
const NESTED_MAX = 8;

/**
 * `markdown` as `audience` reads it. A page without `<Visibility>`, or one that is not MDX, is
 * returned as it is.
 * @example markdownFor('agents', '<Visibility for="humans">Click.</Visibility>\n\nBoth.', 'mdx') // '\n\nBoth.'
 */
export function markdownFor(audience: Audience, markdown: string, format: PageFormat, depth = 0): string {
  if (depth > NESTED_MAX || !markdown.includes('<Visibility')) return markdown;
  const { tree, mdx, source } = parsePage(markdown, format);
  if (!tree || !mdx) return markdown;
  const edits: { start: number; end: number; text: string }[] = [];
  const walk = (node: MdNode) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (!isVisibility(node) || start === undefined || end === undefined) {
      for (const child of node.children ?? []) walk(child);
      return;
    }
    const children = node.children ?? [];
    const first = children[0]?.position?.start;
    const last = children[children.length - 1]?.position?.end.offset;
    if (audienceOf(node) !== audience || first?.offset === undefined || last === undefined) {
      edits.push({ start, end, text: '' });
      return;
    }
    const inner = dedented(source.slice(first.offset, last), (first.column ?? 1) - 1);
    edits.push({ start, end, text: markdownFor(audience, inner, 'mdx', depth + 1) });
  };
  walk(tree);
  if (edits.length === 0) return markdown;
  let out = source;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
  return out;
}
