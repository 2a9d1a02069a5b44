/** Small shared views: a load's loading and error states, a pager, dates, a page heading, a table. */
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect } from 'react';
import { errorMessage, isSignedOut } from '../api.js';
import { SessionContext } from '../session-context.js';

/** Renders `children(data)` once loaded; a status line while loading; the error with a retry. */
export function LoadView<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  const context = useContext(SessionContext);
  const signedOut = query.isError && isSignedOut(query.error);
  // A 401 means the session is gone (token revoked, expired): back to sign-in.
  useEffect(() => {
    if (signedOut) context?.onSignedOut();
  }, [signedOut, context]);
  if (query.isPending)
    return (
      <p className="muted" role="status">
        Loading {what}…
      </p>
    );
  if (query.isError)
    return (
      <div className="error" role="alert">
        <p>
          Could not load {what}: {errorMessage(query.error)}
        </p>
        <button type="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  // While the next page of a paged list loads, the previous one stays (marked busy).
  return <div aria-busy={query.isPlaceholderData || undefined}>{children(query.data)}</div>;
}

/** Previous / next page controls for a list that pages. */
export function Pager({
  page,
  hasMore,
  onPage,
  label,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  label: string;
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">Page {page}</span>
      <button type="button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** A timestamp as the reader's local date and time. */
export function When({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="muted">—</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso}>{date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</time>
  );
}

/** Splits a list into pages of `size` (for registry calls that return everything at once). */
export function pageOf<T>(items: T[], page: number, size: number): { items: T[]; hasMore: boolean } {
  return { items: items.slice((page - 1) * size, page * size), hasMore: items.length > page * size };
}

export function PageTitle({ children, intro }: { children: ReactNode; intro?: ReactNode }) {
  return (
    <header className="page-title">
      <h1 tabIndex={-1} id="page-heading">
        {children}
      </h1>
      {intro ? <p className="muted">{intro}</p> : null}
    </header>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

/**
 * A table that scrolls sideways on narrow screens: a caption for screen readers (when given), one
 * header row of `columns`, and `children` as its body rows.
 * @example <DataTable caption="Tokens" columns={['Token', 'Created']}>{rows}</DataTable>
 */
export function DataTable({
  caption,
  columns,
  testId,
  children,
}: {
  caption?: string;
  columns: readonly string[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table data-testid={testId}>
        {caption === undefined ? null : <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A table cell naming an endpoint (`METHOD /path`) over a muted line saying where it lives. */
export function EndpointCell({ method, path, detail }: { method: string; path: string; detail: ReactNode }) {
  return (
    <td>
      <code className="where">
        {method} {path}
      </code>
      <div className="muted small">{detail}</div>
    </td>
  );
}
