/** A page's header: its title, what stands under it (an operation's method and path), and the page actions. */
import type { ReactNode } from 'react';
import { PageActions } from './page-actions.js';

export function PageHeader({
  title,
  page,
  children,
}: {
  title: ReactNode;
  page: { actions: string[]; markdownUrl: string };
  children?: ReactNode;
}) {
  return (
    <header className="sx-page-header">
      <h1>{title}</h1>
      {children}
      <PageActions actions={page.actions} markdownUrl={page.markdownUrl} />
    </header>
  );
}
