// @vitest-environment happy-dom
/**
 * The tokens page against a real registry over a real socket (PGlite): the page's reads are
 * TanStack queries, its writes mutations that refetch exactly the token list.
 */

import type { Session } from '@sextant/registry-client';
import { createRegistryClient, RegistryClientError } from '@sextant/registry-client';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionRegistryClient } from '../api.js';
import { type DashboardContext, SessionContext } from '../session-context.js';
import { type ConsoleServer, startConsoleServer } from '../testing/console-server.js';
import { SessionQueries } from '../ui/queries.js';
import { TokensPage } from './tokens.js';

let server: ConsoleServer;
let adminToken: string;
let orgId: string;
let origin: string;

/** A registry client holding `token`, as the CLI would. */
const clientOf = (token: string) => createRegistryClient({ baseUrl: origin, token, maxRetries: 0 });

/** The HTTP status a registry call with `token` gets (200 when it succeeds). */
async function statusWith(token: string): Promise<number> {
  try {
    await clientOf(token).getDocsSitesForOrg({ body: { orgId } });
    return 200;
  } catch (error) {
    if (error instanceof RegistryClientError && error.status !== undefined) return error.status;
    throw error;
  }
}

beforeAll(async () => {
  server = await startConsoleServer();
  ({ origin, adminToken, orgId } = server);
});

afterAll(async () => {
  await server?.close();
});

afterEach(cleanup);

const signIn = (token: string) => server.signIn(token);

function renderTokens(session: Session, onSignedOut: () => void) {
  const context: DashboardContext = {
    session,
    orgId,
    client: sessionRegistryClient(session.csrfToken),
    onSignedOut,
  };
  return render(
    <SessionContext.Provider value={context}>
      <SessionQueries>
        <TokensPage />
      </SessionQueries>
    </SessionContext.Provider>,
  );
}

const rowsOf = () =>
  within(screen.getByRole('table', { name: 'Tokens' }))
    .getAllByRole('row')
    .slice(1);

describe('tokens page', () => {
  it('generates a token, shows it once, lists it and revokes it', async () => {
    const session = await signIn(adminToken);
    let signedOut = 0;
    renderTokens(session, () => {
      signedOut += 1;
    });
    await screen.findByRole('table', { name: 'Tokens' });
    const before = rowsOf().length;
    expect(before).toBeGreaterThanOrEqual(1);
    expect(screen.getByText('This session', { exact: false })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Description (optional)'), { target: { value: ' CI publish ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    });
    const secret = (await screen.findByLabelText('New token', { selector: 'input' })) as HTMLInputElement;
    expect(secret.value.length).toBeGreaterThan(20);
    // The list is fetched again: the new token is a row of its own, described as typed (trimmed).
    await waitFor(() => expect(rowsOf().length).toBe(before + 1));
    const row = rowsOf().find((candidate) => candidate.textContent?.includes('CI publish'));
    expect(row).toBeDefined();
    // The secret works against the registry until it is revoked.
    expect(await statusWith(secret.value)).toBe(200);

    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: /Revoke/ }));
    await act(async () => {
      fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Confirm revoke' }));
    });
    await waitFor(() => {
      const revoked = rowsOf().find((candidate) => candidate.textContent?.includes('CI publish'));
      expect(revoked?.textContent).toContain('Revoked');
    });
    expect(await statusWith(secret.value)).toBe(401);
    expect(signedOut).toBe(0);
  });

  it('ends the session when its own token is revoked', async () => {
    const { token } = await clientOf(adminToken).generateToken({ body: { orgId, description: 'to revoke' } });
    const session = await signIn(token);
    let signedOut = 0;
    renderTokens(session, () => {
      signedOut += 1;
    });
    await screen.findByRole('table', { name: 'Tokens' });
    const current = rowsOf().find((row) => row.textContent?.includes('This session'));
    expect(current).toBeDefined();
    fireEvent.click(within(current as HTMLElement).getByRole('button', { name: /Revoke/ }));
    expect(within(current as HTMLElement).getByText(/This ends your session/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(current as HTMLElement).getByRole('button', { name: 'Confirm revoke' }));
    });
    await waitFor(() => expect(signedOut).toBe(1));
    expect(await statusWith(token)).toBe(401);
    expect(await statusWith(adminToken)).toBe(200);
  });
});
