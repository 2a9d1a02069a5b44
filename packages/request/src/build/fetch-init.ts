/**
 * Turning a built request into the `fetch` call Send Request makes: through the proxy at
 * `${proxyUrl}/proxy/${targetUrl}` with the reader's header names listed in
 * `X-Sextant-Proxy-Request-Headers`, in cors mode; for form data the Content-Type header is removed
 * so `FormData` sets it with its boundary (SPEC §7). A browser cannot set `Cookie`, so cookie
 * parameters travel to the proxy as `X-Sextant-Proxy-Cookie`, which it sends upstream as `Cookie`.
 */
import type { BuiltBody, BuiltRequest } from './built-request.js';
import { cookieHeader } from './cookie.js';

/** The header that tells the proxy which request headers are the reader's own. */
export const PROXY_REQUEST_HEADERS = 'X-Sextant-Proxy-Request-Headers';
/** The header carrying the request's `Cookie` value to the proxy, which sends it upstream as `Cookie`. */
export const PROXY_COOKIE = 'X-Sextant-Proxy-Cookie';

export interface FetchInitOptions {
  /** Base URL of the Sextant server hosting `/proxy/…`; omit to call the target directly (the proxy-skip flag). */
  proxyUrl?: string;
  signal?: AbortSignal;
}

/**
 * @example
 * const { url, init } = toFetchInit(request, { proxyUrl: 'https://docs.example.com' });
 * const response = await fetch(url, init);
 */
export function toFetchInit(
  request: BuiltRequest,
  options: FetchInitOptions = {},
): { url: string; init: RequestInit } {
  const headers = new Headers();
  const names: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (request.body.type === 'form-data' && name.toLowerCase() === 'content-type') continue;
    headers.set(name, value);
    names.push(name);
  }
  const url = options.proxyUrl ? `${options.proxyUrl.replace(/\/+$/, '')}/proxy/${request.url}` : request.url;
  if (options.proxyUrl) headers.set(PROXY_REQUEST_HEADERS, names.join(','));
  const cookie = cookieHeader(request.cookies);
  // Without the proxy only a non-browser fetch (Node) sends it: browsers drop a `Cookie` header.
  if (cookie !== undefined) headers.set(options.proxyUrl ? PROXY_COOKIE : 'Cookie', cookie);
  const body = fetchBody(request.body);
  return {
    url,
    init: {
      method: request.method,
      headers,
      mode: 'cors',
      ...(body !== undefined ? { body } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
  };
}

/** The body in the form `fetch` takes. */
export function fetchBody(body: BuiltBody): BodyInit | undefined {
  switch (body.type) {
    case 'json':
    case 'text':
    case 'urlencoded':
      return body.text;
    case 'bytes':
      return body.file;
    case 'form-data': {
      const form = new FormData();
      for (const part of body.parts) {
        if (part.type === 'text') form.append(part.name, part.value);
        else form.append(part.name, new File([part.file], part.fileName, { type: part.contentType }));
      }
      return form;
    }
    case 'none':
      return undefined;
  }
}
