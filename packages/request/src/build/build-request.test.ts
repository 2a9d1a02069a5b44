import { describe, expect, it } from 'vitest';
import type { AuthState } from '../auth/auth-state.js';
import { emptyOAuthState } from '../auth/auth-state.js';
import { blankFormState, initialFormState } from '../form-state/initial-state.js';
import {
  buildOptions,
  createPet,
  deletePet,
  getPet,
  listPets,
  login,
  postNote,
  putFile,
  rpcAdd,
  tokenEndpoint,
  uploadPhoto,
} from '../testing/fixtures.js';
import { buildRequest } from './build-request.js';
import { PROXY_REQUEST_HEADERS, toFetchInit } from './fetch-init.js';

const state = blankFormState;
const build = (endpoint = listPets, s = state(), auth?: AuthState, baseUrl?: string) =>
  buildRequest(endpoint, s, auth, baseUrl ? { baseUrl } : undefined, buildOptions);

describe('path parameters', () => {
  it('URL-encodes a filled value', () => {
    expect(build(getPet, state({ pathParameters: { petId: 'a/b c?é' } })).url).toBe(
      'https://api.example.com/v1/pets/a%2Fb%20c%3F%C3%A9',
    );
  });
  it('shows an empty value as :name and reports it missing', () => {
    const request = build(getPet, state({ pathParameters: { petId: '' } }));
    expect(request.url).toBe('https://api.example.com/v1/pets/:petId');
    expect(request.missingPathParameters).toEqual(['petId']);
  });
  it('encodes the characters encodeURIComponent keeps', () => {
    expect(build(getPet, state({ pathParameters: { petId: "it's(*)!" } })).url).toBe(
      'https://api.example.com/v1/pets/it%27s%28%2A%29%21',
    );
  });
  it('drops a fragment of the spec path and keeps a literal query before the parameters', () => {
    const fragment = { ...listPets, path: [{ type: 'literal' as const, value: '/pets#by-tag' }] };
    expect(build(fragment, state({ queryParameters: { q: 'a' } })).url).toBe(
      'https://api.example.com/v1/pets?q=a',
    );
    const literalQuery = { ...listPets, path: [{ type: 'literal' as const, value: '/pets?kind=dog' }] };
    expect(build(literalQuery, state({ queryParameters: { q: 'a' } })).url).toBe(
      'https://api.example.com/v1/pets?kind=dog&q=a',
    );
  });
  it('uses the environment given over the endpoint default', () => {
    expect(
      build(getPet, state({ pathParameters: { petId: '1' } }), undefined, 'http://localhost:9/base/').url,
    ).toBe('http://localhost:9/base/pets/1');
  });
});

describe('path and header parameter styles', () => {
  const styled = (style: 'simple' | 'label' | 'matrix', explode: boolean) => ({
    ...getPet,
    pathParameters: [{ key: 'petId', valueShape: { type: 'unknown' as const }, style, explode }],
  });
  const path = (style: 'simple' | 'label' | 'matrix', explode: boolean, petId: unknown) =>
    build(styled(style, explode), state({ pathParameters: { petId } })).url.slice(
      'https://api.example.com/v1/pets/'.length,
    );
  it.each([
    ['simple', false, ['a', 'b c'], 'a,b%20c'],
    ['simple', false, { x: 1, y: 2 }, 'x,1,y,2'],
    ['simple', true, { x: 1, y: 2 }, 'x=1,y=2'],
    ['label', false, 'v', '.v'],
    ['label', false, ['a', 'b'], '.a,b'],
    ['label', true, ['a', 'b'], '.a.b'],
    ['matrix', false, 'v', ';petId=v'],
    ['matrix', false, ['a', 'b'], ';petId=a,b'],
    ['matrix', true, ['a', 'b'], ';petId=a;petId=b'],
    ['matrix', true, { x: 1, y: 2 }, ';x=1;y=2'],
    ['label', false, [], ':petId'],
  ] as const)('%s explode=%s %j → %s', (style, explode, value, expected) => {
    expect(path(style, explode, value)).toBe(expected);
  });
  it('sends list and object headers in the simple style', () => {
    const headers = build(
      listPets,
      state({ headers: { 'X-List': ['a', 'b'], 'X-Object': { k: 'v' } } }),
    ).headers;
    expect(headers).toEqual({ 'X-List': 'a,b', 'X-Object': 'k,v' });
  });
});

