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

/** @example <InlineTitle text="Get a `Plant`" /> → Get a <code>Plant</code> */
export function InlineTitle({ text }: { text: string }) {
  if (!text.includes('`')) return <>{plainTitle(text)}</>;
  const parts = text.trim().split(/(`[^`]+`)/);
  return (
    <>
      {parts.map((part, i) =>
        /^`[^`]+`$/.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, the position is the identity
          <code key={i}>{part.slice(1, -1)}</code>
        ) : (
          textPart(part)
        ),
      )}
    </>
  );
}
