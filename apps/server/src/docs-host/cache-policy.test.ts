import { describe, expect, it } from 'vitest';
import {
  cacheControl,
  cachePolicyFrom,
  DEFAULT_CACHE_POLICY,
  etagMatches,
  purgeKeys,
  surrogateHeaders,
  surrogateKeys,
} from './cache-policy.js';

describe('cacheControl per response type', () => {
  it('shares hosted pages at the edge and has browsers revalidate them', () => {
    expect(cacheControl('page', 'hosted')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400',
    );
    expect(cacheControl('page', 'hosted', { sMaxAge: 600, staleWhileRevalidate: 30, staleIfError: 0 })).toBe(
      'public, max-age=0, s-maxage=600, stale-while-revalidate=30, stale-if-error=0',
    );
  });

  it('keeps an address without a site at the edge for s-maxage only (no stale copies)', () => {
    expect(cacheControl('no-site', 'hosted')).toBe('public, max-age=0, s-maxage=60');
  });

  it('never stores an unavailable answer, keeps content-addressed files for a year', () => {
    expect(cacheControl('unavailable', 'hosted')).toBe('no-store');
    expect(cacheControl('unavailable', 'local')).toBe('no-store');
    expect(cacheControl('immutable', 'hosted')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('immutable', 'local')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates every local page (sextant dev changes on each save)', () => {
    expect(cacheControl('page', 'local')).toBe('no-cache');
    expect(cacheControl('no-site', 'local')).toBe('no-cache');
  });
});

describe('surrogate keys', () => {
  it("names every response, its host (any port, any case) and its site's stored URL", () => {
    const keys = surrogateKeys({ host: 'Docs.Acme.test.:8443', siteUrl: 'docs.acme.test/api' });
    expect(keys[0]).toBe('sextant');
    expect(keys[1]).toMatch(/^sx-host-[0-9a-f]{16}$/);
    expect(keys[2]).toMatch(/^sx-site-[0-9a-f]{16}$/);
    expect(surrogateKeys({ host: 'docs.acme.test' })).toEqual(keys.slice(0, 2));
    expect(surrogateKeys({ host: 'other.test', siteUrl: 'docs.acme.test/api' })[1]).not.toBe(keys[1]);
    expect(surrogateKeys({})).toEqual(['sextant']);
  });

  it('purges a published site by the keys its responses carry, host included', () => {
    const served = surrogateKeys({ host: 'docs.acme.test', siteUrl: 'docs.acme.test/api' });
    expect(purgeKeys('docs.acme.test/api')).toEqual(served.slice(1));
  });

  it('gives the same keys after a flood of made-up hosts (the hashes it keeps are bounded)', () => {
    const served = surrogateKeys({ host: 'docs.acme.test', siteUrl: 'docs.acme.test/api' });
    const flood = Array.from({ length: 10_000 }, (_, i) => surrogateKeys({ host: `scan-${i}.test` })[1]);
    expect(new Set(flood).size).toBe(10_000);
    expect(surrogateKeys({ host: 'scan-0.test' })[1]).toBe(flood[0]);
    expect(surrogateKeys({ host: 'docs.acme.test', siteUrl: 'docs.acme.test/api' })).toEqual(served);
  });

  it('writes Surrogate-Key with spaces and Cache-Tag with commas', () => {
    expect(surrogateHeaders(['a', 'b'])).toEqual({ 'surrogate-key': 'a b', 'cache-tag': 'a,b' });
  });
});

describe('etagMatches', () => {
  it('compares weakly, in lists, with * for any', () => {
    expect(etagMatches('"a"', ['"a"'])).toBe(true);
    expect(etagMatches('W/"a"', ['"a"'])).toBe(true);
    expect(etagMatches('"x", "a"', ['"a"'])).toBe(true);
    expect(etagMatches('*', ['"a"'])).toBe(true);
    expect(etagMatches('"b"', ['"a"'])).toBe(false);
    expect(etagMatches(undefined, ['"a"'])).toBe(false);
    expect(etagMatches('', ['"a"'])).toBe(false);
  });
});

describe('cachePolicyFrom', () => {
  it('takes options, else the environment, else the defaults', () => {
    expect(cachePolicyFrom({}, {})).toEqual(DEFAULT_CACHE_POLICY);
    expect(cachePolicyFrom({}, { SEXTANT_CACHE_S_MAXAGE: '3600' }).sMaxAge).toBe(3600);
    expect(cachePolicyFrom({ sMaxAge: 5 }, { SEXTANT_CACHE_S_MAXAGE: '3600' }).sMaxAge).toBe(5);
  });

  it('refuses a value that is not whole seconds', () => {
    expect(() => cachePolicyFrom({}, { SEXTANT_CACHE_S_MAXAGE: '1m' })).toThrow(/SEXTANT_CACHE_S_MAXAGE/);
    expect(() => cachePolicyFrom({ staleIfError: -1 }, {})).toThrow(RangeError);
  });
});
