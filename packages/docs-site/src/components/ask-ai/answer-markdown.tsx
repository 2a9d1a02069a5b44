/**
 * An AI answer's markdown as React elements, never as HTML: a small subset (paragraphs, headings,
 * lists, quotes, fenced code with a copy button, inline code, bold, italic, links). The model's
 * text only ever becomes text nodes, so raw HTML in it shows as text; a link is a link only when
 * `siteLink` finds it is a page of this site, else its text and URL show as plain text. A fence
 * still open while the answer streams shows as code so far.
 */

import { CopyButton } from '@sextant/ui';
import type { ReactNode } from 'react';
import { siteLink } from './citation-url.js';

export interface SiteAddress {
  origin: string;
  basePath: string;
}

export type Block =
  | { type: 'code'; lang: string; code: string }
  | { type: 'heading'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'quote'; text: string }
  | { type: 'paragraph'; text: string };

const FENCE = /^\s*(```|~~~)\s*([\w+-]*)\s*$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,3}[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

/** The blocks of `markdown` (the subset above). */
export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trim().startsWith(fence[1] ?? '```'))
        code.push(lines[i++] ?? '');
      blocks.push({ type: 'code', lang: fence[2] ?? '', code: code.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', text: heading[1] ?? '' });
      continue;
    }
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (item) {
      flush();
      const ordered = !BULLET.test(line);
      const last = blocks[blocks.length - 1];
      if (last?.type === 'list' && last.ordered === ordered) last.items.push(item[1] ?? '');
      else blocks.push({ type: 'list', ordered, items: [item[1] ?? ''] });
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote) {
      flush();
      const last = blocks[blocks.length - 1];
      if (last?.type === 'quote') last.text += `\n${quote[1] ?? ''}`;
      else blocks.push({ type: 'quote', text: quote[1] ?? '' });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    // A continuation line of a list item (indented) joins the item.
    const last = blocks[blocks.length - 1];
    if (paragraph.length === 0 && last?.type === 'list' && /^\s{2,}\S/.test(line)) {
      last.items[last.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

const INLINE =
  /(`+)([^`]+?)\1|\*\*(.+?)\*\*|__(.+?)__|\[([^\]\n]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)|(?<![\w*])\*(?!\s)([^*\n]+?)\*(?!\w)|(?<!\w)_(?!\s)([^_\n]+?)_(?!\w)/g;

/** Inline markdown as React nodes. */
export function renderInline(text: string, site: SiteAddress, keyPrefix = 'i'): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const key = `${keyPrefix}-${n++}`;
    const [, ticks, code, bold, bold2, linkText, href, italic, italic2] = match;
    if (ticks && code !== undefined) nodes.push(<code key={key}>{code}</code>);
    else if (bold !== undefined || bold2 !== undefined)
      nodes.push(<strong key={key}>{renderInline(bold ?? bold2 ?? '', site, key)}</strong>);
    else if (linkText !== undefined && href !== undefined) {
      const safe = siteLink(href, site);
      nodes.push(
        safe ? (
          <a key={key} href={safe} className="sx-ai-citation">
            {renderInline(linkText, site, key)}
          </a>
        ) : (
          <span key={key}>
            {linkText} ({href})
          </span>
        ),
      );
    } else nodes.push(<em key={key}>{renderInline(italic ?? italic2 ?? '', site, key)}</em>);
    last = index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

function BlockView({ block, site, index }: { block: Block; site: SiteAddress; index: number }) {
  const key = `b${index}`;
  switch (block.type) {
    case 'code':
      return (
        <div className="sx-ai-code">
          <div className="sx-ai-code-bar">
            <span className="sx-muted">{block.lang || 'code'}</span>
            <CopyButton
              className="sx-button sx-button-small"
              resetAfter={2000}
              text={block.code}
              label="Copy code"
            />
          </div>
          <pre>
            <code>{block.code}</code>
          </pre>
        </div>
      );
    case 'heading':
      return <p className="sx-ai-heading">{renderInline(block.text, site, key)}</p>;
    case 'list': {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items are positional and never reorder
        <li key={i}>{renderInline(item, site, `${key}-${i}`)}</li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'quote':
      return <blockquote>{renderInline(block.text, site, key)}</blockquote>;
    case 'paragraph':
      return <p>{renderInline(block.text, site, key)}</p>;
  }
}

/** The answer's markdown, rendered safely. */
export function AnswerMarkdown({ markdown, site }: { markdown: string; site: SiteAddress }) {
  return (
    <div className="sx-ai-answer-text">
      {parseBlocks(markdown).map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks only grow at the end while streaming
        <BlockView key={i} block={block} site={site} index={i} />
      ))}
    </div>
  );
}
