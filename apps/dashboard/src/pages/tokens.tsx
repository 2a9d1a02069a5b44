/**
 * Tokens: the caller's (an admin sees every member's), a form to generate one (the secret is
 * shown once, with a copy button) and revoke. Revoking the token this session was opened with
 * ends the session.
 */
import { type TokenRow, tokenListSchema } from '@sextant/registry-client';
import { CopyButton, Field } from '@sextant/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { dashboardCall, errorMessage, isSignedOut } from '../api.js';
import { useDashboard } from '../session-context.js';
import { DataTable, Empty, LoadView, Pager, PageTitle, When } from '../ui/parts.js';
import { queryKeys, useDashboardQuery } from '../ui/queries.js';

function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
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
        <CopyButton className="primary" label="Copy token" caption="Copy token" text={token} />
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function RevokeButton({ row }: { row: TokenRow }) {
  const { client, orgId, onSignedOut } = useDashboard();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => client.revokeToken({ body: { tokenId: row.tokenId } }),
    // Revoking the token of this session ends it; otherwise the list shows the revocation.
    onSuccess: () =>
      row.current ? onSignedOut() : queryClient.invalidateQueries({ queryKey: queryKeys.tokens(orgId) }),
    onError: (failure) => {
      if (isSignedOut(failure)) onSignedOut();
    },
  });
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
      <button type="button" className="danger" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
        Confirm revoke
      </button>{' '}
      <button type="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
      {revoke.isError ? (
        <span className="error-text" role="alert">
          {errorMessage(revoke.error)}
        </span>
      ) : null}
    </span>
  );
}

export function TokensPage() {
  const { orgId, session, client, onSignedOut } = useDashboard();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<string>();
  const tokens = useDashboardQuery(
    [...queryKeys.tokens(orgId), page],
    () => dashboardCall(tokenListSchema, '/tokens', { query: { orgId, page }, csrf: session.csrfToken }),
    { paged: true },
  );
  const generate = useMutation({
    mutationFn: (text: string) =>
      client.generateToken({ body: { orgId, ...(text ? { description: text } : {}) } }),
    onSuccess: (answer) => {
      setCreated(answer.token);
      setDescription('');
      return queryClient.invalidateQueries({ queryKey: queryKeys.tokens(orgId) });
    },
    onError: (failure) => {
      if (isSignedOut(failure)) onSignedOut();
    },
  });
  return (
    <>
      <PageTitle intro="Org tokens sign in here and authenticate the CLI. Admins see every member's.">
        Tokens
      </PageTitle>
      <form
        className="card generate"
        onSubmit={(event) => {
          event.preventDefault();
          generate.mutate(description.trim());
        }}
      >
        <Field className="field" label="Description (optional)">
          {(control) => (
            <input
              {...control}
              value={description}
              maxLength={500}
              placeholder="e.g. CI publish"
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="primary" disabled={generate.isPending}>
          Generate token
        </button>
        {generate.isError ? (
          <p className="error-text" role="alert">
            {errorMessage(generate.error)}
          </p>
        ) : null}
      </form>
      {created ? <NewToken token={created} onDone={() => setCreated(undefined)} /> : null}
      <LoadView query={tokens} what="the tokens">
        {({ tokens, hasMore }) =>
          tokens.length === 0 ? (
            <Empty>No token.</Empty>
          ) : (
            <>
              <DataTable caption="Tokens" columns={['Token', 'Created', 'Action']}>
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
                      <RevokeButton row={row} />
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager page={page} hasMore={hasMore} onPage={setPage} label="Tokens" />
            </>
          )
        }
      </LoadView>
    </>
  );
}
