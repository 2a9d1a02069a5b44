/** Renders a dashboard page as the signed-in shell does: the session's context and query cache. */
import type { Session } from '@sextant/registry-client';
import { type RenderResult, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { sessionRegistryClient } from '../api.js';
import { type DashboardContext, SessionContext } from '../session-context.js';
import { SessionQueries } from '../ui/queries.js';
import type { ConsoleServer } from './console-server.js';

export interface RenderedPage extends RenderResult {
  /** How many times the page found the session gone and signed out. */
  signedOut(): number;
}

/** `options.orgId`: the organization shown (default the server's own). */
export function renderPage(
  server: ConsoleServer,
  session: Session,
  page: ReactNode,
  options: { orgId?: string } = {},
): RenderedPage {
  let signedOut = 0;
  const context: DashboardContext = {
    session,
    orgId: options.orgId ?? server.orgId,
    client: sessionRegistryClient(session.csrfToken),
    onSignedOut: () => {
      signedOut += 1;
    },
  };
  const rendered = render(
    <SessionContext.Provider value={context}>
      <SessionQueries>{page}</SessionQueries>
    </SessionContext.Provider>,
  );
  return { ...rendered, signedOut: () => signedOut };
}

/** The body rows of the table captioned `caption`, as their cells' text. */
export function tableRows(caption: string | RegExp): string[][] {
  return within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}
