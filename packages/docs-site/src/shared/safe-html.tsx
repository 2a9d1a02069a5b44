/**
 * Server-made HTML (sanitised markdown, highlighted code) travels once: in the document. The page
 * data carries only its id; before hydrating, the client reads each piece back from the element
 * marked `data-h="<id>"`, so hydration sees the very HTML the browser parsed and never warns.
 */
import type { SafeHtml } from './page-data.js';

let nextId = 0;

/** Wraps HTML the server produced (and sanitised or escaped) for rendering. */
export function safeHtml(html: string): SafeHtml {
  nextId += 1;
  return { __html: html, id: `h${nextId.toString(36)}` };
}

/**
 * Runs a synchronous page build with ids counted from 1, so a page's ids (and its bytes) depend on
 * the page alone, not on how many pages the process rendered before (or for which tenant).
 */
export function withPageHtmlIds<T>(build: () => T): T {
  const saved = nextId;
  nextId = 0;
  try {
    return build();
  } finally {
    nextId = saved;
  }
}

/**
 * `value` (JSON data) as shipped in the page, as JSON: every server-made HTML string (`{ __html }`)
 * emptied. That HTML is in the document already, and the client keeps the server's DOM for it
 * (React leaves `dangerouslySetInnerHTML` content alone while the value does not change).
 */
export function jsonWithoutServerHtml(value: unknown): string {
  // Not a replacer: V8 calls one for every key and value (issue #30: 1 % of a cold page's CPU);
  // copying the few objects that hold HTML and stringifying plainly takes a third less.
  return JSON.stringify(withoutServerHtml(value));
}

/** `value` with every `__html` emptied: the objects on the way to one copied, the rest shared. */
function withoutServerHtml(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const inner: unknown = value[i];
      const emptied = withoutServerHtml(inner);
      if (emptied === inner) continue;
      copy ??= value.slice();
      copy[i] = emptied;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const inner = record[key];
    const emptied = key === '__html' ? '' : withoutServerHtml(inner);
    if (emptied === inner) continue;
    copy ??= { ...record };
    copy[key] = emptied;
  }
  return copy ?? value;
}

/** Props of an element that shows server HTML. */
export function htmlProps(html: SafeHtml): { 'data-h': string; dangerouslySetInnerHTML: { __html: string } } {
  return { 'data-h': html.id, dangerouslySetInnerHTML: { __html: html.__html } };
}

/**
 * Fills the emptied `__html` of the page data from the server's DOM (client, before hydration).
 * One pass over the marked elements, then a lookup per piece: a page may carry hundreds of pieces.
 */
export function refillServerHtml(value: unknown, root: ParentNode): void {
  const elements = new Map<string, Element>();
  for (const element of root.querySelectorAll('[data-h]')) {
    const id = element.getAttribute('data-h');
    if (id && !elements.has(id)) elements.set(id, element);
  }
  fill(value, elements);
}

function fill(value: unknown, elements: Map<string, Element>): void {
  if (Array.isArray(value)) {
    for (const item of value) fill(item, elements);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.__html === 'string' && typeof record.id === 'string') {
    if (record.__html === '') record.__html = elements.get(record.id)?.innerHTML ?? '';
    return;
  }
  for (const child of Object.values(record)) fill(child, elements);
}
