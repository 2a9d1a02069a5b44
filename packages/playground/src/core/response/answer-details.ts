/**
 * The whole answer (issue #28 item 3): what the Headers view shows beside the body. The API's
 * own response headers (the proxy lists their names in `x-sextant-proxy-response-headers`, so
 * its CORS and security headers are left out), the cookies the API set (relayed by the proxy
 * under `x-sextant-proxy-set-cookie`, never stored on the docs origin), the URL that answered
 * and the redirects the proxy followed, and the status text. Pure functions over `ResponseInfo`.
 */
import type { PlaygroundResponse, ResponseInfo } from './response-reader.js';

const RESPONSE_HEADERS = 'x-sextant-proxy-response-headers';
const SET_COOKIE = 'x-sextant-proxy-set-cookie';
const FINAL_URL = 'x-sextant-proxy-final-url';
const REDIRECTS = 'x-sextant-proxy-redirects';

/** A redirect the proxy followed: its status and where it led. */
export interface RedirectHop {
  status: number;
  url: string;
}

/** What the Headers view shows. */
export interface AnswerDetails {
  /** The API's response headers, name (lower case) and value, in the order received. */
  headers: [string, string][];
  /** Set-Cookie values of the answer. */
  cookies: string[];
  /** The URL that answered, when the proxy reports it. */
  finalUrl: string | undefined;
  redirects: RedirectHop[];
}

/**
 * The details of an answer from its headers.
 * @example answerDetails(info).headers // [['content-type', 'application/json'], ['etag', '"w-42"']]
 */
export function answerDetails(info: Pick<ResponseInfo, 'headers'>): AnswerDetails {
  const all = info.headers;
  const listed = all[RESPONSE_HEADERS];
  const names = listed === undefined ? undefined : new Set(splitList(listed));
  const headers = Object.entries(all).filter(([name]) =>
    names ? names.has(name) : !name.startsWith('x-sextant-'),
  );
  return {
    headers,
    cookies: splitList(all[SET_COOKIE] ?? '').map(safeDecode),
    finalUrl: all[FINAL_URL] || undefined,
    redirects: splitList(all[REDIRECTS] ?? '').flatMap((entry) => {
      const [status, url] = entry.split(' ');
      const code = Number(status);
      return Number.isInteger(code) && url ? [{ status: code, url: safeDecode(url) }] : [];
    }),
  };
}

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  206: 'Partial Content',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * The status line's text: the one received, else the standard reason (HTTP/2 sends none).
 * @example statusLine({ status: 204, statusText: '' }) // '204 No Content'
 */
export function statusLine(info: Pick<ResponseInfo, 'status' | 'statusText'>): string {
  const text = info.statusText || REASONS[info.status] || '';
  return text ? `${info.status} ${text}` : String(info.status);
}

/**
 * Whether an answer has nothing to show as a body (HEAD, 204, an empty answer): the card then
 * opens on its headers.
 * @example hasNoBody({ type: 'json', body: '', size: 0 }) // true
 */
export function hasNoBody(response: Pick<PlaygroundResponse, 'type' | 'size'> & { body?: unknown }): boolean {
  return (
    response.type === 'json' && response.size === 0 && (response.body === '' || response.body === undefined)
  );
}

/** Which view of the answer the Response card opens on. */
export type AnswerView = 'body' | 'headers';

/**
 * The view chosen by the reader, else headers for an answer with no body, else the body.
 * @example answerView(undefined, headResponse) // 'headers'
 */
export function answerView(
  chosen: AnswerView | undefined,
  response: Pick<PlaygroundResponse, 'type' | 'size'> & { body?: unknown },
): AnswerView {
  return chosen ?? (hasNoBody(response) ? 'headers' : 'body');
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
