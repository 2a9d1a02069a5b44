/**
 * A rendered page as parts (issue #30 item 3): its own text, and text it shares with other pages
 * of its site version (the inlined stylesheets, the chunks of a group's sidebar). A shared part is
 * the same object on every page holding it, kept where its text is kept (the render cache, the
 * inline style cache), so a server can keep what it derives from it (its bytes, their compressed
 * form) by the object and pay for it once per site version instead of once per page.
 */

/** Text the pages of a site version share; one object for all of them. */
export interface SharedPart {
  readonly text: string;
}

/** A page's own text, or a part it shares with other pages. */
export type PagePart = string | SharedPart;

/** A shared part holding `text`. */
export const sharedPart = (text: string): SharedPart => Object.freeze({ text });

/** The text of a part. */
export const partText = (part: PagePart): string => (typeof part === 'string' ? part : part.text);

/**
 * The HTML of a page rendered as parts: its parts' text joined.
 * @example pageHtml(await renderDocsPage(site, 'pets/list', ctx)) // '<!doctype html>…'
 */
export function pageHtml(page: { readonly parts: readonly PagePart[] }): string {
  let html = '';
  for (const part of page.parts) html += partText(part);
  return html;
}

/**
 * `parts` with adjacent own texts joined (as ropes: nothing copied) and empty ones dropped: the
 * fewest parts for the same HTML.
 */
export function compactParts(parts: readonly PagePart[]): PagePart[] {
  const out: PagePart[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const last = out.length - 1;
    if (typeof part === 'string' && typeof out[last] === 'string') out[last] = `${out[last]}${part}`;
    else out.push(part);
  }
  return out;
}

/** `lines` with a newline between each two, as `join('\n')` would join their text. */
export function partLines(lines: readonly PagePart[]): PagePart[] {
  return lines.flatMap((line, i) => (i === 0 ? [line] : ['\n', line]));
}

/**
 * `parts` with `inserted` in place of the first `placeholder` in their own text (nothing shared is
 * searched), or `parts` as they are when none holds it.
 */
export function insertParts(
  parts: readonly PagePart[],
  placeholder: string,
  inserted: readonly PagePart[],
): PagePart[] {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (typeof part !== 'string') continue;
    const at = part.indexOf(placeholder);
    if (at === -1) continue;
    return [
      ...parts.slice(0, i),
      part.slice(0, at),
      ...inserted,
      part.slice(at + placeholder.length),
      ...parts.slice(i + 1),
    ];
  }
  return [...parts];
}
