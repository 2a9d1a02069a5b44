/**
 * Renders a page body's node tree (`shared/content-node.ts`): server HTML leaves as elements with
 * that HTML (marked `data-h`, so an island's copy is refilled from the DOM), elements on the way
 * to an island as React elements, and islands by name. The same on the server (the page) and in
 * the browser (inside a tabs island), so hydration sees the server's markup.
 */
import { type ComponentType, createElement, type ReactNode } from 'react';
import { type ContentNode, isContentIsland } from '../../shared/content-node.js';
import { htmlProps } from '../../shared/safe-html.js';
import { CodeTabsIsland } from '../code-tabs.js';
import type { Island } from '../island.js';
import { CodeCopy } from './code-copy.js';
import { ContentTabs } from './content-tabs.js';
import { MermaidDiagram } from './mermaid-diagram.js';

let table: Map<string, ComponentType<Record<string, unknown>>> | undefined;

/**
 * Every island a page body may hold, by name (the endpoint snippets reuse the reference's code
 * tabs). Built on first use: the tabs island renders bodies too, so the modules import each other.
 */
// biome-ignore lint/suspicious/noExplicitAny: islands of every props type; each gets its own props
export function contentIslands(): Island<any>[] {
  return [ContentTabs, CodeCopy, MermaidDiagram, CodeTabsIsland];
}

function islandNamed(name: string): ComponentType<Record<string, unknown>> | undefined {
  table ??= new Map(
    contentIslands().map((island) => [island.islandName, island as ComponentType<Record<string, unknown>>]),
  );
  return table.get(name);
}

const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr', 'col', 'source']);
const BOOLEAN = new Set(['open', 'disabled', 'checked', 'hidden']);
const RENAMED: Record<string, string> = {
  class: 'className',
  tabindex: 'tabIndex',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  for: 'htmlFor',
  checked: 'defaultChecked',
};

/** React props of sanitised HTML attributes. */
function reactProps(attributes: Record<string, string> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes ?? {})) {
    const prop = RENAMED[name] ?? name;
    out[prop] = BOOLEAN.has(name) ? true : value;
  }
  return out;
}

function Node({ node }: { node: ContentNode }): ReactNode {
  if (typeof node === 'string') return node;
  if (isContentIsland(node)) {
    const Island = islandNamed(node.i);
    return Island ? <Island {...node.p} {...(node.s ? { slots: node.s } : {})} /> : null;
  }
  const props = reactProps(node.a);
  if (node.h) return createElement(node.e, { ...props, ...htmlProps(node.h) });
  if (VOID.has(node.e) || !node.c) return createElement(node.e, props);
  return createElement(node.e, props, <Content nodes={node.c} />);
}

/** The nodes, in order. */
export function Content({ nodes }: { nodes: ContentNode[] }): ReactNode {
  // biome-ignore lint/suspicious/noArrayIndexKey: a body's nodes never move; they are rendered once
  return nodes.map((node, i) => <Node key={i} node={node} />);
}
