/**
 * A small, safe markdown subset rendered straight to React elements (no HTML strings): the
 * descriptions of parameters and properties. Paragraphs, bullet lists, `code`, **bold**,
 * *emphasis*, [links](https://… "title") and <https://…> autolinks with http(s), mailto, site-relative
 * or #anchor targets only, numbered lists, headings (as a bold line) and fenced code. Simple inline
 * HTML tags (`<br>`, `<p>`, `<code>`, ...) are dropped to their text; nothing becomes markup unless
 * listed here. Runs the same on the server and the client,
 * so nested types can expand in the browser without shipping a markdown renderer.
 */
import type { ReactNode } from 'react';

const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;
const INLINE =
  /(`[^`]+`)|(\*\*[^*]+\*\*)|(\[[^\]]+\]\((?:[^()\s]|\([^()\s]*\))+(?:\s+"[^"]*")?\))|(<https?:\/\/[^>\s]+>)|(\*[^*\s][^*]*\*)|((?<![\w])_[^_\s][^_]*_(?![\w]))/g;

/** Inline HTML a spec's description may carry: line breaks become spaces, other tags drop to their text. */
function withoutHtml(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/?(?:p|b|i|em|strong|code|span|div|ul|ol|li|a|small|sup|sub|u)(?:\s[^<>]*)?>/gi, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) =>
      name === 'amp'
        ? '&'
        : name === 'lt'
          ? '<'
          : name === 'gt'
            ? '>'
            : name === 'quot'
              ? '"'
              : name === '#39'
                ? "'"
                : ' ',
    );
}

function link(key: string, label: string, href: string): ReactNode {
  return SAFE_HREF.test(href) ? (
    <a key={key} href={href} rel={/^https?:/i.test(href) ? 'noopener noreferrer nofollow' : undefined}>
      {label}
    </a>
  ) : (
    label
  );
}

function inline(text: string, keyBase: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) out.push(withoutHtml(text.slice(last, index)));
    const token = match[0];
    const key = `${keyBase}-${n++}`;
    if (match[1]) out.push(<code key={key}>{token.slice(1, -1)}</code>);
    else if (match[2]) out.push(<strong key={key}>{token.slice(2, -2)}</strong>);
    else if (match[3]) {
      const split = token.indexOf('](');
      const target = token.slice(split + 2, -1).trim();
      out.push(link(key, withoutHtml(token.slice(1, split)), target.split(/\s+"/)[0] ?? target));
    } else if (match[4]) out.push(link(key, token.slice(1, -1), token.slice(1, -1)));
    else out.push(<em key={key}>{token.slice(1, -1)}</em>);
    last = index + token.length;
  }
  if (last < text.length) out.push(withoutHtml(text.slice(last)));
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
        const ordered = lines.every((line) => /^\s*\d+[.)]\s+/.test(line));
        if (ordered || lines.every((line) => /^\s*[-*+]\s+/.test(line))) {
          const List = ordered ? 'ol' : 'ul';
          return (
            <List key={key}>
              {lines.map((line, l) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, the position is the identity
                <li key={l}>{inline(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ''), `${key}-${l}`)}</li>
              ))}
            </List>
          );
        }
        // A heading inside a field description reads as a bold line, not as `## text`.
        const heading = /^\s*#{1,6}\s+(.*)$/.exec(block);
        if (heading && lines.length === 1)
          return (
            <p key={key}>
              <strong>{inline(heading[1] ?? '', key)}</strong>
            </p>
          );
        // A fenced code block keeps its lines.
        const fence = /^\s*```[^\n]*\n([\s\S]*?)\n\s*```\s*$/.exec(block);
        if (fence)
          return (
            <pre key={key} className="sx-desc-code">
              <code>{fence[1]}</code>
            </pre>
          );
        return <p key={key}>{inline(block.replace(/\s*\n\s*/g, ' '), key)}</p>;
      })}
    </>
  );
}
