/**
 * The whole answer (issue #28 item 3): the API's headers without the proxy's, cookies set,
 * final URL and redirects, status text, and HEAD / 204 answers that open on their headers.
 */
import { describe, expect, it } from 'vitest';
import { answerDetails, answerView, hasNoBody, statusLine } from './answer-details.js';
import { readResponse } from './response-reader.js';

const proxied = {
  'content-type': 'application/json',
  etag: '"w-42"',
  'access-control-allow-origin': '*',
  'content-security-policy': "sandbox; default-src 'none'",
  'x-sextant-proxy-response-headers': 'content-type,etag',
  'x-sextant-proxy-origin-latency': '1.20',
  'x-sextant-proxy-set-cookie': `${encodeURIComponent('sid=abc; Path=/; HttpOnly')},${encodeURIComponent('theme=dark, light')}`,
  'x-sextant-proxy-final-url': 'https://api.example.com/v2/widgets/1',
  'x-sextant-proxy-redirects': `301 ${encodeURIComponent('https://api.example.com/v2/widgets/1')}`,
};

describe('answerDetails', () => {
  it("shows the API's headers only, the cookies it set, the URL that answered and the redirects followed", () => {
    expect(answerDetails({ headers: proxied })).toEqual({
      headers: [
        ['content-type', 'application/json'],
        ['etag', '"w-42"'],
      ],
      cookies: ['sid=abc; Path=/; HttpOnly', 'theme=dark, light'],
      finalUrl: 'https://api.example.com/v2/widgets/1',
      redirects: [{ status: 301, url: 'https://api.example.com/v2/widgets/1' }],
    });
  });
  it('without the proxy (skipProxy) shows every header but never the x-sextant ones', () => {
    expect(answerDetails({ headers: { 'content-type': 'text/plain', 'x-sextant-x': '1' } })).toEqual({
      headers: [['content-type', 'text/plain']],
      cookies: [],
      finalUrl: undefined,
      redirects: [],
    });
  });
});

describe('statusLine', () => {
  it('keeps the received text, else the standard reason', () => {
    expect(statusLine({ status: 200, statusText: 'Fine' })).toBe('200 Fine');
    expect(statusLine({ status: 204, statusText: '' })).toBe('204 No Content');
    expect(statusLine({ status: 599, statusText: '' })).toBe('599');
  });
});

describe('answers with no body', () => {
  const read = (response: Response, bodyless = false) =>
    readResponse(response, { elapsed: () => 1, onUpdate: () => {}, bodyless });

  it('a HEAD answer is read with its headers and opens on them', async () => {
    const head = new Response(null, { status: 200, headers: { etag: '"w-42"' } });
    const value = await read(head, true);
    expect(value.response.headers.etag).toBe('"w-42"');
    expect(hasNoBody(value)).toBe(true);
    expect(answerView(undefined, value)).toBe('headers');
    expect(answerView('body', value)).toBe('body');
  });
  it('a 204 opens on its headers; a JSON answer on its body', async () => {
    const noContent = await read(new Response(null, { status: 204, headers: { 'x-deleted': 'w1' } }));
    expect(answerView(undefined, noContent)).toBe('headers');
    const json = await read(new Response('{"a":1}', { headers: { 'content-type': 'application/json' } }));
    expect(answerView(undefined, json)).toBe('body');
  });
  it('a 200 with no body is still an error unless the request was HEAD', async () => {
    await expect(read(new Response(null, { status: 200 }))).rejects.toThrow(/no body/);
  });
});
