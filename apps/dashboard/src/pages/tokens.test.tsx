// @vitest-environment happy-dom
/**
 * The tokens page against a real registry over a real socket (PGlite): the page's reads are
 * TanStack queries, its writes mutations that refetch exactly the token list.
 */

import { createRegistryClient, DASHBOARD_API, RegistryClientError } from '@sextant/registry-client';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleServer, startConsoleServer } from '../testing/console-server.js';
import { renderPage } from '../testing/render-page.js';
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

const rowsOf = () =>
  within(screen.getByRole('table', { name: 'Tokens' }))
    .getAllByRole('row')
    .slice(1);

describe('tokens page', () => {
  it('generates a token, shows it once, lists it and revokes it', async () => {
    const session = await signIn(adminToken);
    const page = renderPage(server, session, <TokensPage />);
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
    expect(page.signedOut()).toBe(0);
  });

  it('ends the session when its own token is revoked', async () => {
    const { token } = await clientOf(adminToken).generateToken({ body: { orgId, description: 'to revoke' } });
    const session = await signIn(token);
    const page = renderPage(server, session, <TokensPage />);
    await screen.findByRole('table', { name: 'Tokens' });
    const current = rowsOf().find((row) => row.textContent?.includes('This session'));
    expect(current).toBeDefined();
    fireEvent.click(within(current as HTMLElement).getByRole('button', { name: /Revoke/ }));
    expect(within(current as HTMLElement).getByText(/This ends your session/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(current as HTMLElement).getByRole('button', { name: 'Confirm revoke' }));
    });
    await waitFor(() => expect(page.signedOut()).toBe(1));
    expect(await statusWith(token)).toBe(401);
    expect(await statusWith(adminToken)).toBe(200);
  });

  it('takes a revoke back on Cancel: nothing is sent and the token keeps working', async () => {
    const { token } = await clientOf(adminToken).generateToken({ body: { orgId, description: 'kept' } });
    renderPage(server, await signIn(adminToken), <TokensPage />);
    await screen.findByRole('table', { name: 'Tokens' });
    const row = rowsOf().find((candidate) => candidate.textContent?.includes('kept')) as HTMLElement;
    server.requests.clear();
    fireEvent.click(within(row).getByRole('button', { name: /Revoke/ }));
    expect(within(row).getByText('Revoke?')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(within(row).queryByRole('button', { name: 'Confirm revoke' })).toBeNull();
    expect(within(row).getByRole('button', { name: /Revoke/ })).toBeTruthy();
    expect([...server.requests.keys()]).toEqual([]);
    expect(await statusWith(token)).toBe(200);
  });

  it("shows the server's message when it refuses to generate, and signs out on a 401", async () => {
    const session = await signIn(adminToken);
    const page = renderPage(server, session, <TokensPage />);
    await screen.findByRole('table', { name: 'Tokens' });
    // The registry's own limit: the field takes no more.
    expect((screen.getByLabelText('Description (optional)') as HTMLInputElement).maxLength).toBe(500);
    // The session ends elsewhere while the page is open.
    await server.endSession(session);
    const refused = await server.wireError('/tokens/generate', { method: 'POST', body: { orgId } });
    expect(refused.error).toBe('UnauthorizedError');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(refused.message);
    expect(screen.queryByLabelText('New token', { selector: 'input' })).toBeNull();
    await waitFor(() => expect(page.signedOut()).toBe(1));
  });

  it('refetches only the token list after generating one', async () => {
    renderPage(server, await signIn(adminToken), <TokensPage />);
    await screen.findByRole('table', { name: 'Tokens' });
    server.requests.clear();
    fireEvent.change(screen.getByLabelText('Description (optional)'), { target: { value: 'fine' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    });
    await screen.findByLabelText('New token', { selector: 'input' });
    await waitFor(() => expect(rowsOf().some((row) => row.textContent?.includes('fine'))).toBe(true));
    // The write invalidated the token list only: nothing else was read again.
    expect([...server.requests.keys()].sort()).toEqual([`${DASHBOARD_API}/tokens`, '/tokens/generate']);
    // Done hides the secret for good.
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('New token', { selector: 'input' })).toBeNull();
  });
});
