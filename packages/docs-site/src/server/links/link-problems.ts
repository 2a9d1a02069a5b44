/**
 * Broken links of a docs site, located: every link of every markdown page (markdown links and
 * reference definitions, components' `href` props, `<a href>` in HTML) that leads to no page,
 * page file or heading of the site, with its file, line and column; and the site-relative links
 * of API descriptions the site does not serve (unless docs.yml sets `apiLinkBase`). `sextant dev`
 * prints the first as warnings, `sextant publish` refuses them, `sextant check` lists both, and
 * docs.yml's redirects to a path of the site that serves nothing.
 */
import type { ApiDefinition, DocsDefinition, MarkdownPage } from '@sextant/definition';
import { loadHighlighter } from '../highlight.js';
import type { MdNode, MdxAttributeNode } from '../mdx/mdast.js';
import { pageFormat, parsePage } from '../mdx/parse-page.js';
import { type ApiLinkProblem, apiLinkProblems } from './api-links.js';
import { type LinkIndex, resolveLink } from './resolve-link.js';
import { linkIndexOf } from './site-links.js';

/** A link of a markdown page that leads nowhere. */
export interface LinkProblem {
  /** The page's source file (`pages/intro.md`), or `/slug` when it has none. */
  file: string;
  /** 1-based line in the source file (front matter counted). */
  line: number;
  column: number;
  /** The link as written. */
  url: string;
  message: string;
}

/** What `docsLinkProblems` found. */
export interface DocsLinkProblems {
  pages: LinkProblem[];
  /** Empty when docs.yml sets `apiLinkBase`. */
  api: ApiLinkProblem[];
}

interface WrittenLink {
  url: string;
  line: number;
  column: number;
}

/** `<a … href="…">` in raw HTML. */
const HTML_HREF = /<a\b[^>]*?\shref\s*=\s*(["'])(.*?)\1/gi;

/** Every link written in a page body, with its place in the body (1-based). */
export function writtenLinks(markdown: string, format: 'md' | 'mdx'): WrittenLink[] {
  const { tree } = parsePage(markdown, format);
  const links: WrittenLink[] = [];
  const stack: MdNode[] = tree ? [tree] : [];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const at = node.position?.start ?? { line: 1, column: 1 };
    if ((node.type === 'link' || node.type === 'definition') && node.url !== undefined) {
      links.push({ url: node.url, line: at.line, column: at.column });
    } else if (node.type === 'html' && node.value) {
      for (const match of node.value.matchAll(HTML_HREF)) {
        const before = node.value.slice(0, match.index).split('\n');
        links.push({
          url: (match[2] ?? '').replace(/&amp;/g, '&'),
          line: at.line + before.length - 1,
          column: before.length === 1 ? at.column + match.index : (before.at(-1)?.length ?? 0) + 1,
        });
      }
    } else if (Array.isArray(node.attributes)) {
      for (const attribute of node.attributes as MdxAttributeNode[]) {
        if (attribute.name !== 'href' || typeof attribute.value !== 'string') continue;
        const place = attribute.position?.start ?? at;
        links.push({ url: attribute.value, line: place.line, column: place.column });
      }
    }
    // Children in reverse, so links come out in document order.
    for (const child of [...(node.children ?? [])].reverse()) stack.push(child);
  }
  return links;
}

/** The broken links of one page. */
export function pageLinkProblems(index: LinkIndex, page: MarkdownPage): LinkProblem[] {
  const bodyLine = page.sourceLine ?? 1;
  const file = page.sourcePath ?? `/${page.slug}`;
  return writtenLinks(page.markdown, pageFormat(page.sourcePath)).flatMap((link) => {
    const { problem } = resolveLink(index, { slug: page.slug, sourcePath: page.sourcePath }, link.url);
    return problem
      ? [{ file, line: bodyLine + link.line - 1, column: link.column, url: link.url, message: problem }]
      : [];
  });
}

/**
 * The broken links of every markdown page of a site, in page order.
 * @example (await docsPageLinkProblems(definition)).map(linkProblemLine)
 */
export async function docsPageLinkProblems(definition: DocsDefinition): Promise<LinkProblem[]> {
  const index = linkIndexOf(definition, await loadHighlighter());
  return Object.values(definition.pages).flatMap((page) => pageLinkProblems(index, page));
}

/**
 * The site-relative links of API descriptions the site does not serve; none when docs.yml sets
 * `apiLinkBase` (they lead there). Walks every description: `sextant check` asks, not every load.
 */
export async function docsApiLinkProblems(
  definition: DocsDefinition,
  apis: Record<string, ApiDefinition>,
): Promise<ApiLinkProblem[]> {
  if (definition.config.apiLinkBase) return [];
  const index = linkIndexOf(definition, await loadHighlighter());
  return apiLinkProblems(apis, (path) => !resolveLink(index, { slug: '' }, path).problem);
}

/** A redirect of docs.yml that leads to a path of the site no page has. */
export interface RedirectProblem {
  /** Its place in docs.yml's `redirects`. */
  index: number;
  destination: string;
  message: string;
}

/**
 * The redirects whose destination is a path of this site that serves nothing (a converted site's
 * old URLs leading to a page that moved again). Absolute URLs, wildcards (`/new/*`) and a
 * destination that is itself a redirect's source are not judged.
 */
export async function docsRedirectProblems(definition: DocsDefinition): Promise<RedirectProblem[]> {
  const { redirects } = definition.config;
  const judged = (destination: string) =>
    destination.startsWith('/') && !destination.startsWith('//') && !destination.includes('*');
  if (!redirects.some((redirect) => judged(redirect.destination))) return [];
  const index = linkIndexOf(definition, await loadHighlighter());
  const sources = new Set(redirects.map((redirect) => redirect.source));
  return redirects.flatMap(({ destination }, at) => {
    if (!judged(destination) || sources.has(destination.split(/[?#]/)[0] ?? '')) return [];
    const { problem } = resolveLink(index, { slug: '' }, destination);
    return problem ? [{ index: at, destination, message: `redirect to ${problem}` }] : [];
  });
}

/**
 * Every broken link of a docs site.
 * @example const { pages, api } = await docsLinkProblems(definition, apis)
 */
export async function docsLinkProblems(
  definition: DocsDefinition,
  apis: Record<string, ApiDefinition>,
): Promise<DocsLinkProblems> {
  return { pages: await docsPageLinkProblems(definition), api: await docsApiLinkProblems(definition, apis) };
}

/**
 * `file:line:column: message`.
 * @example linkProblemLine(problem) // 'pages/intro.md:12:5: "guides/x.md": no page of this site comes from pages/guides/x.md …'
 */
export function linkProblemLine(problem: LinkProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`;
}
