/**
 * The descriptions of parameters, properties and messages: markdown through `@sextant/ui`'s one
 * renderer (CommonMark to React elements, no HTML strings). Links only with http(s), mailto,
 * site-relative or #anchor targets (`safeHref`); inline HTML a spec's description carries drops
 * to its text (`<br>` to a space); a heading reads as a bold line; fenced code keeps its lines.
 * Runs the same on the server and the client, so nested types can expand in the browser.
 */
import { renderMarkdown } from '@sextant/ui/markdown';
import type { ReactNode } from 'react';

function code(text: string, _lang: string, key: string): ReactNode {
  return (
    <pre key={key} className="sx-desc-code">
      <code>{text}</code>
    </pre>
  );
}

/**
 * Renders `text` as markdown blocks.
 * @example <InlineMarkdown text="The `id` of the [user](/users)." />
 */
export function InlineMarkdown({ text }: { text: string }) {
  return <>{renderMarkdown(text.trim(), { html: 'strip', code })}</>;
}
