/**
 * Sign-in (run by pages.test.tsx) against a real registry: a token the server refuses
 * shows its message on the field and is cleared; an empty form is not sent; a good token opens a
 * session of the token's organization; the notice of why the last session ended is read out.
 */

import { DASHBOARD_API, type Session } from '@sextant/registry-client';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../testing/page-server.js';
import { SignInPage } from './sign-in.js';

const SESSION = `${DASHBOARD_API}/session`;

function renderSignIn(notice?: string) {
  const sessions: Session[] = [];
  render(<SignInPage notice={notice} onSignedIn={(session) => sessions.push(session)} />);
  const input = screen.getByLabelText('Org token') as HTMLInputElement;
  const submit = async (token: string) => {
    fireEvent.change(input, { target: { value: token } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    });
  };
  return { sessions, input, submit };
}

export function signInPageCases() {
  describe('sign-in page', () => {
    it("refuses a wrong token with the server's message on the field, and clears it", async () => {
      const refused = await server.wireError(SESSION, { method: 'POST', body: { token: 'sxt_not-a-token' } });
      const { sessions, input, submit } = renderSignIn();
      await submit('sxt_not-a-token');
      const message = await screen.findByText(refused.message);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toContain(message.id);
      expect(input.value).toBe('');
      expect(sessions).toHaveLength(0);
    });

    it('does not send an empty token', async () => {
      const { sessions, input } = renderSignIn();
      const before = server.requests.get(SESSION) ?? 0;
      expect(input.required).toBe(true);
      expect(input.form?.checkValidity()).toBe(false);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      });
      expect(server.requests.get(SESSION) ?? 0).toBe(before);
      expect(sessions).toHaveLength(0);
    });

    it("opens a session of the token's organization, and says why the last one ended", async () => {
      const { sessions, submit } = renderSignIn('Your session ended (its token was revoked or it expired).');
      expect(screen.getByRole('status').textContent).toBe(
        'Your session ended (its token was revoked or it expired).',
      );
      await submit(server.adminToken);
      await waitFor(() => expect(sessions).toHaveLength(1));
      expect(sessions[0]?.orgs.map((org) => org.orgId)).toContain(server.orgId);
      expect(sessions[0]?.csrfToken.length).toBeGreaterThan(10);
    });
  });
}
