import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prepareNoncedPage } from './nonced-page.js';

const PLACEHOLDER = '__NONCE__';
const page = (size: number) =>
  `<!doctype html><html><head><style>${'a{color:red}'.repeat(size)}</style></head><body>` +
  `<script type="module" src="/e.js" nonce="${PLACEHOLDER}"></script>${'<p>ü text</p>'.repeat(size)}</body></html>`;

describe('prepareNoncedPage', () => {
  it.each([0, 1, 50, 5000])('gives a gzip body that decodes to the page with the nonce (%i)', (size) => {
    const html = page(size);
    const prepared = prepareNoncedPage(html, PLACEHOLDER);
    for (const nonce of ['abc', 'Zm9vYmFyYmF6cXV4MTIzNA==']) {
      const expected = html.replace(PLACEHOLDER, nonce);
      expect(gunzipSync(prepared.gzip(nonce)).toString()).toBe(expected);
      expect(prepared.text(nonce).toString()).toBe(expected);
    }
  });

  it('compresses once: a response costs a few bytes more than the page compressed whole', () => {
    const prepared = prepareNoncedPage(page(5000), PLACEHOLDER);
    const body = prepared.gzip('n0nce');
    expect(body.length).toBeLessThan(page(5000).length / 20);
  });

  it('sends a page without the placeholder as it is', () => {
    const prepared = prepareNoncedPage('<p>no nonce</p>', PLACEHOLDER);
    expect(gunzipSync(prepared.gzip('x')).toString()).toBe('<p>no nonce</p>');
    expect(prepared.text('x').toString()).toBe('<p>no nonce</p>');
  });
});
