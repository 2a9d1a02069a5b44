import { describe, expect, it } from 'vitest';
import { blankFormState, emptyFormState, initialFormState } from '../form-state/initial-state.js';
import { buildOptions, getCart, listPets } from '../testing/fixtures.js';
import { buildRequest } from './build-request.js';
import { cookieHeader, cookiePair } from './cookie.js';
import { PROXY_COOKIE, PROXY_REQUEST_HEADERS, toFetchInit } from './fetch-init.js';

const build = (cookies: Record<string, unknown>) =>
  buildRequest(getCart, blankFormState({ cookies }), undefined, undefined, buildOptions);

/** RFC 6265 §4.1.1: cookie-octet = %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E; a name is a token. */
const COOKIE_OCTETS = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

describe('cookie parameters on the wire', () => {
  it('go in declaration order as encoded name=value pairs', () => {
    const request = build({ ids: [1, 2], session: 's1', theme: 'dark' });
    expect(request.cookies).toEqual([
      ['session', 's1'],
      ['theme', 'dark'],
      ['ids', '1%2C2'],
    ]);
    expect(cookieHeader(request.cookies)).toBe('session=s1; theme=dark; ids=1%2C2');
    expect(request.headers).not.toHaveProperty('Cookie');
  });

  it('percent-encode what RFC 6265 forbids: ; , space " \\ control and non-ASCII, and % itself', () => {
    const hostile = {
      session: 'a; admin=1, b="c" \\ d\r\nX-Injected: 1 café ☕ 100%',
      'we;ird name=': '=',
    };
    const request = build(hostile);
    for (const [name, value] of request.cookies) {
      expect(name).toMatch(TOKEN);
      expect(value).toMatch(COOKIE_OCTETS);
    }
    const header = cookieHeader(request.cookies) ?? '';
    expect(header.split('; ')).toHaveLength(2);
    expect(header).not.toMatch(/[\r\n]/);
    // Reversible: a server decoding each part gets back exactly what was typed.
    const decoded = Object.fromEntries(
      header.split('; ').map((pair) => pair.split('=').map((part) => decodeURIComponent(part ?? ''))),
    );
    expect(decoded).toEqual(hostile);
  });

  it('leave out empty, null and absent values, and an endpoint without cookies sends none', () => {
    expect(build({ session: '', theme: null, ids: [] }).cookies).toEqual([]);
    expect(build({}).cookies).toEqual([]);
    expect(buildRequest(listPets, blankFormState(), undefined, undefined, buildOptions).cookies).toEqual([]);
    expect(cookieHeader([])).toBeUndefined();
  });

  it('serialise numbers, booleans and objects as text (form style, not exploded)', () => {
    expect(cookiePair('n', 3)).toEqual(['n', '3']);
    expect(cookiePair('b', false)).toEqual(['b', 'false']);
    expect(cookiePair('o', { a: 'x y', b: 2 })).toEqual(['o', 'a%2Cx%20y%2Cb%2C2']);
  });

  it('start from the spec value (the example of theme) and Clear form empties them', () => {
    expect(initialFormState(getCart).cookies).toEqual({ theme: 'dark' });
    expect(emptyFormState(getCart).cookies).toEqual({});
    expect(initialFormState(listPets)).not.toHaveProperty('cookies');
  });

  it('travel to the proxy as X-Sextant-Proxy-Cookie, never as a listed header; directly as Cookie', () => {
    const request = build({ session: 'a b' });
    const proxied = toFetchInit(request, { proxyUrl: 'https://docs.example.com' }).init.headers as Headers;
    expect(proxied.get(PROXY_COOKIE)).toBe('session=a%20b');
    expect(proxied.get('cookie')).toBeNull();
    expect(proxied.get(PROXY_REQUEST_HEADERS)?.toLowerCase()).not.toContain('cookie');
    const direct = toFetchInit(request).init.headers as Headers;
    expect(direct.get('cookie')).toBe('session=a%20b');
    expect(direct.get(PROXY_COOKIE)).toBeNull();
  });
});
