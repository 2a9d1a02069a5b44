/**
 * Splits pretty-printed JSON into tokens (key, string, number, boolean, null, punctuation) so the
 * response card can colour it without shipping a highlighter. Pure and linear in the text.
 */

export type JsonTokenKind = 'key' | 'string' | 'number' | 'boolean' | 'null' | 'plain';

export interface JsonToken {
  kind: JsonTokenKind;
  text: string;
}

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false)\b|\b(null)\b/g;

/**
 * @example
 * tokenizeJson('{"a": 1}') // [{kind:'plain',text:'{'},{kind:'key',text:'"a"'},{kind:'plain',text:': '},{kind:'number',text:'1'},{kind:'plain',text:'}'}]
 */
export function tokenizeJson(text: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) tokens.push({ kind: 'plain', text: text.slice(last, index) });
    if (match[1] !== undefined) {
      tokens.push({ kind: match[2] ? 'key' : 'string', text: match[1] });
      if (match[2]) tokens.push({ kind: 'plain', text: match[2] });
    } else if (match[3] !== undefined) tokens.push({ kind: 'number', text: match[3] });
    else if (match[4] !== undefined) tokens.push({ kind: 'boolean', text: match[4] });
    else tokens.push({ kind: 'null', text: match[0] });
    last = index + match[0].length;
  }
  if (last < text.length) tokens.push({ kind: 'plain', text: text.slice(last) });
  return tokens;
}

/** Formats a byte count for the size badge: `512 B`, `1.5 KB`, `2.0 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Response time with 2 decimals (SPEC §9). */
export function formatTime(ms: number): string {
  return `${ms.toFixed(2)} ms`;
}

/**
 * The counter beside Cancel while a request is in flight: whole milliseconds, then seconds.
 * @example formatElapsed(640) // '640 ms'; formatElapsed(1234) // '1.2 s'
 */
export function formatElapsed(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Style of the status badge (SPEC §9): success for 200–299, error above 300. */
export function statusStyle(status: number): 'success' | 'error' | 'neutral' {
  if (status >= 200 && status <= 299) return 'success';
  if (status > 300) return 'error';
  return 'neutral';
}
