/**
 * Line numbers for error messages. Computed only when an error is reported: the text is
 * re-parsed with source ranges (slow, but never on the happy path) and the node at the
 * pointer located; when the pointer does not exist, its deepest existing parent is used.
 */
import { isCollection, isNode, isSeq, parseDocument } from 'yaml';
import { parsePointer } from './pointer.js';

/** 1-based line of the node at `pointer` in `text`, or undefined when it cannot be found. */
export function lineOfPointer(text: string, pointer: string): number | undefined {
  if (text.length > 20 * 1024 * 1024) return undefined;
  try {
    const doc = parseDocument(text, { keepSourceTokens: false, uniqueKeys: false });
    let node: unknown = doc.contents;
    let offset = isNode(node) ? node.range?.[0] : undefined;
    for (const token of parsePointer(pointer)) {
      if (!isCollection(node)) break;
      const numeric = /^\d+$/.test(token);
      let child: unknown = node.get(isSeq(node) ? Number(token) : token, true);
      if (child === undefined && numeric) child = node.get(Number(token), true);
      // Stop at the deepest existing parent when the pointer leaves the document.
      if (child === undefined) break;
      node = child;
      if (isNode(node) && node.range) offset = node.range[0];
    }
    return offset === undefined ? undefined : lineAt(text, offset);
  } catch {
    return undefined;
  }
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
