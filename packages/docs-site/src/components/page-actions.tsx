/**
 * Page actions (SPEC §9): copyPage copies the page as markdown, viewAsMarkdown opens the `.md`
 * variant; askAi copies a prompt about the page for any assistant, and on a site with Ask AI (the
 * server then renders it as askAiChat) opens the site's chat about this page; openAi, claude,
 * cursor and vscode open that prompt in the assistant. Prompts carry the absolute URL of the
 * page's markdown, known only in the browser: links get it after hydration.
 */

import { UnexpectedStatusError } from '@sextant/definition/errors';
import { CopyButton } from '@sextant/ui';
import { useEffect, useState } from 'react';
import { ASK_AI_CHAT_ACTION, requestAskAi } from './ask-ai/ask-ai-events.js';
import { defineIsland } from './island.js';

type AssistantAction = 'openAi' | 'claude' | 'cursor' | 'vscode';

const ASSISTANTS: { action: AssistantAction; label: string; url: (prompt: string) => string }[] = [
  { action: 'openAi', label: 'Open in ChatGPT', url: (p) => `https://chatgpt.com/?hints=search&q=${p}` },
  { action: 'claude', label: 'Open in Claude', url: (p) => `https://claude.ai/new?q=${p}` },
  { action: 'cursor', label: 'Open in Cursor', url: (p) => `https://cursor.com/link/prompt?text=${p}` },
  { action: 'vscode', label: 'Open in VS Code', url: (p) => `vscode://GitHub.Copilot-Chat/chat?prompt=${p}` },
];

export const aiPrompt = (markdownUrl: string) => `Read ${markdownUrl} so I can ask you questions about it.`;

interface PageActionsProps {
  actions: string[];
  markdownUrl: string;
}

const hasActions = (actions: string[]) =>
  actions.some((a) =>
    ['copyPage', 'viewAsMarkdown', 'askAi', ASK_AI_CHAT_ACTION, ...ASSISTANTS.map((x) => x.action)].includes(
      a,
    ),
  );

function PageActionsView({ actions, markdownUrl }: PageActionsProps) {
  // The server does not know the reader's host: absolute only after hydration.
  const [absolute, setAbsolute] = useState<string | undefined>(undefined);
  useEffect(() => setAbsolute(new URL(markdownUrl, window.location.href).href), [markdownUrl]);
  const assistants = ASSISTANTS.filter((a) => actions.includes(a.action));
  const fetchMarkdown = async () => {
    const response = await fetch(markdownUrl);
    if (!response.ok) throw new UnexpectedStatusError(`GET ${markdownUrl}`, response.status);
    return response.text();
  };
  const prompt = absolute ? encodeURIComponent(aiPrompt(absolute)) : undefined;
  return (
    <div className="sx-page-actions">
      {actions.includes('copyPage') ? (
        <CopyButton
          className="sx-button sx-button-small"
          resetAfter={2000}
          text={fetchMarkdown}
          label="Copy page as markdown"
        />
      ) : null}
      {actions.includes('viewAsMarkdown') ? (
        <a className="sx-button sx-button-small" href={markdownUrl}>
          View as Markdown
        </a>
      ) : null}
      {actions.includes(ASK_AI_CHAT_ACTION) ? (
        <button
          type="button"
          className="sx-button sx-button-small"
          aria-haspopup="dialog"
          data-action="askAi"
          onClick={() => requestAskAi()}
        >
          Ask AI about this page
        </button>
      ) : actions.includes('askAi') ? (
        <CopyButton
          className="sx-button sx-button-small"
          resetAfter={2000}
          text={() => aiPrompt(new URL(markdownUrl, window.location.href).href)}
          label="Ask AI: copy a prompt about this page"
          caption="Ask AI"
        />
      ) : null}
      {assistants.map((a) => (
        <a
          key={a.action}
          className="sx-button sx-button-small"
          href={prompt ? a.url(prompt) : markdownUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-action={a.action}
        >
          {a.label}
        </a>
      ))}
    </div>
  );
}

export const PageActionsIsland = defineIsland('page-actions', PageActionsView);

/** The page's actions: an island, or nothing when the page has none. */
export function PageActions(props: PageActionsProps) {
  return hasActions(props.actions) ? <PageActionsIsland {...props} /> : null;
}
