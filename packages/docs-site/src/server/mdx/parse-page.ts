/**
 * Parses a page's markdown. `.mdx` pages are MDX (JSX components, `{…}` expressions, no raw
 * HTML); a syntax error is a located error. `.md` pages are MDX only when they use MDX: a page
 * that names a component (`<Note>`) or writes `import`/`export` is read as MDX; any other `.md`
 * page (GitHub's markdown, with `<br>`, `<!-- -->`, `a < b`, `{id}` or indented code) is read as
 * CommonMark with GFM and sanitised raw HTML, as before. A `.md` page that uses components but is
 * not valid MDX is read as plain markdown too, with a warning naming the place. Both read GFM,
 * `$math$` and `:::note` admonitions (`:::note Title` read as `:::note[Title]`, see admonitions.ts).
 */
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { bracketAdmonitionTitles } from './admonitions.js';
import type { MdNode } from './mdast.js';
import type { ProblemList } from './problems.js';

export type PageFormat = 'md' | 'mdx';

const mdxParser = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkDirective);
const markdownParser = unified().use(remarkParse).use(remarkGfm).use(remarkMath).use(remarkDirective);

/** The format of the page at `path` (`.mdx` → mdx; anything else, or none, md). */
export function pageFormat(path: string | undefined): PageFormat {
  return path?.toLowerCase().endsWith('.mdx') ? 'mdx' : 'md';
}

/** Whether a tree parsed as MDX uses MDX: a component (capitalised JSX) or an import/export. */
function usesMdx(node: MdNode): boolean {
  if (node.type === 'mdxjsEsm') return true;
  if (
    (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') &&
    /^[A-Z]/.test(node.name ?? '')
  )
    return true;
  return (node.children ?? []).some(usesMdx);
}

/** Whether plain markdown names a component in its raw HTML (`<Note>`), so MDX was meant. */
function namesComponent(node: MdNode): boolean {
  if (node.type === 'html' && /<[A-Z][\w.]*[\s/>]/.test(node.value ?? '')) return true;
  return (node.children ?? []).some(namesComponent);
}

interface ParseFailure {
  message: string;
  place?: { line?: number; column?: number; start?: { line: number; column: number } };
}

function failurePlace(error: ParseFailure): { line: number; column: number } | undefined {
  const place = error.place;
  if (!place) return undefined;
  if (place.start) return place.start;
  return place.line ? { line: place.line, column: place.column ?? 1 } : undefined;
}

/** The reason of an MDX syntax error without its trailing position (given apart). */
const reasonOf = (error: ParseFailure) => error.message.replace(/\s*\(\d+:\d+(-\d+:\d+)?\)/, '');

export interface ParsedPage {
  /** Undefined when an `.mdx` page is not valid MDX (the error is in `problems`). */
  tree?: MdNode;
  /** Whether the tree is MDX (components, expressions) or plain markdown (raw HTML). */
  mdx: boolean;
  /** The text the tree's positions point into (the page's, admonition titles bracketed). */
  source: string;
}

/**
 * Parses `source` as `format`, reporting syntax errors and fallbacks to `problems`.
 * @example parsePage('<Note>Hi</Note>', 'md', problems).mdx // true
 */
export function parsePage(page: string, format: PageFormat, problems?: ProblemList): ParsedPage {
  const source = bracketAdmonitionTitles(page);
  try {
    const tree = mdxParser.parse(source) as MdNode;
    if (format === 'mdx' || usesMdx(tree)) return { tree, mdx: true, source };
  } catch (error) {
    const failure = error as ParseFailure;
    if (format === 'mdx') {
      problems?.error(failurePlace(failure), `not valid MDX: ${reasonOf(failure)}`);
      return { mdx: true, source };
    }
    const tree = markdownParser.parse(source) as MdNode;
    if (namesComponent(tree))
      problems?.warn(
        failurePlace(failure),
        `not valid MDX (${reasonOf(failure)}): the page is rendered as plain markdown, without its components`,
      );
    return { tree, mdx: false, source };
  }
  return { tree: markdownParser.parse(source) as MdNode, mdx: false, source };
}