describe('query parameters', () => {
  const q = (queryParameters: Record<string, unknown>) =>
    new URL(build(listPets, state({ queryParameters })).url).search;
  it('omits nulls and unset optionals, keeps an empty required value', () => {
    expect(q({ limit: null, tags: undefined, q: '' })).toBe('?q=');
  });
  it('omits an optional parameter left empty', () => {
    expect(q({ limit: '', q: 'x' })).toBe('?q=x');
  });
  it('repeats the key for arrays (form, explode)', () => {
    expect(q({ tags: ['a', 'b c'] })).toBe('?tags=a&tags=b%20c');
  });
  it('joins with commas for form without explode', () => {
    expect(q({ ids: [1, 2, 3] })).toBe('?ids=1,2,3');
  });
  it('writes deepObject as key[prop]=value', () => {
    expect(q({ filter: { color: 'red', size: 'L' } })).toBe('?filter%5Bcolor%5D=red&filter%5Bsize%5D=L');
  });
  it('joins pipeDelimited and spaceDelimited lists', () => {
    expect(q({ colors: ['red', 'blue'], names: ['a', 'b'] })).toBe('?colors=red%7Cblue&names=a%20b');
  });
  it('keeps declaration order, then undeclared keys', () => {
    expect(q({ extra: 'z', q: 'y', limit: 5 })).toBe('?limit=5&q=y&extra=z');
  });
});

describe('headers', () => {
  it('sets the first request content type for non-GET methods only', () => {
    expect(build(createPet, state({ body: { type: 'json', value: {} } })).headers['Content-Type']).toBe(
      'application/json',
    );
    expect(build(listPets).headers['Content-Type']).toBeUndefined();
  });
  it('sends global and endpoint headers from the form, skipping empty ones', () => {
    const request = build(listPets, state({ headers: { 'X-Client': 'docs', 'X-Request-Id': '', Other: 3 } }));
    expect(request.headers).toEqual({ 'X-Client': 'docs', Other: '3' });
  });
});

describe('auth', () => {
  it('applies bearer', () => {
    expect(build(listPets, state(), { bearer: { token: ' sk_1 ' } }).headers.Authorization).toBe(
      'Bearer sk_1',
    );
  });
  it('applies basic with UTF-8 base64', () => {
    const request = build(createPet, state(), { basic: { username: 'ada', password: 'pässword' } });
    expect(request.headers.Authorization).toBe(`Basic ${Buffer.from('ada:pässword').toString('base64')}`);
    expect(request.auths).toMatchObject([{ type: 'basicAuth', isFirstScheme: true }]);
  });
  it('falls through to the next scheme with a value', () => {
    const request = build(createPet, state(), {
      basic: { username: 'ada', password: '' },
      bearer: { token: 't' },
    });
    expect(request.headers.Authorization).toBe('Bearer t');
    expect(request.auths).toMatchObject([{ type: 'bearerAuth', isFirstScheme: false }]);
  });
  it('applies a header key with its prefix', () => {
    const request = build(getPet, state({ pathParameters: { petId: '1' } }), {
      header: { headers: { 'X-API-Key': 'k1' } },
    });
    expect(request.headers['X-API-Key']).toBe('Token k1');
  });
  it('applies a query-parameter key', () => {
    expect(
      build(listPets, state({ queryParameters: { q: 'a' } }), {
        queryParameter: { values: { api_key: 'k&1' } },
      }).url,
    ).toBe('https://api.example.com/v1/pets?q=a&api_key=k%261');
  });
  it('applies the OAuth access token of the selected input method', () => {
    const oauth = { ...emptyOAuthState(), accessToken: 'obtained', userSuppliedAccessToken: 'pasted' };
    const s = state({ pathParameters: { petId: '1' } });
    expect(build(deletePet, s, { oauth }).headers.Authorization).toBe('Bearer obtained');
    expect(
      build(deletePet, s, { oauth: { ...oauth, selectedInputMethod: 'token' } }).headers.Authorization,
    ).toBe('Bearer pasted');
  });
  it('does not apply an OAuth scheme to its own token endpoint', () => {
    const request = build(tokenEndpoint, state(), { oauth: { ...emptyOAuthState(), accessToken: 'x' } });
    expect(request.headers.Authorization).toBeUndefined();
    expect(request.auths).toEqual([]);
  });
  it('applies nothing when no scheme has a value, or the endpoint has none', () => {
    expect(build(listPets, state(), { bearer: { token: '  ' } }).auths).toEqual([]);
    expect(
      build(putFile, state({ pathParameters: { name: 'a' } }), { bearer: { token: 'x' } }).headers
        .Authorization,
    ).toBeUndefined();
  });
});

