/**
 * docs.yml redirects: exact and prefix matches, base paths, wildcard tails encoded, external
 * destinations kept on their own origin, and unsafe stored destinations ignored.
 */
import type { DocsRedirect } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { matchRedirect } from './redirects.js';

const redirect = (source: string, destination: string, permanent = false): DocsRedirect => ({
  source,
  destination,
  permanent,
});

describe('matchRedirect', () => {
  const redirects = [
    redirect('/old-guide', '/guides/guide', true),
    redirect('/legacy/*', '/guides/*'),
    redirect('/ext/*', 'https://external.example/docs/*'),
    redirect('/all/*', '/*'),
  ];

  it('matches exact paths and prefixes, under the base path', () => {
    expect(matchRedirect(redirects, '/old-guide/', '/docs')).toEqual({
      location: '/docs/guides/guide',
      status: 301,
    });
    expect(matchRedirect(redirects, '/legacy/a/b')).toEqual({ location: '/guides/a/b', status: 302 });
    expect(matchRedirect(redirects, '/legacy')?.location).toBe('/guides');
    expect(matchRedirect(redirects, '/all')?.location).toBe('/');
    expect(matchRedirect(redirects, '/nothing')).toBeUndefined();
  });

  it('encodes a wildcard tail so it never becomes another host or header', () => {
    expect(matchRedirect(redirects, '/all//evil.example')?.location).toBe('/evil.example');
    expect(matchRedirect(redirects, '/all/\\evil.example')?.location).toBe('/%5Cevil.example');
    expect(matchRedirect(redirects, '/legacy/€ x')?.location).toBe('/guides/%E2%82%AC%20x');
    expect(matchRedirect(redirects, '/ext/@evil.example')?.location).toBe(
      'https://external.example/docs/%40evil.example',
    );
  });

  it('ignores a stored destination the rules refuse (line breaks, //, \\, other schemes)', () => {
    for (const destination of [
      '/a\r\nSet-Cookie: x=1',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ])
      expect(matchRedirect([redirect('/x', destination)], '/x'), destination).toBeUndefined();
  });
});
