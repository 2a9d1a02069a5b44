/**
 * Request paths and the Locations made from them: the open-redirect forms of issue #24 give a
 * same-site path, and what cannot name a page (bad encoding, controls, backslashes, over-long) is
 * refused, never thrown.
 */
import { describe, expect, it } from 'vitest';
import { encodeUnsafe, isSameSite, MAX_PATH_LENGTH, requestPath, sitePathLocation } from './request-path.js';

describe('requestPath', () => {
  it('decodes once and makes runs of slashes one (encoded ones too)', () => {
    expect(requestPath('/%2Fevil.example/?x=1')).toEqual({
      path: '/evil.example/',
      search: '?x=1',
      collapsed: true,
    });
    expect(requestPath('//')).toEqual({ path: '/', search: '', collapsed: true });
    expect(requestPath('/guides//intro')).toEqual({ path: '/guides/intro', search: '', collapsed: true });
    expect(requestPath('/%E2%82%AC/')).toEqual({ path: '/€/', search: '', collapsed: false });
  });

  it('refuses what names no page: bad encoding or UTF-8, controls, backslashes, over-long', () => {
    for (const url of [
      '/%C3%28',
      '/%',
      '/%ZZ',
      '/%00',
      '/a%0d%0ab',
      '/%09',
      '/%5Cevil.example/',
      '/\\evil',
      'x',
    ])
      expect(requestPath(url), url).toBeUndefined();
    expect(requestPath(`/${'a'.repeat(MAX_PATH_LENGTH)}`)).toBeUndefined();
    expect(requestPath(`/${'a'.repeat(MAX_PATH_LENGTH - 1)}`)).toBeDefined();
  });
});

describe('sitePathLocation', () => {
  it('encodes each segment and keeps one leading slash', () => {
    expect(sitePathLocation('', '//evil.example/')).toBe('/evil.example');
    expect(sitePathLocation('/docs', '/\\evil.example/é/')).toBe('/docs/%5Cevil.example/%C3%A9');
    expect(sitePathLocation('', '/a', '?q=%0d%0a é')).toBe('/a?q=%0d%0a%20%C3%A9');
    expect(sitePathLocation('', '/')).toBe('/');
  });
});

describe('encodeUnsafe', () => {
  it('keeps escapes and reserved characters, encodes the rest', () => {
    expect(encodeUnsafe('/caf%C3%A9 menu')).toBe('/caf%C3%A9%20menu');
    expect(encodeUnsafe('/100%/\\x\r\n\ud800')).toBe('/100%25/%5Cx%0D%0A%EF%BF%BD');
  });
});

describe('isSameSite', () => {
  it('reads a Location as a browser does', () => {
    expect(isSameSite('/guides')).toBe(true);
    for (const location of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example',
      '',
    ])
      expect(isSameSite(location), location).toBe(false);
  });
});