describe('bodies', () => {
  it('JSON: 2-space text of the value', () => {
    const request = build(createPet, state({ body: { type: 'json', value: { name: 'Rex' } } }));
    expect(request.body).toEqual({ type: 'json', text: '{\n  "name": "Rex"\n}', value: { name: 'Rex' } });
  });
  it('a string for a non-JSON content type is sent as-is; for JSON as a JSON string', () => {
    expect(build(postNote, state({ body: { type: 'json', value: 'a "b"' } })).body).toEqual({
      type: 'text',
      text: 'a "b"',
    });
    expect(build(createPet, state({ body: { type: 'json', value: 'a' } })).body).toMatchObject({
      type: 'json',
      text: '"a"',
    });
    expect(build(postNote, state({ body: { type: 'json', value: { a: 1 } } })).body).toMatchObject({
      type: 'json',
    });
  });
  it('an optional body that was cleared is omitted, with no Content-Type (issue #28)', () => {
    const optionalNote = {
      ...postNote,
      requests: postNote.requests.map((r) => ({ ...r, isOptional: true })),
    };
    for (const value of ['', {}, [], undefined]) {
      const request = build(optionalNote, state({ body: { type: 'json', value } }));
      expect(request.body).toEqual({ type: 'none' });
      expect(request.headers['Content-Type']).toBeUndefined();
    }
    const filled = build(optionalNote, state({ body: { type: 'json', value: 'hi' } }));
    expect(filled.body).toEqual({ type: 'text', text: 'hi' });
    expect(filled.headers['Content-Type']).toBe('text/plain; charset=utf-8');
    // A required body keeps what the form holds, even when empty.
    expect(build(postNote, state({ body: { type: 'json', value: '' } })).body).toEqual({
      type: 'text',
      text: '',
    });
  });
  it('GET never carries a body', () => {
    expect(build(listPets, state({ body: { type: 'json', value: { a: 1 } } })).body).toEqual({
      type: 'none',
    });
  });
  it('OpenRPC: wraps params in the JSON-RPC envelope and forces application/json', () => {
    const request = build(rpcAdd, state({ body: { type: 'json', value: { a: 1, b: 2 } } }));
    expect(request.body.type === 'json' && request.body.value).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'add',
      params: { a: 1, b: 2 },
    });
    expect(request.headers['Content-Type']).toBe('application/json');
  });
  it('form-data: files, exploded lists and JSON values as parts; a file field with no file is left out', () => {
    const photo = new File([new Uint8Array([1, 2])], 'p.png', { type: 'image/png' });
    const extra = new File(['x'], 'x.bin');
    const request = build(
      uploadPhoto,
      state({
        pathParameters: { petId: '1' },
        body: {
          type: 'form-data',
          value: {
            photo: { type: 'file', value: undefined },
            extras: { type: 'files', value: [extra] },
            caption: { type: 'json', value: 'hi' },
            labels: { type: 'exploded', value: ['a', null, 'b'] },
            meta: { type: 'json', value: { k: 'v' } },
          },
        },
      }),
    );
    expect(
      request.body.type === 'form-data' &&
        request.body.parts.map((p) => [p.name, p.type === 'text' ? p.value : p.fileName]),
    ).toEqual([
      ['extras', 'x.bin'],
      ['caption', 'hi'],
      ['labels', 'a'],
      ['labels', 'b'],
      ['meta', '{"k":"v"}'],
    ]);
    const withPhoto = build(
      uploadPhoto,
      state({ body: { type: 'form-data', value: { photo: { type: 'file', value: photo } } } }),
    );
    expect(withPhoto.body).toMatchObject({
      type: 'form-data',
      parts: [{ name: 'photo', fileName: 'p.png', contentType: 'image/png' }],
    });
    expect(request.body.type === 'form-data' && request.body.parts[0]).toMatchObject({
      contentType: 'application/octet-stream',
    });
  });
  it('form-data with no parts sends no body', () => {
    const request = build(
      uploadPhoto,
      state({ body: { type: 'form-data', value: { photo: { type: 'file', value: undefined } } } }),
    );
    expect(request.body).toEqual({ type: 'none' });
  });
  it('urlencoded form', () => {
    const request = build(
      login,
      state({
        body: {
          type: 'form-data',
          value: { user: { type: 'json', value: 'a b&c' }, remember: { type: 'json', value: true } },
        },
      }),
    );
    expect(request.body).toEqual({
      type: 'urlencoded',
      text: 'user=a+b%26c&remember=true',
      fields: [
        ['user', 'a b&c'],
        ['remember', 'true'],
      ],
    });
    expect(request.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });
  it('octet-stream: the file, or no body without one', () => {
    const file = new File(['abc'], 'a.txt');
    expect(build(putFile, state({ body: { type: 'octet-stream', value: file } })).body).toEqual({
      type: 'bytes',
      file,
      fileName: 'a.txt',
    });
    expect(build(putFile, state({ body: { type: 'octet-stream', value: undefined } })).body).toEqual({
      type: 'none',
    });
  });
  it('starts from the example with Use example', () => {
    const request = build(createPet, initialFormState(createPet, { types: buildOptions.types }));
    expect(request.body.type === 'json' && request.body.value).toEqual({
      kind: 'dog',
      name: 'Rex',
      tag: 'good',
    });
  });
});

