/** Ask AI's question log: what readers asked (site, Slack, Discord), the answer, its sources and feedback. */
import { useId, useState } from 'react';
import { useDashboard } from '../session-context.js';
import { Empty, LoadView, Pager, PageTitle, When } from '../ui/parts.js';
import { useLoad } from '../ui/use-load.js';

const PAGE_SIZE = 20;
const FEEDBACK = { up: 'Helpful', down: 'Not helpful' } as const;

export function AiLogPage() {
  const { client, orgId } = useDashboard();
  const [page, setPage] = useState(1);
  const headingId = useId();
  const loaded = useLoad(
    () => client.getAiQuestionLog({ body: { orgId, page, limit: PAGE_SIZE } }),
    [client, orgId, page],
  );
  return (
    <>
      <PageTitle intro="Questions readers asked Ask AI, newest first, with the answer, its sources and their feedback.">
        AI question log
      </PageTitle>
      <LoadView loaded={loaded} what="the question log">
        {({ questions, hasMore }) =>
          questions.length === 0 ? (
            <Empty>No question yet.</Empty>
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
