/**
 * Tokens: the caller's (an admin sees every member's), a form to generate one (the secret is
 * shown once, with a copy button) and revoke. Revoking the token this session was opened with
 * ends the session.
 */

import { type TokenRow, tokenListSchema } from '@sextant/registry-client';
import { useId, useState } from 'react';
import { dashboardCall, errorMessage, isSignedOut } from '../api.js';
import { useDashboard } from '../session-context.js';
import { Empty, LoadView, Pager, PageTitle, When } from '../ui/parts.js';
import { useLoad } from '../ui/use-load.js';

function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  return (
    <div className="card new-token" role="status">
      <h2>New token</h2>
      <p>Copy it now: it is shown only once and the server keeps only a hash.</p>
      <label htmlFor={id} className="sr-only">
        New token
      </label>
      <input id={id} className="secret" readOnly value={token} onFocus={(event) => event.target.select()} />
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => {
            void navigator.clipboard?.writeText(token).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy token'}
        </button>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function RevokeButton({ row, onRevoked }: { row: TokenRow; onRevoked: (row: TokenRow) => void }) {
  const { client, onSignedOut } = useDashboard();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (row.revokedAt) return <span className="muted">Revoked</span>;
  if (!confirming)
    return (
      <button type="button" className="danger" onClick={() => setConfirming(true)}>
        Revoke
        <span className="sr-only"> token {row.description ?? row.tokenId}</span>
      </button>
    );
  return (
    <span className="confirm">
      <span>{row.current ? 'This ends your session. ' : ''}Revoke?</span>{' '}
      <button
        type="button"
        className="danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await client.revokeToken({ body: { tokenId: row.tokenId } });
            onRevoked(row);
          } catch (failure) {
            if (isSignedOut(failure)) onSignedOut();
            setError(errorMessage(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        Confirm revoke
      </button>{' '}
      <button type="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
      {error ? (
        <span className="error-text" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

export function TokensPage() {
  const { orgId, session, client, onSignedOut } = useDashboard();
  const [page, setPage] = useState(1);
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<string>();
  const [error, setError] = useState<string>();
  const descriptionId = useId();
  const loaded = useLoad(
    () => dashboardCall(tokenListSchema, '/tokens', { query: { orgId, page }, csrf: session.csrfToken }),
    [orgId, page, session.csrfToken],
  );
  return (
    <>
      <PageTitle intro="Org tokens sign in here and authenticate the CLI. Admins see every member's.">
        Tokens
      </PageTitle>
      <form
        className="card generate"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(undefined);
          try {
            const answer = await client.generateToken({
              body: { orgId, ...(description.trim() ? { description: description.trim() } : {}) },
            });
            setCreated(answer.token);
            setDescription('');
            loaded.reload();
          } catch (failure) {
            if (isSignedOut(failure)) onSignedOut();
            setError(errorMessage(failure));
          }
        }}
      >
        <div className="field">
          <label htmlFor={descriptionId}>Description (optional)</label>
          <input
            id={descriptionId}
            value={description}
            maxLength={500}
            placeholder="e.g. CI publish"
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <button type="submit" className="primary">
          Generate token
        </button>
        {error ? (
          <p className="error-text" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      {created ? <NewToken token={created} onDone={() => setCreated(undefined)} /> : null}
      <LoadView loaded={loaded} what="the tokens">
        {({ tokens, hasMore }) =>
          tokens.length === 0 ? (
            <Empty>No token.</Empty>
          ) : (
            <>
              <div className="table-wrap">
                <table>
                  <caption className="sr-only">Tokens</caption>
                  <thead>
                    <tr>
                      <th scope="col">Token</th>
                      <th scope="col">Created</th>
                      <th scope="col">Action</th>
                    </tr>
                  </thead>
                  <tbody>
                    {tokens.map((row) => (
                      <tr key={row.tokenId} data-token-id={row.tokenId}>
                        <td>
                          {row.description ?? <span className="muted">No description</span>}
                          {row.current ? <span className="badge ok"> This session</span> : null}
                          <div className="muted small">
                            {row.userId} · <code className="id">{row.tokenId.slice(0, 8)}</code>
                          </div>
                        </td>
                        <td>
                          <When iso={row.createdAt} />
                        </td>
                        <td>
                          <RevokeButton
                            row={row}
                            onRevoked={(revoked) => (revoked.current ? onSignedOut() : loaded.reload())}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={page} hasMore={hasMore} onPage={setPage} label="Tokens" />
            </>
          )
        }
      </LoadView>
    </>
  );
}
