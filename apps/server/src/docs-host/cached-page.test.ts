import { constants, deflateRawSync, gunzipSync } from 'node:zlib';
import { sharedPart } from '@sextant/docs-site';
import { describe, expect, it } from 'vitest';
import {
  type CachedPage,
  PAGE_GZIP_LEVEL,
  prepareCachedPage,
  SHARED_GZIP_LEVEL,
  SPLICED_FROM,
} from './cached-page.js';
import { GZIP_MIN_BYTES } from './responses.js';

/** The page's gzip body, which a page of 1 KiB or more always has. */
function gzipOf(page: CachedPage): Buffer {
  if (!page.gzip) throw new Error('the page has no gzip body');
  return page.gzip;
}

const html = `<html><head></head><body>${'x'.repeat(5000)}<script nonce="@N@"></script></body></html>`;
const sheet = sharedPart(`<style>${'.a{color:red}\n'.repeat(1300)}✓</style>`);
const nav = sharedPart(`<nav>${'<li><a href="/x">…</a></li>'.repeat(300)}</nav>`);

describe('prepareCachedPage', () => {
  it('puts one nonce per page and version in the body: the same on every call and replica', () => {
    const page = prepareCachedPage([html], '@N@', 'v1');
    expect(page.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(page.text().toString()).toBe(html.replace('@N@', page.nonce));
    const again = prepareCachedPage([html], '@N@', 'v1');
    expect(again.nonce).toBe(page.nonce);
    expect(again.etag).toBe(page.etag);
    expect(again.text().equals(page.text())).toBe(true);
  });

  it('changes nonce and ETag with the site version and with the page', () => {
    const page = prepareCachedPage([html], '@N@', 'v1');
    const published = prepareCachedPage([html], '@N@', 'v2');
    const other = prepareCachedPage([html.replace('xxx', 'yyy')], '@N@', 'v1');
    expect(new Set([page.etag, published.etag, other.etag]).size).toBe(3);
    expect(new Set([page.nonce, published.nonce, other.nonce]).size).toBe(3);
  });

  it('gives the same bytes the same nonce and ETag however they were cut into parts', () => {
    const whole = prepareCachedPage([`<head>${sheet.text}</head>${nav.text}${html}`], '@N@', 'v1');
    const cut = prepareCachedPage(['<head>', sheet, '</head>', nav, html], '@N@', 'v1');
    expect(cut.text().equals(whole.text())).toBe(true);
    expect([cut.nonce, cut.etag, cut.gzipEtag]).toEqual([whole.nonce, whole.etag, whole.gzipEtag]);
  });

  it('gzips once, under a tag of its own', () => {
    const page = prepareCachedPage([html], '@N@', 'v1');
    expect(page.etag).toMatch(/^"sx-[A-Za-z0-9_-]{21}"$/);
    expect(page.gzipEtag).toBe(page.etag.replace(/"$/, '-gz"'));
    expect(gunzipSync(gzipOf(page)).equals(page.text())).toBe(true);
    expect(page.gzip).toBe(page.gzip);
  });

  it('splices the gzip body from long shared parts compressed once and runs of the rest', () => {
    const first = prepareCachedPage(['<head>', sheet, '\n', sheet, '</head>', nav, html], '@N@', 'v1');
    const second = prepareCachedPage(['<head>', sheet, '</head>', nav, 'é'.repeat(2000), html], '@N@', 'v1');
    for (const page of [first, second]) expect(gunzipSync(gzipOf(page)).equals(page.text())).toBe(true);
    const alone = (part: { text: string }) =>
      deflateRawSync(Buffer.from(part.text), {
        level: SHARED_GZIP_LEVEL,
        finishFlush: constants.Z_FULL_FLUSH,
      });
    // A long shared part's piece, compressed alone at the shared level, is in both bodies as it is;
    // a short one is compressed with the text around it (a stream of its own costs more).
    expect(Buffer.byteLength(sheet.text)).toBeGreaterThanOrEqual(SPLICED_FROM);
    expect(Buffer.byteLength(nav.text)).toBeLessThan(SPLICED_FROM);
    for (const page of [first, second]) {
      expect(gzipOf(page).includes(alone(sheet))).toBe(true);
      expect(gzipOf(page).includes(alone(nav))).toBe(false);
    }
    expect(PAGE_GZIP_LEVEL).toBe(3);
  });

  it('never treats a shared part holding the placeholder as shared: its nonce is the page’s', () => {
    const holder = sharedPart('<script nonce="@N@"></script>'.padEnd(4000, ' '));
    const one = prepareCachedPage(['<p>one</p>', holder, sheet], '@N@', 'v1');
    const two = prepareCachedPage(['<p>two</p>', holder, sheet], '@N@', 'v1');
    expect(one.nonce).not.toBe(two.nonce);
    for (const page of [one, two]) {
      expect(page.text().toString()).toBe(
        `<p>${page === one ? 'one' : 'two'}</p>${holder.text}${sheet.text}`.replace('@N@', page.nonce),
      );
      expect(gunzipSync(gzipOf(page)).equals(page.text())).toBe(true);
    }
  });

  it('writes the nonce at every placeholder, after text of any width', () => {
    const wide = `<style nonce="@N@"></style><p>é ✓ 𝄞 ${'ü'.repeat(3000)}</p><script nonce="@N@"></script>@N@`;
    const page = prepareCachedPage([wide.slice(0, 40), sheet, wide.slice(40)], '@N@', 'v1');
    expect(page.text().toString()).toBe(
      `${wide.slice(0, 40)}${sheet.text}${wide.slice(40)}`.replaceAll('@N@', page.nonce),
    );
  });

  it('keeps a page of 1 KiB or more gzip-encoded only, and a shorter one as its bytes', () => {
    const page = prepareCachedPage([html], '@N@', 'v1');
    expect(page.length).toBe(Buffer.byteLength(html.replace('@N@', page.nonce)));
    expect(page.heldBytes).toBe(gzipOf(page).length);
    expect(page.heldBytes).toBeLessThan(page.length / 4);
    // Inflated anew for each reader that does not take gzip: a fresh buffer, the same bytes.
    expect(page.text()).not.toBe(page.text());
    expect(page.text().equals(page.text())).toBe(true);
    const short = prepareCachedPage(['<p>@N@</p>'.padEnd(GZIP_MIN_BYTES - 100, ' ')], '@N@', 'v1');
    expect(short.length).toBeLessThan(GZIP_MIN_BYTES);
    expect(short.gzip).toBeUndefined();
    expect(short.heldBytes).toBe(short.length);
    expect(short.text()).toBe(short.text());
    const edge = prepareCachedPage(['x'.repeat(GZIP_MIN_BYTES)], '@N@', 'v1');
    expect(gunzipSync(gzipOf(edge)).toString()).toBe('x'.repeat(GZIP_MIN_BYTES));
  });

  it('sends a page without a placeholder as it is', () => {
    expect(prepareCachedPage(['<p>hi</p>'], '@N@', 'v1').text().toString()).toBe('<p>hi</p>');
  });

  it('keeps every page its own bytes though pages are laid out in the same scratch buffers', () => {
    const page = (fill: string, length: number) => `<p nonce="@N@">${fill.repeat(length)}</p>`;
    const texts = [
      page('a', 100), // kept as its bytes
      page('b', 300 * 1024), // longer than the scratch buffers hold: they grow
      page('ç', 2 * 1024 * 1024), // past the largest they grow to: buffers of its own
      page('d', 200), // in the grown buffers, over the bytes of the pages before
      page('e', 5000),
    ];
    // The short page alone; the others with a shared part spliced in.
    const partsOf = (text: string, i: number) =>
      i === 0 ? [text] : [text.slice(0, 9), sheet, text.slice(9)];
    const prepared = texts.map((text, i) => prepareCachedPage(partsOf(text, i), '@N@', 'v1'));
    prepared.forEach((cached, i) => {
      const expected = partsOf(texts[i] as string, i)
        .map((part) => (typeof part === 'string' ? part : part.text))
        .join('')
        .replace('@N@', cached.nonce);
      expect(cached.text().toString()).toBe(expected);
      if (cached.gzip) expect(gunzipSync(cached.gzip).toString()).toBe(expected);
    });
    expect(prepared[0]?.gzip).toBeUndefined();
  });
});
