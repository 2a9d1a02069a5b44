/**
 * The problems of a docs site's markdown pages (MDX errors and warnings, located in their source
 * files), found by rendering each page's body once: `sextant dev` prints them, `sextant publish`
 * refuses a site with errors. The page itself shows each error in place.
 */
import type { ApiDefinition, DocsDefinition } from '@sextant/definition';
import { withPageHtmlIds } from '../shared/safe-html.js';
import { loadHighlighter } from './highlight.js';
import { pageFormat } from './mdx/parse-page.js';
import type { ContentProblem } from './mdx/problems.js';
import { renderPageContent } from './mdx/render-page-content.js';
import { endpointSnippet } from './page-view.js';

/** A problem of one page, with the page's source file. */
export interface PageProblem extends ContentProblem {
  /** The page's source path (`pages/intro.mdx`), or its slug when it has none. */
  file: string;
}

/**
 * Every page's problems, pages in definition order.
 * @example (await docsPageProblems(definition, apis)).filter((p) => p.severity === 'error')
 */
export async function docsPageProblems(
  definition: DocsDefinition,
  apis: Record<string, ApiDefinition>,
): Promise<PageProblem[]> {
  const highlighter = await loadHighlighter();
  return withPageHtmlIds(() =>
    Object.values(definition.pages).flatMap((page) => {
      const { problems } = renderPageContent(highlighter, page.markdown, {
        format: pageFormat(page.sourcePath),
        file: page.sourcePath,
        bodyLine: page.sourceLine,
        headerTitle: page.layout !== 'custom',
        endpointSnippet: (reference, kind) => endpointSnippet({ apis }, highlighter, reference, kind),
      });
      return problems.map((problem) => ({ ...problem, file: page.sourcePath ?? (page.slug || 'index') }));
    }),
  );
}

/** `file:line:column: message`. */
export function pageProblemLine(problem: PageProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`;
}
