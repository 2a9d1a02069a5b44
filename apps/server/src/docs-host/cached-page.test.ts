import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_GZIP_LEVEL, prepareCachedPage } from './cached-page.js';

const html = `<html><head></head><body>${'x'.repeat(5000)}<script nonce="@N@"></script></body></html>`;

describe('prepareCachedPage', () => {
  it('puts one nonce per page and version in the body: the same on every call and replica', () => {
    const page = prepareCachedPage(html, '@N@', 'v1');
    expect(page.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(page.text.toString()).toBe(html.replace('@N@', page.nonce));
    const again = prepareCachedPage(html, '@N@', 'v1');
    expect(again.nonce).toBe(page.nonce);
    expect(again.etag).toBe(page.etag);
    expect(again.text.equals(page.text)).toBe(true);
  });

  it('changes nonce and ETag with the site version and with the page', () => {
    const page = prepareCachedPage(html, '@N@', 'v1');
    const published = prepareCachedPage(html, '@N@', 'v2');
    const other = prepareCachedPage(html.replace('xxx', 'yyy'), '@N@', 'v1');
    expect(new Set([page.etag, published.etag, other.etag]).size).toBe(3);
    expect(new Set([page.nonce, published.nonce, other.nonce]).size).toBe(3);
  });

  it('gzips once, under a tag of its own', () => {
    const page = prepareCachedPage(html, '@N@', 'v1');
    expect(page.etag).toMatch(/^"sx-[A-Za-z0-9_-]{22}"$/);
    expect(page.gzipEtag).toBe(page.etag.replace(/"$/, '-gz"'));
    expect(gunzipSync(page.gzip()).equals(page.text)).toBe(true);
    expect(page.gzip()).toBe(page.gzip());
  });

  it('gzips at level 3, zlib’s fast path: half the CPU of level 6 on a cold page, for ~12 % more bytes', () => {
    const page = prepareCachedPage(html, '@N@', 'v1');
    expect(PAGE_GZIP_LEVEL).toBe(3);
    expect(page.gzip().equals(gzipSync(page.text, { level: 3 }))).toBe(true);
  });

  it('writes the nonce at every placeholder, after text of any width', () => {
    const wide = `<style nonce="@N@"></style><p>é ✓ 𝄞 ${'ü'.repeat(3000)}</p><script nonce="@N@"></script>@N@`;
    const page = prepareCachedPage(wide, '@N@', 'v1');
    expect(page.text.toString()).toBe(wide.replaceAll('@N@', page.nonce));
  });

  it('sends a page without a placeholder as it is', () => {
    expect(prepareCachedPage('<p>hi</p>', '@N@', 'v1').text.toString()).toBe('<p>hi</p>');
  });
});
