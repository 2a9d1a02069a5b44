/**
 * The parts of mdast (and its MDX, math and directive extensions) the page renderer reads and
 * writes, and the two nodes it adds: `sxElement` (an element of ours, `data.hName`) and raw
 * `html` (the renderer's own HTML; sanitised with the rest).
 */
import type { NodePosition } from './problems.js';

export interface MdNode {
  type: string;
  name?: string | null;
  value?: string;
  lang?: string | null;
  meta?: string | null;
  depth?: number;
  url?: string;
  attributes?: MdxAttributeNode[] | Record<string, string | null | undefined>;
  children?: MdNode[];
  position?: NodePosition;
  data?: {
    hName?: string;
    hProperties?: Record<string, unknown>;
    estree?: { body?: unknown[] };
    directiveLabel?: boolean;
  };
}

export interface MdxAttributeNode {
  type: 'mdxJsxAttribute' | 'mdxJsxExpressionAttribute';
  name?: string;
  value?: string | null | { type: string; value: string; data?: { estree?: { body?: never[] } } };
  position?: NodePosition;
}

/** An element of the renderer: `<tag …props>children</tag>` once turned into HTML. */
export function element(tag: string, properties: Record<string, unknown>, children: MdNode[] = []): MdNode {
  return { type: 'sxElement', data: { hName: tag, hProperties: properties }, children };
}

/** Raw HTML the renderer made itself (escaped where it holds author text); sanitised later. */
export function rawHtml(value: string): MdNode {
  return { type: 'html', value };
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A node's text with code spans kept as `` `code` `` (a title's form, see `InlineTitle`). */
export function titleText(node: MdNode): string {
  if (node.type === 'text') return node.value ?? '';
  if (node.type === 'inlineCode') return `\`${node.value ?? ''}\``;
  if (node.type === 'break') return ' ';
  if (node.type.startsWith('mdx') && node.type.endsWith('Expression')) return '';
  return (node.children ?? []).map(titleText).join('');
}

/** Whether `node` is only whitespace text (between the elements of a component). */
export const isBlank = (node: MdNode) => node.type === 'text' && !(node.value ?? '').trim();
