/** Fenced code in markdown, line by line: what the importers leave as written. */

/** The fence open after `line` (its marker), given the one open before it. */
export function fenceAfter(line: string, open: string | undefined): string | undefined {
  const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
  if (marker === undefined) return open;
  if (open === undefined) return marker;
  return marker[0] === open[0] && marker.length >= open.length && line.trim() === marker ? undefined : open;
}

/** `text` with `change` applied to each line outside fenced code. */
export function outsideFences(text: string, change: (line: string) => string): string {
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const inFence = fence !== undefined;
      fence = fenceAfter(line, fence);
      return inFence || fence !== undefined ? line : change(line);
    })
    .join('\n');
}

/** `text` with `change` applied to what is outside fenced code and inline code spans (`…`). */
export function outsideCode(text: string, change: (part: string) => string): string {
  return outsideFences(text, (line) =>
    line
      .split(/(`+[^`]*`+)/)
      .map((part) => (part.startsWith('`') ? part : change(part)))
      .join(''),
  );
}
