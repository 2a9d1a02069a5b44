/**
 * Ask AI's question log: what readers asked (site, Slack, Discord), the answer, its sources and
 * feedback, failed answers flagged with the reader's page; filtered by site, feedback, location
 * and failure (the registry call's filters).
 */

import { useId, useState } from 'react';
import { useDashboard } from '../session-context.js';
import { docsUrlText } from '../ui/docs-url.js';
import { Empty, LoadView, Pager, PageTitle, When } from '../ui/parts.js';
import { useDashboardQuery, useDocsSites } from '../ui/queries.js';
import { SelectField, SiteSelect } from '../ui/select-field.js';

const PAGE_SIZE = 20;
const FEEDBACK = { up: 'Helpful', down: 'Not helpful' } as const;

type Filters = {
  url: string;
  feedback: '' | 'up' | 'down' | 'none';
  location: '' | 'docs' | 'slack' | 'discord';
  failed: '' | 'yes' | 'no';
};

const FILTER_CHOICES = {
  feedback: [
    ['', 'Any feedback'],
    ['up', 'Helpful'],
    ['down', 'Not helpful'],
    ['none', 'No feedback'],
  ],
  location: [
    ['', 'Anywhere'],
    ['docs', 'Docs site'],
    ['slack', 'Slack'],
    ['discord', 'Discord'],
  ],
  failed: [
    ['', 'Answered or failed'],
    ['yes', 'Failed'],
    ['no', 'Answered'],
  ],
} as const;

/** The registry call's body for the filters: only those set. */
function filterBody(filters: Filters) {
  return {
    ...(filters.url ? { url: filters.url } : {}),
    ...(filters.feedback ? { feedback: filters.feedback } : {}),
    ...(filters.location ? { location: filters.location } : {}),
    ...(filters.failed ? { failed: filters.failed === 'yes' } : {}),
  };
}

function FilterSelect<K extends keyof typeof FILTER_CHOICES>({
  name,
  label,
  filters,
  onChange,
}: {
  name: K;
  label: string;
  filters: Filters;
  onChange: (filters: Filters) => void;
}) {
  return (
    <SelectField
      inline
      label={label}
      options={FILTER_CHOICES[name].map(([value, text]) => ({ value, label: text }))}
      value={filters[name]}
      onChange={(value) => onChange({ ...filters, [name]: value })}
    />
  );
}

export function AiLogPage() {
  const { client, orgId } = useDashboard();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>({ url: '', feedback: '', location: '', failed: '' });
  const headingId = useId();
  const sites = useDocsSites();
  const siteUrls = sites.data?.docsSites.map((entry) => docsUrlText(entry.mainUrl)) ?? [];
  const questions = useDashboardQuery(
    ['ai-questions', orgId, page, filters],
    () => client.getAiQuestionLog({ body: { orgId, page, limit: PAGE_SIZE, ...filterBody(filters) } }),
    { paged: true },
  );
  const filter = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };
  return (
    <>
      <PageTitle intro="Questions readers asked Ask AI, newest first, with the answer, its sources and their feedback.">
        AI question log
      </PageTitle>
      <div className="field inline">
        <SiteSelect siteUrls={siteUrls} value={filters.url} onChange={(url) => filter({ ...filters, url })} />
        <FilterSelect name="feedback" label="Feedback" filters={filters} onChange={filter} />
        <FilterSelect name="location" label="Asked in" filters={filters} onChange={filter} />
        <FilterSelect name="failed" label="Outcome" filters={filters} onChange={filter} />
      </div>
      <LoadView query={questions} what="the question log">
        {({ questions, hasMore }) =>
          questions.length === 0 ? (
            <Empty>
              {Object.values(filters).some(Boolean)
                ? 'No question matches these filters.'
                : 'No question yet.'}
            </Empty>
          ) : (
            <>
              <h2 id={headingId} className="sr-only">
                Questions
              </h2>
              <ol className="questions" aria-labelledby={headingId}>
                {questions.map((entry) => (
                  <li key={entry.id} className="card">
                    <p className="muted small">
                      <When iso={entry.askedAt} /> · {entry.location} · {entry.docsUrl}
                      {entry.page !== null ? <> · on /{entry.page}</> : null}
                      {entry.failed ? (
                        <>
                          {' '}
                          ·{' '}
                          <span className="badge warn">
                            Failed{entry.errorCode ? ` (${entry.errorCode})` : ''}
                          </span>
                        </>
                      ) : null}
                      {entry.feedback ? (
                        <>
                          {' '}
                          ·{' '}
                          <span className={`badge ${entry.feedback === 'up' ? 'ok' : 'warn'}`}>
                            {FEEDBACK[entry.feedback]}
                          </span>
                        </>
                      ) : null}
                    </p>
                    <h3 className="question">{entry.question}</h3>
                    <details>
                      <summary>Answer</summary>
                      <p className="answer">{entry.answer}</p>
                      {entry.sources.length > 0 ? (
                        <ul className="plain small">
                          {entry.sources.map((source) => (
                            <li key={source.url}>{source.title}</li>
                          ))}
                        </ul>
                      ) : null}
                    </details>
                  </li>
                ))}
              </ol>
              <Pager page={page} hasMore={hasMore} onPage={setPage} label="Questions" />
            </>
          )
        }
      </LoadView>
    </>
  );
}
