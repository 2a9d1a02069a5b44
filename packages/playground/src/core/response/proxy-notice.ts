/**
 * What the proxy says about a response beside the upstream's own answer: today, a redirect it
 * handed back instead of following (the body could not be sent again), with the Location the
 * upstream gave, which the proxy renames so the browser does not follow it around the proxy.
 */
import type { ResponseInfo } from './response-reader.js';

const REDIRECT_NOT_FOLLOWED = 'x-sextant-proxy-redirect-not-followed';
const PROXY_LOCATION = 'x-sextant-proxy-location';

/** A notice for the response card, or undefined when the proxy has nothing to say. */
export interface ProxyNotice {
  reason: string;
  location?: string;
}

/**
 * @example proxyNotice({ headers: { 'x-sextant-proxy-redirect-not-followed': 'The body is too large…', 'x-sextant-proxy-location': '/v2/pets' } } as ResponseInfo)
 * // { reason: 'The body is too large…', location: '/v2/pets' }
 */
export function proxyNotice(response: Pick<ResponseInfo, 'headers'>): ProxyNotice | undefined {
  const reason = response.headers[REDIRECT_NOT_FOLLOWED];
  if (!reason) return undefined;
  const location = response.headers[PROXY_LOCATION];
  return location ? { reason, location } : { reason };
}
