import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { contentHash, keepServedDates } from './publish-project.js';

describe('content hashing for idempotent publish', () => {
  it('canonical JSON ignores key order and undefined, keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined } })).toBe('{"a":{"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it("an API definition's registry-assigned id does not change its hash; its content does", () => {
    const local = { id: 'api-1', title: 'Pets', endpoints: { a: { method: 'GET' } } };
    const stored = {
      endpoints: { a: { method: 'GET' } },
      title: 'Pets',
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    };
    expect(contentHash(local, true)).toBe(contentHash(stored, true));
    expect(contentHash(local)).not.toBe(contentHash(stored));
    expect(contentHash({ ...local, title: 'Pets!' }, true)).not.toBe(contentHash(stored, true));
    expect(contentHash(local, true)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('keepServedDates', () => {
  const page = (text: string, lastUpdated: string) => ({ id: 'p', markdown: text, lastUpdated });

  it('keeps the served date of a page whose content is the same, so a re-saved file is no change', () => {
    const served = { pages: { p: page('# Hi', '2026-01-01T00:00:00.000Z') }, title: 'Docs' };
    const input = { pages: { p: page('# Hi', '2026-11-26T10:00:00.000Z') }, title: 'Docs' };
    const kept = keepServedDates(input, served);
    expect(kept).toEqual(served);
    expect(contentHash(kept)).toBe(contentHash(served));
  });

  it('takes the new date of a changed page, and leaves other pages alone', () => {
    const served = {
      pages: { p: page('# Hi', '2026-01-01T00:00:00.000Z'), q: page('# Q', '2026-01-02T00:00:00.000Z') },
    };
    const input = {
      pages: { p: page('# Hello', '2026-11-26T10:00:00.000Z'), q: page('# Q', '2026-11-26T10:00:00.000Z') },
    };
    expect(keepServedDates(input, served)).toEqual({
      pages: { p: page('# Hello', '2026-11-26T10:00:00.000Z'), q: page('# Q', '2026-01-02T00:00:00.000Z') },
    });
  });

  it('keeps the new date of a page the registry does not serve', () => {
    const input = [{ markdown: 'x', lastUpdated: 'new' }];
    expect(keepServedDates(input, [])).toEqual(input);
  });
});
