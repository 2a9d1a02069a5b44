/**
 * Callouts: a blockquote whose text opens with `[!NOTE]`, `[!TIP]`, `[!WARNING]`… (GitHub's
 * alerts) renders as an aside of that kind under a title. One rule for the pipeline
 * (`remarkSextant` in markdown.ts) and its fast path (`plain-markdown.ts`).
 */

const CALLOUTS = ['note', 'tip', 'info', 'important', 'warning', 'caution', 'success', 'check'] as const;

/** The marker at the start of a quote's first text, with the space after it. */
const MARKER = /^\[!([a-z]+)\]\s*/i;

/** A callout's kind and the marker's length (with the space after it), when `text` opens with one. */
export function calloutMarker(text: string): { kind: string; length: number } | undefined {
  const match = MARKER.exec(text);
  const kind = match?.[1]?.toLowerCase();
  return match && kind && (CALLOUTS as readonly string[]).includes(kind)
    ? { kind, length: match[0].length }
    : undefined;
}

/** The classes of a callout's aside. */
export const calloutClasses = (kind: string): string[] => ['sx-callout', `sx-callout-${kind}`];

/** The class of a callout's title paragraph. */
export const CALLOUT_TITLE_CLASS = 'sx-callout-title';

/**
 * A callout's title: its kind, capitalised.
 * @example calloutTitle('note') // 'Note'
 */
export const calloutTitle = (kind: string): string => kind.charAt(0).toUpperCase() + kind.slice(1);
