/** Page actions (SPEC §9): copyPage copies the page as markdown, viewAsMarkdown opens the `.md` variant. */
import { CopyButton } from './copy-button.js';

export function PageActions({ actions, markdownUrl }: { actions: string[]; markdownUrl: string }) {
  if (!actions.includes('copyPage') && !actions.includes('viewAsMarkdown')) return null;
  const fetchMarkdown = async () => {
    const response = await fetch(markdownUrl);
    if (!response.ok) throw new Error(`GET ${markdownUrl}: ${response.status}`);
    return response.text();
  };
  return (
    <div className="sx-page-actions">
      {actions.includes('copyPage') ? (
        <CopyButton text={fetchMarkdown} label="Copy page as markdown" />
      ) : null}
      {actions.includes('viewAsMarkdown') ? (
        <a className="sx-button sx-button-small" href={markdownUrl}>
          View as Markdown
        </a>
      ) : null}
    </div>
  );
}
