/**
 * The body of a markdown page as the server renders it and, inside interactive components, as an
 * island carries it: a tree of elements whose static parts are server HTML (sanitised, sent once:
 * `SafeHtml` is emptied in island props and refilled from the DOM) and whose interactive parts
 * are islands (tabs, a code block's copy button, a diagram). Only the path from the root down to
 * an island is spelled out as elements; everything else is a leaf of server HTML.
 */
import type { SafeHtml } from './page-data.js';

/** An element: its attributes (already sanitised) and either server HTML or child nodes. */
export interface ContentElement {
  /** Tag name. */
  e: string;
  /** Attributes as HTML names (`class`, `tabindex`), sanitised. */
  a?: Record<string, string>;
  /** Inner HTML (sanitised), when no island is inside. */
  h?: SafeHtml;
  /** Child nodes, when an island is inside. */
  c?: ContentNode[];
}

/** An island of the page body: its name (`content-tabs`, `code-copy`…), props and slots of content. */
export interface ContentIsland {
  i: string;
  p: Record<string, unknown>;
  /** Content the island places (a tab's panel): one node list per slot. */
  s?: ContentNode[][];
}

/** A text node, an element or an island. */
export type ContentNode = string | ContentElement | ContentIsland;

/** Whether `node` is an island. */
export const isContentIsland = (node: ContentNode): node is ContentIsland =>
  typeof node === 'object' && 'i' in node;
