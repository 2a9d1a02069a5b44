// @vitest-environment happy-dom
/**
 * The dashboard's data layer against a real registry (PGlite, in a process of its own): views of
 * one resource share a request, a new session starts from an empty cache, and a read refused
 * because the session is gone shows why and signs out.
 */

import type { Session } from '@sextant/registry-client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionRegistryClient } from '../api.js';
import { type DashboardContext, SessionContext } from '../session-context.js';
import { type ConsoleServer, startConsoleServer } from '../testing/console-server.js';
import { LoadView } from './parts.js';
import { SessionQueries, useDocsSites } from './queries.js';

const SITES = '/dashboard/get-docs-sites-for-org';
let server: ConsoleServer;

beforeAll(async () => {
  server = await startConsoleServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(cleanup);

function SiteCount({ label }: { label: string }) {
  const sites = useDocsSites();
  return (
    <LoadView query={sites} what="the docs sites">
      {({ docsSites }) => <p>{`${label}: ${docsSites.length} sites`}</p>}
    </LoadView>
  );
}

function contextOf(session: Session, onSignedOut: () => void = () => undefined): DashboardContext {
  return { session, orgId: server.orgId, client: sessionRegistryClient(session.csrfToken), onSignedOut };
}

describe('dashboard queries', () => {
  it('serves two views of one resource from one request; a new session asks again', async () => {
    const session = await server.signIn(server.adminToken);
    const view = (key: string) => (
      <SessionContext.Provider value={contextOf(session)}>
        <SessionQueries key={key}>
          <SiteCount label="header" />
          <SiteCount label="page" />
        </SessionQueries>
      </SessionContext.Provider>
    );
    server.requests.clear();
    const { rerender } = render(view('first'));
    await screen.findByText('header: 0 sites');
    await screen.findByText('page: 0 sites');
    expect(server.requests.get(SITES)).toBe(1);
    // Same session, re-rendered: still cached.
    rerender(view('first'));
    expect(server.requests.get(SITES)).toBe(1);
    // Another session (its key): nothing read by the first is reused.
    rerender(view('second'));
    expect(screen.getAllByRole('status')[0]?.textContent).toMatch(/Loading the docs sites/);
    await screen.findByText('page: 0 sites');
    expect(server.requests.get(SITES)).toBe(2);
  });

  it('shows why a read failed and signs out when the session is gone', async () => {
    const session = await server.signIn(server.adminToken);
    // The session ends on the server (signed out elsewhere): its cookie no longer opens anything.
    await server.endSession(session);
    let signedOut = 0;
    render(
      <SessionContext.Provider
        value={contextOf(session, () => {
          signedOut += 1;
        })}
      >
        <SessionQueries>
          <SiteCount label="page" />
        </SessionQueries>
      </SessionContext.Provider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Could not load the docs sites/);
    await waitFor(() => expect(signedOut).toBe(1));
  });
});
