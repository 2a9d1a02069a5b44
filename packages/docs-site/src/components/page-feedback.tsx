/**
 * "Was this page helpful?": two buttons under a page; the answer goes to the docs host
 * (`POST {base}/_sextant/feedback`, with `sendBeacon` so leaving the page does not lose it) and is
 * shown per page in the dashboard's analytics. One answer per page view; the reader is thanked.
 */
import { useState } from 'react';
import { defineIsland } from './island.js';

export const FEEDBACK_PATH = '/_sextant/feedback';

export interface PageFeedbackProps {
  /** The page's slug on its site (or version). */
  slug: string;
  /** Where the answer is sent: `{base}/_sextant/feedback`. */
  url: string;
}

function send(url: string, body: string): void {
  const sent =
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  if (!sent)
    void fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      keepalive: true,
    }).catch(() => undefined);
}

function PageFeedbackView({ slug, url }: PageFeedbackProps) {
  const [answer, setAnswer] = useState<boolean | undefined>(undefined);
  const choose = (helpful: boolean) => {
    setAnswer(helpful);
    send(url, JSON.stringify({ slug, helpful }));
  };
  return (
    <div className="sx-feedback">
      {answer === undefined ? (
        <>
          <span className="sx-feedback-question">Was this page helpful?</span>
          <button type="button" className="sx-button sx-button-small" onClick={() => choose(true)}>
            Yes
          </button>
          <button type="button" className="sx-button sx-button-small" onClick={() => choose(false)}>
            No
          </button>
        </>
      ) : null}
      <span role="status" className="sx-feedback-thanks">
        {answer === undefined ? '' : 'Thank you for your feedback.'}
      </span>
    </div>
  );
}

export const PageFeedback = defineIsland('page-feedback', PageFeedbackView);
