/** The small pure rules: file names, stream framing, localhost, JSON tokens, badges, deep links, URLs. */
import { describe, expect, it } from 'vitest';
import { decodeFormState, deepLink, encodeFormState, FORM_PARAM } from './deep-link.js';
import { contentSubtype, downloadFileName, fileNameFromContentDisposition } from './file-name.js';
import type { PlaygroundFormState } from './form-state.js';
import { formatSize, formatTime, statusStyle, tokenizeJson } from './json-tokens.js';
import { isLocalhostUrl, LOCALHOST_DISABLED_TOOLTIP, sendDisabledReason } from './localhost.js';
import { paneDefaults } from './pane-split.js';
import { filePreviewKind, readModeFor } from './response-reader.js';
import { createStreamDecoder } from './stream-framing.js';
import { isShallowNavigation, withoutExplorerParams } from './url-params.js';

describe('file names', () => {
  it('reads Content-Disposition (filename* first) and refuses path tricks', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(
      fileNameFromContentDisposition('attachment; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf; filename="x.pdf"'),
    ).toBe('résumé.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe(
      '.._.._etc_passwd',
    );
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeUndefined();
    expect(fileNameFromContentDisposition('inline')).toBeUndefined();
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
  });

  it('falls back to a random id plus the content subtype', () => {
    expect(downloadFileName(null, 'audio/mpeg; charset=x', () => 'id1')).toBe('id1.mpeg');
    expect(downloadFileName('inline', 'application/vnd.ms-excel', () => 'id2')).toBe('id2.vnd.ms-excel');
    expect(contentSubtype('')).toBe('bin');
    expect(contentSubtype('weird')).toBe('bin');
    expect(downloadFileName(null, null).length).toBeGreaterThan(4);
  });
});

describe('pane split', () => {
  it('splits 50 / 50 by default and gives the form 300 px in pixel mode', () => {
    expect(paneDefaults()).toEqual({ left: '50%', right: '50%' });
    expect(paneDefaults('pixel')).toEqual({ left: '300px', right: undefined });
  });
});

describe('stream framing', () => {
  it('decodes SSE blocks split across chunks, ignoring comments', () => {
    const d = createStreamDecoder('sse');
    expect(d.push(': hello\n\ndata: {"a"')).toEqual([]);
    expect(d.push(':1}\n\ndata: line1\ndata: line2\n\n')).toEqual([
      { data: { a: 1 } },
      { data: 'line1\nline2' },
    ]);
    expect(d.push('event: end\ndata: [DONE]')).toEqual([]);
    expect(d.end()).toEqual([{ data: '[DONE]', event: 'end' }]);
  });

  it("drops the definition's terminator instead of showing it as an event", () => {
    const sse = createStreamDecoder('sse', '[DONE]');
    expect(sse.push('data: {"n":1}\n\ndata: [DONE]\n\n')).toEqual([{ data: { n: 1 } }]);
    const ndjson = createStreamDecoder('ndjson', '[DONE]');
    expect(ndjson.push('{"n":1}\n[DONE]\n')).toEqual([{ data: { n: 1 } }]);
  });

  it('decodes NDJSON lines, keeping non-JSON lines as text', () => {
    const d = createStreamDecoder('ndjson');
    expect(d.push('{"a":1}\r\nnot json\n{"b"')).toEqual([{ data: { a: 1 } }, { data: 'not json' }]);
    expect(d.end()).toEqual([{ data: '{"b"' }]);
  });

  it('chooses how to read a body from its content type and the expected body', () => {
    expect(readModeFor('audio/wav', { type: 'stream', framing: 'sse', shape: { type: 'unknown' } })).toEqual({
      kind: 'file',
    });
    expect(readModeFor('text/event-stream; charset=utf-8', undefined)).toEqual({
      kind: 'stream',
      framing: 'sse',
    });
    expect(readModeFor('application/x-ndjson', undefined)).toEqual({ kind: 'stream', framing: 'ndjson' });
    expect(readModeFor('text/plain', { type: 'streamingText', contentType: 'text/plain' })).toEqual({
      kind: 'stream',
      framing: 'text',
    });
    expect(readModeFor('application/json', undefined)).toEqual({ kind: 'json' });
    expect(readModeFor('application/problem+json', undefined)).toEqual({ kind: 'json' });
    expect(readModeFor('application/pdf', undefined)).toEqual({ kind: 'file' });
    expect(
      readModeFor('application/json', { type: 'fileDownload', contentType: 'application/json' }),
    ).toEqual({ kind: 'file' });
    expect(filePreviewKind('application/pdf')).toBe('pdf');
    expect(filePreviewKind('audio/ogg')).toBe('audio');
    expect(filePreviewKind('application/zip')).toBe('none');
  });
});

