/**
 * A changelog's page (rendered on the server; the entries' bodies may hold islands): its entries
 * newest first, each dated, tagged and linked to its own page, the pages before and after, and
 * the changelog's feeds.
 */
import { changelogFeedPath, changelogPageSlug, entryDateLabel } from '@sextant/definition';
import type { PageView } from '../shared/page-data.js';
import { Content } from './content/content.js';
import { InlineTitle } from './inline-title.js';

type ChangelogView = Extract<PageView, { kind: 'changelog' }>;

/** An entry's day and tags, above its body (on the changelog and on the entry's own page). */
export function EntryMeta({ date, tags }: { date: string; tags: string[] }) {
  return (
    <p className="sx-entry-meta">
      <time dateTime={date}>{entryDateLabel(date)}</time>
      {tags.map((tag) => (
        <span key={tag} className="sx-entry-tag">
          {tag}
        </span>
      ))}
    </p>
  );
}

export function ChangelogPage({ page, basePath }: { page: ChangelogView; basePath: string }) {
  const link = (n: number) => `${basePath}/${changelogPageSlug(page.changelogSlug, n)}`;
  return (
    <article className="sx-article sx-changelog">
      <header className="sx-page-header">
        <h1>
          <InlineTitle text={page.title} />
        </h1>
        <p className="sx-changelog-feeds">
          <a href={changelogFeedPath(basePath, page.changelogSlug, 'rss')} type="application/rss+xml">
            RSS
          </a>
          <a href={changelogFeedPath(basePath, page.changelogSlug, 'atom')} type="application/atom+xml">
            Atom
          </a>
        </p>
      </header>
      {page.entries.length === 0 ? <p className="sx-muted">No entries yet.</p> : null}
      {page.entries.map((entry) => (
        <section key={entry.slug} className="sx-changelog-entry" aria-labelledby={`sx-entry-${entry.slug}`}>
          <EntryMeta date={entry.date} tags={entry.tags} />
          <h2 id={`sx-entry-${entry.slug}`}>
            <a href={`${basePath}/${entry.slug}`}>
              <InlineTitle text={entry.title} />
            </a>
          </h2>
          <div className="sx-prose">
            <Content nodes={entry.content} />
          </div>
        </section>
      ))}
      {page.pages > 1 ? (
        <nav className="sx-pagination" aria-label="Changelog pages">
          {page.page > 1 ? (
            <a href={link(page.page - 1)} rel="prev">
              Newer
            </a>
          ) : (
            <span />
          )}
          <span className="sx-muted">
            Page {page.page} of {page.pages}
          </span>
          {page.page < page.pages ? (
            <a href={link(page.page + 1)} rel="next">
              Older
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </article>
  );
}
