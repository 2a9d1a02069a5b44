/** GitHub repositories of the organization and the pull requests of the one picked, with their states. */

import { useState } from 'react';
import { useDashboard } from '../session-context.js';
import { Empty, LoadView, Pager, PageTitle, When } from '../ui/parts.js';
import { useDashboardQuery } from '../ui/queries.js';
import { SelectField } from '../ui/select-field.js';

const PAGE_SIZE = 20;
/** Stored PR URLs come from any member's token: only web addresses become links. */
const WEB_URL = /^https?:\/\//i;
const STATES = ['open', 'merged', 'closed'] as const;
type PrState = (typeof STATES)[number];
const STATE_OPTIONS = [
  { value: 'all', label: 'All' },
  ...STATES.map((name) => ({ value: name, label: name })),
];

function PullRequests({ owner, repo }: { owner: string; repo: string }) {
  const { client } = useDashboard();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<PrState | 'all'>('all');
  const pullRequests = useDashboardQuery(
    ['pull-requests', owner, repo, page, state],
    () =>
      client.listPullRequests({
        body: { owner, repo, page, pageSize: PAGE_SIZE, ...(state === 'all' ? {} : { state: [state] }) },
      }),
    { paged: true },
  );
  return (
    <section className="card" aria-labelledby="prs-heading">
      <h2 id="prs-heading">
        Pull requests of {owner}/{repo}
      </h2>
      <SelectField
        className="field"
        inline
        label="State"
        options={STATE_OPTIONS}
        value={state}
        onChange={(value) => {
          setState(value as PrState | 'all');
          setPage(1);
        }}
      />
      <LoadView query={pullRequests} what="the pull requests">
        {({ pullRequests, hasMore }) =>
          pullRequests.length === 0 ? (
            <Empty>No pull request.</Empty>
          ) : (
            <>
              <ul className="rows">
                {pullRequests.map((pr) => (
                  <li key={pr.number}>
                    <span className={`badge pr-${pr.state}`}>{pr.state}</span>{' '}
                    {pr.url && WEB_URL.test(pr.url) ? (
                      <a href={pr.url} rel="noreferrer noopener" target="_blank">
                        #{pr.number} {pr.title}
                      </a>
                    ) : (
                      <span>
                        #{pr.number} {pr.title}
                      </span>
                    )}
                    <span className="muted small">
                      {' '}
                      {pr.author ? `by ${pr.author} · ` : ''}
                      <When iso={pr.mergedAt ?? pr.closedAt ?? pr.createdAt} />
                    </span>
                  </li>
                ))}
              </ul>
              <Pager page={page} hasMore={hasMore} onPage={setPage} label="Pull requests" />
            </>
          )
        }
      </LoadView>
    </section>
  );
}

export function GithubPage() {
  const { client, orgId } = useDashboard();
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<{ owner: string; repo: string }>();
  const repositories = useDashboardQuery(
    ['repositories', orgId, page],
    () => client.listRepositories({ body: { orgId, page, pageSize: PAGE_SIZE } }),
    { paged: true },
  );
  return (
    <>
      <PageTitle intro="Repositories the registry tracks for this organization, and their pull requests.">
        GitHub
      </PageTitle>
      <LoadView query={repositories} what="the repositories">
        {({ repositories, hasMore }) =>
          repositories.length === 0 ? (
            <Empty>No repository is tracked.</Empty>
          ) : (
            <>
              <ul className="rows">
                {repositories.map((repository) => {
                  const name = `${repository.owner}/${repository.name}`;
                  const open = picked?.owner === repository.owner && picked.repo === repository.name;
                  return (
                    <li key={name}>
                      <button
                        type="button"
                        className="link"
                        aria-pressed={open}
                        onClick={() => setPicked({ owner: repository.owner, repo: repository.name })}
                      >
                        {name}
                      </button>{' '}
                      {repository.isPrivate ? <span className="badge">Private</span> : null}
                      <span className="muted small"> · {repository.defaultBranch}</span>
                      {repository.description ? <div className="small">{repository.description}</div> : null}
                    </li>
                  );
                })}
              </ul>
              <Pager page={page} hasMore={hasMore} onPage={setPage} label="Repositories" />
            </>
          )
        }
      </LoadView>
      {picked ? (
        <PullRequests key={`${picked.owner}/${picked.repo}`} owner={picked.owner} repo={picked.repo} />
      ) : null}
    </>
  );
}
