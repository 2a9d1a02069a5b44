/** A markdown page (guide, overview, page, reference or custom layout) and an API overview page. */
import type { PageView } from '../shared/page-data.js';
import { EntryMeta } from './changelog-page.js';
import { Content } from './content/content.js';
import { InlineTitle } from './inline-title.js';
import { MethodBadge } from './method-badge.js';
import { PageHeader } from './page-header.js';
import { Description } from './type-view.js';

export function MarkdownPage({
  page,
  basePath = '',
}: {
  page: Extract<PageView, { kind: 'markdown' }>;
  basePath?: string;
}) {
  const showToc = page.layout === 'guide' && page.toc.length > 1;
  return (
    <div className={`sx-markdown-layout sx-layout-${page.layout}`}>
      <article className="sx-article">
        {page.entry ? (
          <p className="sx-entry-back">
            <a href={`${basePath}/${page.entry.changelog.slug}`}>
              ← <InlineTitle text={page.entry.changelog.title} />
            </a>
          </p>
        ) : null}
        {page.layout === 'custom' ? null : (
          <PageHeader title={<InlineTitle text={page.title} />} page={page} />
        )}
        {page.entry ? <EntryMeta date={page.entry.date} tags={page.entry.tags} /> : null}
        {/* Rendered from markdown and sanitised on the server; islands where it has some. */}
        <div className="sx-prose">
          <Content nodes={page.content} />
        </div>
      </article>
      {showToc ? (
        <nav className="sx-toc" aria-label="On this page">
          <p className="sx-toc-title">On this page</p>
          <ul>
            {page.toc.map((entry) => (
              <li key={entry.id} className={`sx-toc-${entry.depth}`}>
                <a href={`#${entry.id}`}>{entry.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

export function OverviewPage({
  page,
  basePath = '',
}: {
  page: Extract<PageView, { kind: 'overview' }>;
  basePath?: string;
}) {
  return (
    <article className="sx-article">
      <PageHeader title={<InlineTitle text={page.title} />} page={page} />
      <Description html={page.description} />
      <ul className="sx-overview">
        {page.items.map((item) => (
          <li key={item.slug}>
            <a href={`${basePath}/${item.slug}`}>
              {item.method ? (
                <MethodBadge method={item.method} />
              ) : (
                <span className="sx-badge">{item.kind}</span>
              )}
              <span>
                <InlineTitle text={item.title} />
              </span>
            </a>
            {item.summary ? <p className="sx-muted sx-small">{item.summary}</p> : null}
          </li>
        ))}
      </ul>
    </article>
  );
}
