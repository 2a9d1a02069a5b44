/**
 * Local files referenced by markdown pages: images (`![a](images/x.png)`, `<img src>`), and links
 * to files that are not pages (`[spec](files/openapi.yaml)`). The publisher finds them (with their
 * line) to upload them; the renderer rewrites them to the URLs the site serves them at.
 * A reference is local when it is a relative path: no scheme, not `//host`, not `/site/path`,
 * not `#anchor`. Paths resolve against the page's own folder.
 */
import { posix } from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parsePage } from './mdx/parse-page.js';

/** One local file reference of a markdown text. */
export interface MarkdownFileReference {
  /** As written, e.g. `../images/a%20b.png?v=2`. */
  url: string;
  /** 1-based line in the markdown text. */
  line: number;
  kind: 'image' | 'link';
}

interface MdNode {
  type: string;
  url?: string;
  value?: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: MdNode[];
  position?: { start: { line: number; offset?: number }; end: { offset?: number } };
}

/** Links to these are pages of the site, not files to publish. */
const PAGE_EXTENSIONS = new Set(['', '.md', '.mdx', '.html', '.htm']);
/** `src`/`href` attributes of raw HTML in markdown. */
const HTML_ATTRIBUTE = /<(img|source|video|audio|a)\b[^>]*?\s(src|href|poster)\s*=\s*(["'])(.*?)\3/gi;

/** The decoded path of a local reference (query and fragment dropped), or undefined. */
export function localReferencePath(url: string): string | undefined {
  const trimmed = url.trim();
  if (!trimmed || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || /^[/\\#?]/.test(trimmed)) return undefined;
  const path = trimmed.replace(/[?#].*$/, '');
  if (!path) return undefined;
  try {
    return decodeURI(path);
  } catch {
    return undefined;
  }
}

/**
 * The project path a reference of the page at `pagePath` points at, or undefined when it is not
 * local or leaves the project folder.
 * @example resolveProjectPath('pages/guide.md', '../images/a.png') // 'images/a.png'
 */
export function resolveProjectPath(pagePath: string | undefined, url: string): string | undefined {
  const path = localReferencePath(url);
  if (path === undefined) return undefined;
  const joined = posix.normalize(posix.join(posix.dirname(pagePath ?? 'page.md'), path));
  if (joined === '.' || joined.startsWith('../') || joined === '..' || posix.isAbsolute(joined))
    return undefined;
  return joined;
}

function isFileReference(kind: 'image' | 'link', url: string): boolean {
  const path = localReferencePath(url);
  if (path === undefined) return false;
  return kind === 'image' || !PAGE_EXTENSIONS.has(posix.extname(path).toLowerCase());
}

interface HtmlReference {
  url: string;
  kind: 'image' | 'link';
  /** Lines before the reference within the HTML. */
  offsetLine: number;
  /** Offset of the URL text within the HTML. */
  offset: number;
}

function htmlReferences(html: string): HtmlReference[] {
  const out: HtmlReference[] = [];
  for (const match of html.matchAll(HTML_ATTRIBUTE)) {
    const tag = (match[1] ?? '').toLowerCase();
    const url = match[4] ?? '';
    const kind = tag === 'a' ? 'link' : 'image';
    const offsetLine = html.slice(0, match.index).split('\n').length - 1;
    // The match ends with the URL and its closing quote.
    const offset = match.index + match[0].length - 1 - url.length;
    if (isFileReference(kind, url)) out.push({ url, kind, offsetLine, offset });
  }
  return out;
}

/** Offset of `url` in `source` where it is written as a destination: after `(`, `<` or the `:` of a definition. */
function destinationOffset(source: string, url: string): number | undefined {
  for (let at = source.indexOf(url); at >= 0; at = source.indexOf(url, at + 1)) {
    const before = source.slice(0, at).trimEnd();
    if (/[(<]$/.test(source.slice(0, at)) || /\]:$/.test(before)) return at;
  }
  return undefined;
}

function visitReferences(tree: MdNode, onNode: (node: MdNode, kind: 'image' | 'link') => void): void {
  const visit = (node: MdNode) => {
    if (node.type === 'image') onNode(node, 'image');
    else if (node.type === 'link' || node.type === 'definition') onNode(node, 'link');
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
}

/** Attributes of MDX elements that name a file: `<img src>`, `<a href>`, `<Card img>`. */
const JSX_FILE_ATTRIBUTES = new Set(['src', 'href', 'img', 'image']);

/**
 * Every local file reference of `markdown`, in document order (read as the page renderer reads
 * it: MDX when it uses components, so `<img src>` inside `<Frame>` counts too).
 */
export function findMarkdownFileReferences(markdown: string): MarkdownFileReference[] {
  const tree = (parsePage(markdown, 'md').tree ??
    unified().use(remarkParse).use(remarkGfm).parse(markdown)) as MdNode;
  const found: MarkdownFileReference[] = [];
  const walk = (node: MdNode) => {
    const line = node.position?.start.line ?? 1;
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.attributes) {
      for (const attribute of node.attributes) {
        if (!JSX_FILE_ATTRIBUTES.has(attribute.name ?? '') || typeof attribute.value !== 'string') continue;
        const kind = attribute.name === 'href' && node.name !== 'img' ? 'link' : 'image';
        if (isFileReference(kind, attribute.value)) found.push({ url: attribute.value, kind, line });
      }
    } else if (node.type === 'html' && node.value) {
      for (const ref of htmlReferences(node.value))
        found.push({ url: ref.url, kind: ref.kind, line: line + ref.offsetLine });
    } else if (node.url !== undefined) {
      // A definition (`[x]: url`) may serve an image reference; treat it as an image when it names a file.
      const kind = node.type === 'image' ? 'image' : 'link';
      if (isFileReference(kind, node.url)) found.push({ url: node.url, kind, line });
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree);
  return found;
}

/**
 * A remark plugin that rewrites local file references to the URLs `rewrite` gives (references
 * it answers undefined for stay as written).
 */
export function remarkRewriteFileUrls(rewrite: (url: string) => string | undefined) {
  return () => (tree: MdNode) => {
    visitReferences(tree, (node, kind) => {
      if (node.url !== undefined && isFileReference(kind, node.url)) node.url = rewrite(node.url) ?? node.url;
    });
    const visitHtml = (node: MdNode) => {
      if (node.type === 'html' && node.value) {
        node.value = node.value.replace(
          HTML_ATTRIBUTE,
          (whole, tag: string, _attribute: string, quote: string, url: string) => {
            const kind = tag.toLowerCase() === 'a' ? 'link' : 'image';
            const next = isFileReference(kind, url) ? rewrite(url) : undefined;
            return next === undefined
              ? whole
              : whole.replace(`${quote}${url}${quote}`, `${quote}${next}${quote}`);
          },
        );
      }
      for (const child of node.children ?? []) visitHtml(child);
    };
    visitHtml(tree);
  };
}

/** How the `.md` variant rewrites a page's references (undefined: as written). */
export interface MarkdownUrlRewrite {
  /** A local file reference (an image, a link to a file that is not a page). */
  file: (url: string) => string | undefined;
  /** Any other link (a page file, a site path, an anchor): the HTML page's link resolution. */
  link?: (href: string) => string | undefined;
}

/** `href="…"` of any tag in raw HTML or MDX written as HTML (`<a href>`, `<Card href>`). */
const HTML_HREF = /<[A-Za-z][\w.-]*\b[^>]*?\shref\s*=\s*(["'])(.*?)\1/g;

/**
 * The markdown source with its references replaced by the URLs `rewrite` gives, for the `.md`
 * variant of a page (served as text, so the renderer's rewriting does not apply): local files by
 * `rewrite.file`, other links by `rewrite.link`. A reference is replaced where it is written
 * verbatim in its node's source; any other spelling (escapes, entities) stays as written.
 */
export function rewriteMarkdownUrls(markdown: string, rewrite: MarkdownUrlRewrite): string {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as MdNode;
  const edits: { start: number; end: number; text: string }[] = [];
  const edit = (node: MdNode, url: string, next: string | undefined) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (next === undefined || start === undefined || end === undefined) return;
    const at = destinationOffset(markdown.slice(start, end), url);
    if (at !== undefined) edits.push({ start: start + at, end: start + at + url.length, text: next });
  };
  const walk = (node: MdNode) => {
    const start = node.position?.start.offset;
    // The html node's value is its source text verbatim, so offsets carry over.
    if (node.type === 'html' && node.value && start !== undefined) {
      for (const ref of htmlReferences(node.value)) {
        const next = rewrite.file(ref.url);
        if (next !== undefined)
          edits.push({ start: start + ref.offset, end: start + ref.offset + ref.url.length, text: next });
      }
      for (const match of rewrite.link ? node.value.matchAll(HTML_HREF) : []) {
        const href = match[2] ?? '';
        if (isFileReference('link', href)) continue;
        const next = rewrite.link?.(href);
        const offset = start + match.index + match[0].length - 1 - href.length;
        if (next !== undefined) edits.push({ start: offset, end: offset + href.length, text: next });
      }
    } else if (
      node.url !== undefined &&
      (node.type === 'image' || node.type === 'link' || node.type === 'definition')
    ) {
      const kind = node.type === 'image' ? 'image' : 'link';
      if (isFileReference(kind, node.url)) edit(node, node.url, rewrite.file(node.url));
      else if (kind === 'link') edit(node, node.url, rewrite.link?.(node.url));
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree);
  let out = markdown;
  const seen = new Set<number>();
  for (const change of edits.sort((a, b) => b.start - a.start)) {
    if (seen.has(change.start)) continue;
    seen.add(change.start);
    out = `${out.slice(0, change.start)}${change.text}${out.slice(change.end)}`;
  }
  return out;
}
