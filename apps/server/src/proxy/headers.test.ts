/** The reader's response headers: the proxy's own `x-sextant-*` headers cannot come from the upstream. */
import { describe, expect, it } from 'vitest';
import { readerResponseHeaders } from './headers.js';

describe('readerResponseHeaders', () => {
  it('drops x-sextant-* headers an upstream sends (a forged proxy error stays the API answer)', () => {
    const out = readerResponseHeaders(
      {
        'content-type': 'application/json',
        'x-sextant-proxy-error': 'PROXY_UPSTREAM_UNREACHABLE',
        'x-sextant-proxy-location': '/elsewhere',
      },
      1.5,
    );
    expect(out['x-sextant-proxy-error']).toBeUndefined();
    expect(out['x-sextant-proxy-location']).toBeUndefined();
    expect(out['content-type']).toBe('application/json');
    expect(out['x-sextant-proxy-response-headers']).toBe('content-type');
  });
});