describe('toFetchInit', () => {
  it('goes through the proxy, listing the reader header names, in cors mode', async () => {
    const request = build(
      createPet,
      state({ headers: { 'X-Client': 'c' }, body: { type: 'json', value: { a: 1 } } }),
      { bearer: { token: 't' } },
    );
    const { url, init } = toFetchInit(request, { proxyUrl: 'http://localhost:3000/' });
    expect(url).toBe('http://localhost:3000/proxy/https://api.example.com/v1/pets');
    const headers = new Headers(init.headers);
    expect(headers.get(PROXY_REQUEST_HEADERS)).toBe('Authorization,X-Client,Content-Type');
    expect(init.mode).toBe('cors');
    expect(init.body).toBe('{\n  "a": 1\n}');
  });
  it('removes Content-Type for form data so FormData sets the boundary', async () => {
    const request = build(
      uploadPhoto,
      state({
        pathParameters: { petId: '1' },
        body: { type: 'form-data', value: { caption: { type: 'json', value: 'x' } } },
      }),
    );
    const { url, init } = toFetchInit(request);
    expect(url).toBe('https://api.example.com/v1/pets/1/photo');
    expect(new Headers(init.headers).has('content-type')).toBe(false);
    const sent = new Request(url, init);
    expect(sent.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await sent.formData()).get('caption')).toBe('x');
  });
});
