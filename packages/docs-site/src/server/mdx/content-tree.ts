/**
 * A sanitised page tree (hast) → the page body's node tree (`shared/content-node.ts`). The renderer's own
 * parts travel through the sanitiser as placeholders, `<sx-x data-k="KEY-n">` (a key made per
 * render, so author HTML cannot name one), and come back here: an island with its slots
 * (`<sx-slot>` children, themselves sanitised content), or trusted server HTML (math, icons)
 * as a leaf. Elements on the way to one are spelled out; every other subtree is one leaf of
 * server HTML, and at the top level consecutive leaves share one `div.sx-flow`.
 */
import type { Element, Nodes, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { ContentElement, ContentNode } from '../../shared/content-node.js';
import { safeHtml } from '../../shared/safe-html.js';
import { SERIALIZE } from '../sanitize.js';

/** What a placeholder stands for. */
export type Placeholder =
  | { kind: 'island'; name: string; props: Record<string, unknown> }
  | { kind: 'html'; tag: 'span' | 'div'; className: string; html: string };

/** HTML attribute names of hast properties (the sanitiser allowed only a few kinds). */
function attributeName(property: string): string {
  if (property === 'className') return 'class';
  if (property === 'htmlFor') return 'for';
  if (/^(data|aria)[A-Z]/.test(property))
    return property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^(data|aria)-/, '$1-');
  return property.toLowerCase();
}

function attributes(properties: Record<string, unknown> | undefined): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    out[attributeName(key)] = value === true ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Turns a sanitised tree with placeholders into nodes. */
export function contentTree(tree: Root, key: string, table: readonly Placeholder[]): ContentNode[] {
  const placeholderOf = (node: Element): Placeholder | undefined => {
    const name = String(node.properties.dataK ?? '');
    const [prefix, index] = name.split('-');
    return prefix === key && index !== undefined ? table[Number(index)] : undefined;
  };
  /** Whether a placeholder (a real one) is inside `node`. */
  const holds = (node: Nodes): boolean =>
    node.type === 'element' &&
    (node.tagName === 'sx-x' || node.tagName === 'sx-slot' || node.children.some(holds));

  const build = (nodes: readonly RootContent[]): ContentNode[] =>
    nodes.flatMap((node): ContentNode[] => {
      if (node.type === 'text') return node.value ? [node.value] : [];
      if (node.type !== 'element' || !node.tagName) return [];
      if (node.tagName === 'sx-x') {
        const placeholder = placeholderOf(node);
        if (!placeholder) return [];
        if (placeholder.kind === 'html')
          return [{ e: placeholder.tag, a: { class: placeholder.className }, h: safeHtml(placeholder.html) }];
        const slots = node.children
          .filter((child): child is Element => child.type === 'element' && child.tagName === 'sx-slot')
          .map((slot) => build(slot.children));
        return [{ i: placeholder.name, p: placeholder.props, ...(slots.length > 0 ? { s: slots } : {}) }];
      }
      // A slot outside its placeholder is author HTML: its content only.
      if (node.tagName === 'sx-slot') return build(node.children);
      const element: ContentElement = { e: node.tagName };
      const a = attributes(node.properties);
      if (a) element.a = a;
      const { children } = node;
      if (children.some(holds)) element.c = build(children);
      else if (children.length > 0) element.h = safeHtml(toHtml(children, SERIALIZE));
      return [element];
    });

  // Top level: runs of nodes without a placeholder become one leaf each.
  const out: ContentNode[] = [];
  let run: RootContent[] = [];
  const flush = () => {
    if (run.some((node) => node.type === 'element' || (node.type === 'text' && node.value?.trim())))
      out.push({ e: 'div', a: { class: 'sx-flow' }, h: safeHtml(toHtml(run, SERIALIZE)) });
    run = [];
  };
  for (const node of tree.children) {
    if (holds(node)) {
      flush();
      out.push(...build([node]));
    } else run.push(node);
  }
  flush();
  return out;
}
