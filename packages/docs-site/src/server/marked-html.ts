/**
 * Kept HTML with markers for what each page puts in (id prefixes, URLs, server HTML), split once
 * where it is kept: a page joins the pieces with its own values instead of scanning the whole HTML
 * for markers (issue #30: kept rows and islands are most of a page).
 */

/** HTML split at its markers: the text around them and, for each marker, the slot of its value. */
export interface MarkedHtml {
  /** One more than `slots`: the text before each marker, then the text after the last. */
  readonly texts: readonly string[];
  readonly slots: readonly number[];
}

/**
 * `html` split at each match of `marker` (a global regular expression), the match standing for
 * the value in slot `slotOf(match)`.
 * @example markedHtml('a<M1>b', /<M(\d)>/g, (m) => Number(m[1])) // { texts: ['a', 'b'], slots: [1] }
 */
export function markedHtml(
  html: string,
  marker: RegExp,
  slotOf: (match: RegExpExecArray) => number,
): MarkedHtml {
  const texts: string[] = [];
  const slots: number[] = [];
  let last = 0;
  marker.lastIndex = 0;
  for (let match = marker.exec(html); match !== null; match = marker.exec(html)) {
    texts.push(html.slice(last, match.index));
    slots.push(slotOf(match));
    last = match.index + match[0].length;
  }
  texts.push(html.slice(last));
  return { texts, slots };
}

/**
 * The HTML with each marker's slot value in its place (what a slot has no value for reads '').
 * @example filledHtml({ texts: ['a', 'b'], slots: [1] }, ['x', 'y']) // 'ayb'
 */
export function filledHtml(marked: MarkedHtml, values: readonly string[]): string {
  const { texts, slots } = marked;
  let html = texts[0] as string;
  for (let i = 0; i < slots.length; i++)
    html += (values[slots[i] as number] ?? '') + (texts[i + 1] as string);
  return html;
}
