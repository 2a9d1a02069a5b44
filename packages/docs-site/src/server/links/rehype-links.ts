/**
 * A rehype plugin that rewrites the `href` of every link of a rendered page body: markdown links
 * and references, components' links (`<Card href>`) and `<a href>` in raw HTML (parsed into the
 * tree by rehype-raw before it). What each link becomes is the caller's (`resolveLink` through
 * `site-links.ts`); undefined keeps it as written. It runs before the sanitiser, which still
 * checks every URL it produces.
 */

import type { Nodes, Root } from 'hast';

/**
 * `rewrite` applied to the links of a hast tree.
 * @example unified().use(remarkParse).use(remarkRehype).use(rehypeRewriteLinks((href) => href.replace('.md', '')))
 */
export function rehypeRewriteLinks(rewrite: (href: string) => string | undefined) {
  return () => (tree: Root) => {
    const stack: Nodes[] = [tree];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (node.type === 'element' && node.tagName === 'a' && typeof node.properties.href === 'string') {
        const next = rewrite(node.properties.href);
        if (next !== undefined) node.properties.href = next;
      }
      if ('children' in node) for (const child of node.children) stack.push(child);
    }
  };
}
