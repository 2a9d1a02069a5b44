/**
 * A rehype plugin that rewrites the `href` of every link of a rendered page body: markdown links
 * and references, components' links (`<Card href>`) and `<a href>` in raw HTML. What each link
 * becomes is the caller's (`resolveLink` through `site-links.ts`); undefined keeps it as written.
 * It runs before the sanitiser, which still checks every URL it produces.
 */

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** `<a … href="…"` in raw HTML (the attribute's quote and value). */
const RAW_ANCHOR_HREF = /(<a\b[^>]*?\shref\s*=\s*)(["'])(.*?)\2/gi;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * `rewrite` applied to the links of a hast tree.
 * @example unified().use(remarkParse).use(remarkRehype).use(rehypeRewriteLinks((href) => href.replace('.md', '')))
 */
export function rehypeRewriteLinks(rewrite: (href: string) => string | undefined) {
  return () => (tree: HastNode) => {
    const stack: HastNode[] = [tree];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (node.type === 'element' && node.tagName === 'a' && typeof node.properties?.href === 'string') {
        const next = rewrite(node.properties.href);
        if (next !== undefined) node.properties.href = next;
      } else if (node.type === 'raw' && node.value && /<a\b/i.test(node.value)) {
        node.value = node.value.replace(
          RAW_ANCHOR_HREF,
          (whole, start: string, quote: string, href: string) => {
            const next = rewrite(href.replace(/&amp;/g, '&'));
            return next === undefined ? whole : `${start}${quote}${escapeAttribute(next)}${quote}`;
          },
        );
      }
      for (const child of node.children ?? []) stack.push(child);
    }
  };
}
