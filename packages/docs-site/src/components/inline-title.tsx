/**
 * A title written in inline markdown (an operation summary, a message name) where only code
 * spans are allowed: sidebar labels, tabs, headings. Code spans render as `<code>`; links are
 * unwrapped to their label and emphasis to its words (`plainTitle`), so no markup shows as text.
 */
import { plainTitle } from '@sextant/definition';

/** Plain text of a part between code spans, keeping a space at each edge that had one. */
function textPart(part: string): string {
  const inner = plainTitle(part);
  if (!inner) return /\s/.test(part) ? ' ' : '';
  return `${/^\s/.test(part) ? ' ' : ''}${inner}${/\s$/.test(part) ? ' ' : ''}`;
}

/** A piece of a title: plain text, or a code span's text. */
export type InlineTitlePart = string | { code: string };

/**
 * A title's pieces as `InlineTitle` shows them (the server's string form, `inlineTitleHtml`, too).
 * @example inlineTitleParts('Get a `Plant`') // ['Get a ', { code: 'Plant' }, '']
 */
export function inlineTitleParts(text: string): InlineTitlePart[] {
  if (!text.includes('`')) return [plainTitle(text)];
  return text
    .trim()
    .split(/(`[^`]+`)/)
    .map((part) => (/^`[^`]+`$/.test(part) ? { code: part.slice(1, -1) } : textPart(part)));
}

/** @example <InlineTitle text="Get a `Plant`" /> → Get a <code>Plant</code> */
export function InlineTitle({ text }: { text: string }) {
  return (
    <>
      {inlineTitleParts(text).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, the position is the identity
          <code key={i}>{part.code}</code>
        ),
      )}
    </>
  );
}
