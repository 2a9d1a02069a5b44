/** Sign-in: an org token is posted once to the session route; the server answers with a cookie session. */

import { type Session, sessionSchema } from '@sextant/registry-client';
import { Field } from '@sextant/ui';
import { useState } from 'react';
import { dashboardCall, errorMessage } from '../api.js';

export function SignInPage({
  onSignedIn,
  notice,
}: {
  onSignedIn: (session: Session) => void;
  notice?: string;
}) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <main className="sign-in" id="main">
      <form
        className="card"
        aria-labelledby="sign-in-heading"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(undefined);
          try {
            onSignedIn(await dashboardCall(sessionSchema, '/session', { method: 'POST', body: { token } }));
          } catch (failure) {
            setError(errorMessage(failure));
          } finally {
            setBusy(false);
            setToken('');
          }
        }}
      >
        <h1 id="sign-in-heading">Sign in to the Sextant dashboard</h1>
        {notice ? (
          <p className="notice" role="status">
            {notice}
          </p>
        ) : null}
        <Field
          className="field"
          label="Org token"
          hint="A registry token of your organization (sxt_…). With sextant dev, use the admin token it prints. The token is sent once; the browser keeps only a session cookie."
          error={error}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="off"
              spellCheck={false}
              required
              value={token}
              onChange={(event) => setToken(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
