/**
 * An AI answer's markdown as React elements, never as HTML, through `@sextant/ui`'s one
 * renderer: fenced code gets a copy button, headings read as a bold line. The model's text only
 * ever becomes text nodes, so raw HTML in it shows as text; a link is a link only when `siteLink`
 * finds it is a page of this site, else its text and URL show as plain text. A fence still open
 * while the answer streams shows as code so far (CommonMark closes it at the end).
 */

import { CopyButton } from '@sextant/ui';
import { type MarkdownOptions, renderMarkdown } from '@sextant/ui/markdown';
import { type ReactNode, useDeferredValue, useMemo } from 'react';
import { siteLink } from './citation-url.js';

export interface SiteAddress {
  origin: string;
  basePath: string;
}

function code(text: string, lang: string, key: string): ReactNode {
  return (
    <div key={key} className="sx-ai-code">
      <div className="sx-ai-code-bar">
        <span className="sx-muted">{lang || 'code'}</span>
        <CopyButton className="sx-button sx-button-small" resetAfter={2000} text={text} label="Copy code" />
      </div>
      <pre>
        <code>{text}</code>
      </pre>
    </div>
  );
}

/** The renderer's rules for an answer about `site`. */
export function answerOptions(site: SiteAddress): MarkdownOptions {
  return {
    html: 'text',
    href: (url) => siteLink(url, site),
    link: (href, children, key) => (
      <a key={key} href={href} className="sx-ai-citation">
        {children}
      </a>
    ),
    unsafeLink: (url, children, key) => (
      <span key={key}>
        {children} ({url})
      </span>
    ),
    heading: (children, key) => (
      <p key={key} className="sx-ai-heading">
        {children}
      </p>
    ),
    code,
  };
}

/** The answer's markdown, rendered safely; while it streams, parsing yields to input. */
export function AnswerMarkdown({ markdown, site }: { markdown: string; site: SiteAddress }) {
  const text = useDeferredValue(markdown);
  const nodes = useMemo(() => renderMarkdown(text, answerOptions(site)), [text, site]);
  return <div className="sx-ai-answer-text">{nodes}</div>;
}
