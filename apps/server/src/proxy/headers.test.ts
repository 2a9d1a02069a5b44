/** The reader's response headers: the proxy's own `x-sextant-*` headers cannot come from the upstream. */
import { describe, expect, it } from 'vitest';
import { PROXY_FINAL_URL, PROXY_REDIRECTS, PROXY_SET_COOKIE, readerResponseHeaders } from './headers.js';

describe('readerResponseHeaders', () => {
  it('drops x-sextant-* headers an upstream sends (a forged proxy error stays the API answer)', () => {
    const out = readerResponseHeaders(
      {
        'content-type': 'application/json',
        'x-sextant-proxy-error': 'ProxyUpstreamUnreachableError',
        'x-sextant-proxy-location': '/elsewhere',
      },
      1.5,
    );
    expect(out['x-sextant-proxy-error']).toBeUndefined();
    expect(out['x-sextant-proxy-location']).toBeUndefined();
    expect(out['content-type']).toBe('application/json');
    expect(out['x-sextant-proxy-response-headers']).toBe('content-type');
  });

  it('relays Set-Cookie only under its own name (nothing stored on the docs origin), with the final URL and redirects', () => {
    const out = readerResponseHeaders(
      {
        'content-type': 'text/plain',
        'set-cookie': ['a=1; Path=/; HttpOnly', 'b=x,y; Expires=Wed, 21 Oct 2026'],
      },
      2,
      undefined,
      {
        finalUrl: 'https://api.example.com/v2/pets?q=a,b',
        redirects: [{ status: 301, url: 'https://api.example.com/v2/pets?q=a,b' }],
      },
    );
    expect(out['set-cookie']).toBeUndefined();
    const cookies = String(out[PROXY_SET_COOKIE]).split(',').map(decodeURIComponent);
    expect(cookies).toEqual(['a=1; Path=/; HttpOnly', 'b=x,y; Expires=Wed, 21 Oct 2026']);
    expect(out[PROXY_FINAL_URL]).toBe('https://api.example.com/v2/pets?q=a,b');
    expect(out[PROXY_REDIRECTS]).toBe(`301 ${encodeURIComponent('https://api.example.com/v2/pets?q=a,b')}`);
    const exposed = String(out['access-control-expose-headers']).split(',');
    expect(exposed).toEqual(expect.arrayContaining([PROXY_SET_COOKIE, PROXY_FINAL_URL, PROXY_REDIRECTS]));
    expect(out['x-sextant-proxy-response-headers']).toBe('content-type');
  });
  it('says nothing of cookies or redirects when there were none', () => {
    const out = readerResponseHeaders({ 'content-type': 'text/plain' }, 2, undefined, {
      finalUrl: 'https://api.example.com/',
      redirects: [],
    });
    expect(out[PROXY_SET_COOKIE]).toBeUndefined();
    expect(out[PROXY_REDIRECTS]).toBeUndefined();
    expect(out[PROXY_FINAL_URL]).toBe('https://api.example.com/');
  });
});
