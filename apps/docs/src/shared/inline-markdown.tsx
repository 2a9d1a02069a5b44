/**
 * A small, safe markdown subset rendered straight to React elements (no HTML strings): the
 * descriptions of parameters and properties. Paragraphs, bullet lists, `code`, **bold**,
 * *emphasis* and [links](https://…) with http(s), mailto, site-relative or #anchor targets only.
 * Anything else, raw HTML included, shows as text. Runs the same on the server and the client,
 * so nested types can expand in the browser without shipping a markdown renderer.
 */
import type { ReactNode } from 'react';

const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;
const INLINE =
  /(`[^`]+`)|(\*\*[^*]+\*\*)|(\[[^\]]+\]\([^)\s]+\))|(\*[^*\s][^*]*\*)|((?<![\w])_[^_\s][^_]*_(?![\w]))/g;

function inline(text: string, keyBase: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) out.push(text.slice(last, index));
    const token = match[0];
    const key = `${keyBase}-${n++}`;
    if (match[1]) out.push(<code key={key}>{token.slice(1, -1)}</code>);
    else if (match[2]) out.push(<strong key={key}>{token.slice(2, -2)}</strong>);
    else if (match[3]) {
      const split = token.indexOf('](');
      const label = token.slice(1, split);
      const href = token.slice(split + 2, -1);
      out.push(
        SAFE_HREF.test(href) ? (
          <a key={key} href={href} rel={/^https?:/i.test(href) ? 'noopener noreferrer nofollow' : undefined}>
            {label}
          </a>
        ) : (
          label
        ),
      );
    } else out.push(<em key={key}>{token.slice(1, -1)}</em>);
    last = index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * Renders `text` as inline markdown blocks.
 * @example <InlineMarkdown text="The `id` of the [user](/users)." />
 */
export function InlineMarkdown({ text }: { text: string }) {
  const blocks = text.trim().split(/\n\s*\n/);
  return (
    <>
      {blocks.map((block, b) => {
        const lines = block.split('\n');
        const key = `b${b}`;
        if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
          return (
            <ul key={key}>
              {lines.map((line, l) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, the position is the identity
                <li key={l}>{inline(line.replace(/^\s*[-*]\s+/, ''), `${key}-${l}`)}</li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{inline(block.replace(/\s*\n\s*/g, ' '), key)}</p>;
      })}
    </>
  );
}