describe('localhost', () => {
  it('recognises loopback targets and disables them only in hosted mode', () => {
    for (const url of [
      'http://localhost:4010',
      'http://127.0.0.1/x',
      'http://[::1]:80/',
      'http://api.localhost',
      'http://0.0.0.0',
    ])
      expect(isLocalhostUrl(url)).toBe(true);
    for (const url of [
      'https://api.example.com',
      'http://localhost.example.com',
      'not a url',
      'http://128.0.0.1',
    ])
      expect(isLocalhostUrl(url)).toBe(false);
    expect(sendDisabledReason('hosted', 'http://localhost:1')).toBe(LOCALHOST_DISABLED_TOOLTIP);
    expect(sendDisabledReason('local', 'http://localhost:1')).toBeUndefined();
    expect(LOCALHOST_DISABLED_TOOLTIP).toBe('Cannot send requests to localhost');
  });
});

describe('response card formatting', () => {
  it('styles 200–299 as success and above 300 as error, times with 2 decimals', () => {
    expect(statusStyle(200)).toBe('success');
    expect(statusStyle(299)).toBe('success');
    expect(statusStyle(300)).toBe('neutral');
    expect(statusStyle(301)).toBe('error');
    expect(statusStyle(500)).toBe('error');
    expect(formatTime(12.3456)).toBe('12.35 ms');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
  });

  it('tokenizes JSON into keys, strings, numbers, booleans and null', () => {
    const tokens = tokenizeJson('{"a": "x", "b": -1.5e3, "c": true, "d": null}');
    expect(tokens.filter((t) => t.kind !== 'plain').map((t) => `${t.kind}:${t.text}`)).toEqual([
      'key:"a"',
      'string:"x"',
      'key:"b"',
      'number:-1.5e3',
      'key:"c"',
      'boolean:true',
      'key:"d"',
      'null:null',
    ]);
    expect(tokens.map((t) => t.text).join('')).toBe('{"a": "x", "b": -1.5e3, "c": true, "d": null}');
  });
});

describe('deep links', () => {
  const form: PlaygroundFormState = {
    type: 'endpoint',
    pathParameters: { id: 'ü/1' },
    queryParameters: { q: ['a', 'b'] },
    headers: {
      'X-Trace': 't',
      Authorization: 'Bearer leak',
      'X-Api-Key': 'leak2',
      'X-Custom-Secret': 'leak3',
    },
    body: { type: 'json', value: { nested: { n: 1 } } },
  };

  it('round-trips the form without secret-looking headers', () => {
    const decoded = decodeFormState(encodeFormState(form, ['X-Custom-Secret']));
    expect(decoded).toEqual({ ...form, headers: { 'X-Trace': 't' } });
    const link = deepLink('https://docs.example.com/api/pets?explorer=getPet', form);
    expect(link).toContain(`${FORM_PARAM}=`);
    expect(link).not.toContain('leak');
    expect(link).toContain('explorer=getPet');
  });

  it('drops files and rejects anything that is not a form', () => {
    const withFiles: PlaygroundFormState = {
      ...form,
      body: {
        type: 'form-data',
        value: { f: { type: 'files', value: [new File(['x'], 'x')] }, n: { type: 'json', value: 1 } },
      },
    };
    expect(decodeFormState(encodeFormState(withFiles))?.body).toEqual({
      type: 'form-data',
      value: { f: { type: 'files', value: [] }, n: { type: 'json', value: 1 } },
    });
    expect(decodeFormState('%%%')).toBeUndefined();
    expect(decodeFormState(btoa('{"pathParameters":[]}'))).toBeUndefined();
    expect(
      decodeFormState(
        btoa(
          '{"type":"endpoint","pathParameters":{},"queryParameters":{},"headers":{},"body":{"type":"form-data","value":{"k":{"type":"evil"}}}}',
        ),
      ),
    ).toBeUndefined();
    expect(decodeFormState(btoa('"just a string"'))).toBeUndefined();
  });
});

describe('explorer URLs', () => {
  it('removes the explorer parameters on close and tells shallow navigation', () => {
    expect(withoutExplorerParams(`https://d.io/api/pets?explorer=getPet&${FORM_PARAM}=abc&x=1`)).toBe(
      'https://d.io/api/pets?x=1',
    );
    expect(isShallowNavigation('api-1', 'api-1')).toBe(true);
    expect(isShallowNavigation('api-2', 'api-1')).toBe(false);
    expect(isShallowNavigation(undefined, 'api-1')).toBe(false);
  });
});
