/**
 * API definitions: the organization's APIs, and one API's version history where any two
 * versions can be compared with the registry's diff (breaking changes first, the bump implied).
 */

import { apiListSchema, versionListSchema } from '@sextant/registry-client';
import { useState } from 'react';
import { z } from 'zod';
import { dashboardCall } from '../api.js';
import { useDashboard } from '../session-context.js';
import { DataTable, Empty, LoadView, Pager, PageTitle, When } from '../ui/parts.js';
import { useDashboardQuery } from '../ui/queries.js';
import { href } from '../ui/router.js';
import { SelectField } from '../ui/select-field.js';

export function ApisPage() {
  const { orgId, session } = useDashboard();
  const [page, setPage] = useState(1);
  const apis = useDashboardQuery(
    ['apis', orgId, page],
    () => dashboardCall(apiListSchema, '/apis', { query: { orgId, page }, csrf: session.csrfToken }),
    { paged: true },
  );
  return (
    <>
      <PageTitle intro="Each API this organization registered, with its versions.">API definitions</PageTitle>
      <LoadView query={apis} what="the API definitions">
        {({ apis, hasMore }) =>
          apis.length === 0 ? (
            <Empty>No API definition yet: sextant publish registers them.</Empty>
          ) : (
            <>
              <DataTable
                caption={`API definitions of ${orgId}`}
                columns={['API', 'Latest version', 'Versions', 'Last registered']}
              >
                {apis.map((api) => (
                  <tr key={api.apiId}>
                    <td>
                      <a href={href('apis', api.apiId)}>{api.title}</a>
                      {api.title === api.apiId ? null : <div className="muted small">{api.apiId}</div>}
                    </td>
                    <td data-testid="latest-version">{api.latestVersion ?? '—'}</td>
                    <td>{api.versions}</td>
                    <td>
                      <When iso={api.latestAt} />
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager page={page} hasMore={hasMore} onPage={setPage} label="API definitions" />
            </>
          )
        }
      </LoadView>
    </>
  );
}

/** What the dashboard reads of the registry's structural diff. */
const diffChangesSchema = z.object({
  changes: z.array(
    z.object({
      kind: z.string(),
      category: z.string(),
      breaking: z.boolean(),
      message: z.string(),
      location: z.object({ method: z.string().optional(), path: z.string().optional(), id: z.string() }),
    }),
  ),
});

function Diff({ previous, current }: { previous: string; current: string }) {
  const { client } = useDashboard();
  const diff = useDashboardQuery(['api-diff', previous, current], () =>
    client.diffApiDefinitions({
      query: { previousApiDefinitionId: previous, currentApiDefinitionId: current },
    }),
  );
  return (
    <section aria-labelledby="diff-heading" className="card">
      <h2 id="diff-heading">Changes</h2>
      <LoadView query={diff} what="the diff">
        {({ diff, bump }) => {
          const parsed = diffChangesSchema.safeParse(diff);
          const changes = parsed.success ? parsed.data.changes : [];
          const breaking = changes.filter((change) => change.breaking);
          const other = changes.filter((change) => !change.breaking);
          return (
            <>
              <p>
                Implied version bump:{' '}
                <strong className={`badge bump-${bump.toLowerCase()}`} data-testid="bump">
                  {bump}
                </strong>{' '}
                <span className="muted">
                  ({breaking.length} breaking, {other.length} other)
                </span>
              </p>
              {changes.length === 0 ? <Empty>The two versions describe the same API.</Empty> : null}
              <ChangeList title="Breaking changes" changes={breaking} breaking />
              <ChangeList title="Other changes" changes={other} />
            </>
          );
        }}
      </LoadView>
    </section>
  );
}

type Change = z.infer<typeof diffChangesSchema>['changes'][number];

/** A titled list of changes (nothing when there are none); `breaking` marks each item. */
function ChangeList({ title, changes, breaking }: { title: string; changes: Change[]; breaking?: boolean }) {
  if (changes.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul className="changes" aria-label={title}>
        {changes.map((change, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: changes have no id; the list is fixed.
          <li key={index} className={breaking ? 'breaking' : undefined}>
            <Where change={change} />
            {change.message}
          </li>
        ))}
      </ul>
    </>
  );
}

function Where({ change }: { change: Change }) {
  const { method, path } = change.location;
  if (!method && !path) return null;
  return (
    <code className="where">
      {method ? `${method} ` : ''}
      {path ?? ''}
    </code>
  );
}

export function ApiHistoryPage({ apiId }: { apiId: string }) {
  const { orgId, session } = useDashboard();
  const [page, setPage] = useState(1);
  const [previous, setPrevious] = useState('');
  const [current, setCurrent] = useState('');
  const [compared, setCompared] = useState<{ previous: string; current: string }>();
  const versions = useDashboardQuery(
    ['api-versions', orgId, apiId, page],
    () =>
      dashboardCall(versionListSchema, '/apis/versions', {
        query: { orgId, apiId, page },
        csrf: session.csrfToken,
      }),
    { paged: true },
  );
  return (
    <>
      <p>
        <a href={href('apis')}>← All API definitions</a>
      </p>
      <PageTitle intro="Every registered version, newest first. Pick two to see what changed.">
        {versions.data?.versions[0]?.title ?? apiId}: version history
      </PageTitle>
      <LoadView query={versions} what="the versions">
        {({ versions, hasMore }) => {
          // A version is named by its spec version (`info.version`); registration time tells apart
          // several publishes of one spec version.
          const versionOptions = versions.map((version) => ({
            value: version.apiDefinitionId,
            label: `${version.version ?? 'unversioned'} · ${new Date(version.createdAt).toLocaleString()}`,
          }));
          const from = previous || versions[1]?.apiDefinitionId || '';
          const to = current || versions[0]?.apiDefinitionId || '';
          return (
            <>
              <DataTable caption={`Versions of ${apiId}`} columns={['Version', 'Registered', 'Size']}>
                {versions.map((version) => (
                  <tr key={version.apiDefinitionId}>
                    <td data-testid="spec-version">
                      <strong>{version.version ?? 'unversioned'}</strong>
                      {version.title === versions[0]?.title ? null : (
                        <div className="muted small">{version.title}</div>
                      )}
                    </td>
                    <td>
                      <When iso={version.createdAt} />
                    </td>
                    <td>{(version.sizeBytes / 1024).toFixed(1)} KB</td>
                  </tr>
                ))}
              </DataTable>
              <Pager page={page} hasMore={hasMore} onPage={setPage} label="Versions" />
              {versions.length >= 2 ? (
                <form
                  className="compare"
                  onSubmit={(event) => {
                    event.preventDefault();
                    setCompared({ previous: from, current: to });
                  }}
                >
                  <SelectField
                    className="field"
                    label="From (older)"
                    options={versionOptions}
                    value={from}
                    onChange={setPrevious}
                  />
                  <SelectField
                    className="field"
                    label="To (newer)"
                    options={versionOptions}
                    value={to}
                    onChange={setCurrent}
                  />
                  <button type="submit" className="primary" disabled={from === to}>
                    Compare versions
                  </button>
                </form>
              ) : (
                <Empty>Only one version: there is nothing to compare yet.</Empty>
              )}
              {compared ? <Diff previous={compared.previous} current={compared.current} /> : null}
            </>
          );
        }}
      </LoadView>
    </>
  );
}
