/**
 * Under every page (rendered on the server; the feedback buttons are an island): "Was this page
 * helpful?", when the page's file last changed, and a link to edit its source (docs.yml
 * `editThisPage`).
 */
import { entryDateLabel } from '@sextant/definition';
import { FEEDBACK_PATH, PageFeedback } from '../components/page-feedback.js';
import type { PageView } from '../shared/page-data.js';

/**
 * The source URL of a page's file: the template's `{path}` replaced by the page's project path,
 * else the path appended.
 * @example editPageUrl('https://github.com/acme/docs/edit/main/{path}', 'pages/intro.md')
 * // 'https://github.com/acme/docs/edit/main/pages/intro.md'
 */
export function editPageUrl(template: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return template.includes('{path}')
    ? template.replaceAll('{path}', encoded)
    : `${template.replace(/\/+$/, '')}/${encoded}`;
}

export function PageFooter({ page, basePath }: { page: PageView; basePath: string }) {
  // The 404 page has no markdown variant and nothing to rate.
  if (!page.markdownUrl) return null;
  const markdown = page.kind === 'markdown' ? page : undefined;
  return (
    <footer className="sx-page-footer">
      <PageFeedback slug={page.slug} url={`${basePath}${FEEDBACK_PATH}`} />
      {markdown?.lastUpdated || markdown?.editUrl ? (
        <p className="sx-page-meta">
          {markdown.lastUpdated ? (
            <span>
              Last updated{' '}
              <time dateTime={markdown.lastUpdated}>{entryDateLabel(markdown.lastUpdated.slice(0, 10))}</time>
            </span>
          ) : null}
          {markdown.editUrl ? (
            <a href={markdown.editUrl} rel="noopener noreferrer" className="sx-edit-link">
              Edit this page
            </a>
          ) : null}
        </p>
      ) : null}
    </footer>
  );
}
