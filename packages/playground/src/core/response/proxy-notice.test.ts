import { describe, expect, it } from 'vitest';
import { proxyNotice } from './proxy-notice.js';

describe('proxyNotice', () => {
  it('is absent for an ordinary response', () => {
    expect(proxyNotice({ headers: { 'content-type': 'application/json', location: '/x' } })).toBeUndefined();
  });

  it('gives the reason and the Location of a redirect the proxy handed back', () => {
    expect(
      proxyNotice({
        headers: {
          'x-sextant-proxy-redirect-not-followed': 'The proxy did not follow this 307 to a PUT.',
          'x-sextant-proxy-location': 'https://api.example.com/v2/pets/1',
        },
      }),
    ).toEqual({
      reason: 'The proxy did not follow this 307 to a PUT.',
      location: 'https://api.example.com/v2/pets/1',
    });
  });

  it('gives the reason alone when the redirect had no Location', () => {
    expect(proxyNotice({ headers: { 'x-sextant-proxy-redirect-not-followed': 'why' } })).toEqual({
      reason: 'why',
    });
  });
});
