/**
 * Fidelity by execution: for each request of the matrix, the curl snippet runs in real curl, the
 * TypeScript snippet in Node and the Python snippet in python3 + requests, against a local echo
 * server; what the server received must equal what `buildRequest` produced (method, path and
 * query, headers, body bytes; multipart part by part).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Endpoint, importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthState, emptyOAuthState } from '../auth/auth-state.js';
import { buildTokenRequest } from '../auth/oauth.js';
import { buildRequest } from '../build/build-request.js';
import type { BuiltRequest } from '../build/built-request.js';
import { cookieHeader } from '../build/cookie.js';
import type { BodyState, EndpointFormState, FormDataFieldValue } from '../form-state/form-state.js';
import { blankFormState, initialFormState } from '../form-state/initial-state.js';
import { setBodyFile, setFormFiles } from '../form-state/operations.js';
import { endpointPathTemplate } from '../sdk/endpoint-reference.js';
import {
  buildOptions,
  createPet,
  deletePet,
  getCart,
  getPet,
  headPets,
  listOrders,
  listPets,
  login,
  postNote,
  putFile,
  rpcAdd,
  tokenEndpoint,
  uploadPhoto,
} from '../testing/fixtures.js';
import { formWithPlaceholderFiles } from './placeholder-files.js';
import { SNIPPET_TARGETS } from './targets.js';

const run = promisify(execFile);

interface Received {
  method: string;
  target: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

// Binary files the snippets read by name from their working directory.
const bytes = (n: number, seed: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256));
const FILES: Record<string, { data: Buffer; type: string }> = {
  'photo.png': { data: bytes(2048, 7), type: 'image/png' },
  'doc 1.pdf': {
    data: Buffer.concat([Buffer.from('%PDF-1.4\r\n--not-a-boundary\r\n'), bytes(300, 3)]),
    type: 'application/pdf',
  },
  'all-bytes.bin': { data: bytes(256, 0), type: '' },
  'empty.bin': { data: Buffer.alloc(0), type: '' },
  // What `formWithPlaceholderFiles` names the required file of `listOrders` when none is chosen.
  'receipt.pdf': { data: Buffer.alloc(0), type: 'application/pdf' },
};
const file = (name: string, type?: string) => {
  const entry = FILES[name];
  if (!entry) throw new Error(`no fixture file ${name}`);
  return new File([new Uint8Array(entry.data)], name, { type: type ?? entry.type });
};

const form = (value: Record<string, FormDataFieldValue>): BodyState => ({ type: 'form-data', value });
const state = blankFormState;

interface Case {
  name: string;
  build: (baseUrl: string) => BuiltRequest;
}
const c = (name: string, endpoint: Endpoint, s: EndpointFormState, auth?: AuthState): Case => ({
  name,
  build: (baseUrl) => buildRequest(endpoint, s, auth, { baseUrl }, buildOptions),
});

const CASES: Case[] = [
  c('GET with the example query', listPets, initialFormState(listPets)),
  c(
    'GET with every query style',
    listPets,
    state({
      queryParameters: {
        limit: 3,
        tags: ['a', 'b'],
        ids: [1, 2],
        filter: { color: 'red', 'x y': 'z' },
        colors: ['r', 'g'],
        names: ['a b', 'c'],
        q: 'x',
      },
    }),
  ),
  c(
    'GET with unicode and reserved characters in the query',
    listPets,
    state({ queryParameters: { q: "café ☕ & = ? / # + '*'", tags: ['ü', '日本'] } }),
  ),
  c('GET with an empty required query value', listPets, state({ queryParameters: { q: '' } })),
  c(
    'GET omits nulls and empty optionals',
    listPets,
    state({ queryParameters: { q: 'a', limit: null, tags: undefined, ids: '' } }),
  ),
  c('GET with bearer auth', listPets, state({ queryParameters: { q: 'a' } }), {
    bearer: { token: 'sk_test_123' },
  }),
  c('GET with a query-parameter API key', listPets, state({ queryParameters: { q: 'a' } }), {
    queryParameter: { values: { api_key: 'k=1&2' } },
  }),
  c(
    'GET with global and endpoint headers',
    listPets,
    state({
      queryParameters: { q: 'a' },
      headers: { 'X-Client': 'docs', 'X-Request-Id': 'r-1', 'X-Extra': 42 },
    }),
  ),
  c('GET with cookie parameters', getCart, state({ cookies: { session: 's1', theme: 'dark', ids: [1, 2] } })),
  c(
    'GET with hostile cookie values (; , space quote backslash newline non-ASCII %)',
    getCart,
    state({ cookies: { session: 'a; admin=1, "b" \\ c\r\nX: 1 café ☕ 100%', 'we;ird name': 'x' } }),
  ),
  c(
    'GET a path parameter with reserved and unicode characters',
    getPet,
    state({ pathParameters: { petId: 'a/b c?é%' } }),
  ),
  c('GET an empty path parameter as :name', getPet, state({ pathParameters: { petId: '' } })),
  c('GET with a prefixed header API key', getPet, state({ pathParameters: { petId: '42' } }), {
    header: { headers: { 'X-API-Key': 'key-1' } },
  }),
  c('POST JSON example with basic auth as first scheme', createPet, initialFormState(createPet), {
    basic: { username: 'ada', password: 'p\'ss w"rd' },
  }),
  c(
    'POST JSON with unicode, quotes, escapes and nesting',
    createPet,
    state({
      body: {
        type: 'json',
        value: { name: 'Rex \'the\' "dog" \\ \n\t ☕ 日本', owner: { name: 'Zoë', email: null }, tags: [] },
      },
    }),
  ),
  c(
    'POST JSON with bearer as second scheme',
    createPet,
    state({ body: { type: 'json', value: { name: 'Rex' } } }),
    { bearer: { token: 'tok' } },
  ),
  c(
    'POST JSON with a unicode basic password',
    createPet,
    state({ body: { type: 'json', value: { name: 'R' } } }),
    { basic: { username: 'zoë', password: 'pässwörd☕' } },
  ),
  c('POST an empty JSON object', createPet, state({ body: { type: 'json', value: {} } })),
  c(
    'POST JSON numbers, booleans, null and lists',
    createPet,
    state({
      body: {
        type: 'json',
        value: { n: [0, -1, 3.25, 1e21, 123456789012], b: [true, false], z: null, deep: [[{}], [[]]] },
      },
    }),
  ),
  c('POST a JSON string body', createPet, state({ body: { type: 'json', value: 'just a string' } })),
  c(
    'POST multipart: a file and a text field',
    uploadPhoto,
    state({
      pathParameters: { petId: '7' },
      body: form({
        photo: { type: 'file', value: file('photo.png') },
        caption: { type: 'json', value: 'Hello' },
      }),
    }),
  ),
  c(
    'POST multipart: a file array and an exploded list',
    uploadPhoto,
    state({
      pathParameters: { petId: '7' },
      body: form({
        extras: { type: 'files', value: [file('doc 1.pdf'), file('all-bytes.bin')] },
        labels: { type: 'exploded', value: ['x', 'y', 'z'] },
      }),
    }),
  ),
  c(
    'POST multipart: text fields only',
    uploadPhoto,
    state({
      pathParameters: { petId: '7' },
      body: form({
        photo: { type: 'file', value: undefined },
        caption: { type: 'json', value: 'only text' },
      }),
    }),
  ),
  c(
    'POST multipart: a JSON object part and unicode text',
    uploadPhoto,
    state({
      pathParameters: { petId: '7' },
      body: form({
        meta: { type: 'json', value: { k: 'v', n: 1 } },
        caption: { type: 'json', value: 'héllo ☕ "q" \'s\' @at <lt' },
      }),
    }),
  ),
  c(
    'POST multipart: a file whose name has a space',
    uploadPhoto,
    state({
      pathParameters: { petId: '7' },
      body: form({
        photo: { type: 'file', value: file('doc 1.pdf') },
        caption: { type: 'json', value: 'pdf' },
      }),
    }),
  ),
  c(
    'POST multipart: an empty text value and a file without a type',
    uploadPhoto,
    state({
      pathParameters: { petId: '7' },
      body: form({
        caption: { type: 'json', value: '' },
        photo: { type: 'file', value: file('all-bytes.bin') },
      }),
    }),
  ),
  c(
    'PUT raw bytes: every byte value',
    putFile,
    state({ pathParameters: { name: 'all' }, body: { type: 'octet-stream', value: file('all-bytes.bin') } }),
  ),
  c(
    'PUT raw bytes: an empty file',
    putFile,
    state({ pathParameters: { name: 'empty' }, body: { type: 'octet-stream', value: file('empty.bin') } }),
  ),
  c(
    'PUT with no file sends no body',
    putFile,
    state({ pathParameters: { name: 'none' }, body: { type: 'octet-stream', value: undefined } }),
  ),
  c(
    'POST urlencoded',
    login,
    state({ body: form({ user: { type: 'json', value: 'ada' }, remember: { type: 'json', value: true } }) }),
  ),
  c(
    'POST urlencoded with unicode and reserved characters',
    login,
    state({
      body: form({ user: { type: 'json', value: "a b&c=d+e/f?g 日本 ~*'!" } }),
    }),
  ),
  c('POST OpenRPC envelope', rpcAdd, initialFormState(rpcAdd)),
  {
    name: 'POST the OAuth client-credentials token request',
    build: (baseUrl) =>
      buildTokenRequest(tokenEndpoint, 'client id', 's3cr&t', ['read', 'write'], { baseUrl }),
  },
  c('DELETE with an OAuth access token', deletePet, state({ pathParameters: { petId: '9' } }), {
    oauth: {
      ...emptyOAuthState(),
      accessToken: 'oauth-token',
      isLoggedIn: true,
      loggedInStartingToken: 'oauth-token',
    },
  }),
  c('DELETE with a header key when OAuth is empty', deletePet, state({ pathParameters: { petId: '9' } }), {
    oauth: emptyOAuthState(),
    header: { headers: { 'X-API-Key': 'hk' } },
  }),
  c('HEAD request', headPets, state({})),
  c(
    'POST multipart with two schemes required together: API key header and app token, files attached',
    listOrders,
    state({
      queryParameters: { page: 2 },
      body: form({
        note: { type: 'json', value: 'for Zoë ☕' },
        receipt: { type: 'file', value: file('doc 1.pdf') },
        photos: { type: 'files', value: [file('photo.png'), file('all-bytes.bin')] },
      }),
    }),
    { header: { headers: { 'X-API-Key': 'key "1"' } }, bearer: { token: 'app-token' } },
  ),
  c(
    'POST with a query API key and an app token required together',
    listOrders,
    state({
      body: form({ note: { type: 'json', value: 'q' }, receipt: { type: 'file', value: file('photo.png') } }),
    }),
    { queryParameter: { values: { api_key: 'k&1=2' } }, bearer: { token: 'app-token' } },
  ),
  c(
    'POST multipart as a snippet shows it before a file is chosen: the required file part by its placeholder name',
    listOrders,
    formWithPlaceholderFiles(listOrders, initialFormState(listOrders)),
    { header: { headers: { 'X-API-Key': 'k' } }, bearer: { token: 't' } },
  ),
  c(
    'POST a text/plain body starting with @, with newlines and unicode',
    postNote,
    state({ body: { type: 'json', value: '@not-a-file\nline 2 \'q\' "dq" ☕\n' } }),
  ),
];

/** Every endpoint of a few real specs (imported by @sextant/definition), from its example, files attached. */
const REAL_SPECS = [
  'parameters-style.json',
  'form-data.json',
  'file-uploads.json',
  'request-examples.json',
  'schema-encoding-style.json',
];
function realCases(): Case[] {
  const root = 'test-data/node_modules/@readme/oas-examples/3.0/json';
  if (!existsSync(root)) return [];
  return REAL_SPECS.flatMap((name) => {
    const { definition } = importDefinition(readSpecFile(join(root, name)));
    const options = {
      auths: definition.auths,
      globalHeaders: definition.globalHeaders,
      types: definition.types,
    };
    const credentials: AuthState = { bearer: { token: 'tok' }, basic: { username: 'ada', password: 'pw' } };
    for (const scheme of Object.values(definition.auths)) {
      if (scheme.type === 'header')
        credentials.header = { headers: { ...credentials.header?.headers, [scheme.headerWireValue]: 'key' } };
      if (scheme.type === 'queryParameter')
        credentials.queryParameter = { values: { [scheme.queryParameterName]: 'key' } };
    }
    return Object.values(definition.endpoints).map((endpoint): Case => {
      let s = initialFormState(endpoint, { types: definition.types });
      if (s.body?.type === 'form-data') {
        for (const [key, field] of Object.entries(s.body.value)) {
          if (field.type === 'file' || field.type === 'files') s = setFormFiles(s, key, [file('photo.png')]);
        }
      }
      if (s.body?.type === 'octet-stream') s = setBodyFile(s, [file('all-bytes.bin')]);
      return {
        name: `${name}: ${endpoint.method} ${endpointPathTemplate(endpoint)}`,
        build: (baseUrl) => buildRequest(endpoint, s, credentials, { baseUrl }, options),
      };
    });
  });
}
CASES.push(...realCases());

let server: Server;
let origin = '';
let dir = '';
let python = 'python3';
const received = new Map<string, Received>();
const expected = new Map<string, BuiltRequest>();
const failures = new Map<string, string>();

function listen(): Promise<void> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const key = (req.url ?? '').split('/')[1] ?? '';
      received.set(key, {
        method: req.method ?? '',
        target: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.method === 'HEAD' ? undefined : '{"ok":true}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
}

/**
 * One interpreter per language runs every snippet file of that language in turn (as a script of
 * its own: `sh file`, `import(file)`, `runpy.run_path(file)`), so the matrix pays for one Python
 * and one Node start-up instead of one per request. A failing snippet prints `FAIL <key>: <why>`.
 */
const RUNNERS: Record<string, { extension: string; run: (files: string[]) => [string, string[]] }> = {
  curl: {
    extension: 'sh',
    run: (files) => [
      'sh',
      [
        '-c',
        'for f in "$@"; do sh "$f" > /dev/null 2>&1 || echo "FAIL $(basename "$f" .sh): exit $?" >&2; done',
        'sh',
        ...files,
      ],
    ],
  },
  typescript: {
    extension: 'mts',
    run: (files) => [
      process.execPath,
      [
        '--no-warnings',
        '--input-type=module',
        '-e',
        `import { pathToFileURL } from 'node:url';
         import { basename } from 'node:path';
         for (const file of process.argv.slice(1)) {
           try { await import(pathToFileURL(file).href); }
           catch (error) { console.error('FAIL ' + basename(file, '.mts') + ': ' + error); }
         }`,
        ...files,
      ],
    ],
  },
  python: {
    extension: 'py',
    run: (files) => [
      python,
      [
        '-c',
        `import contextlib, io, os, runpy, sys
for f in sys.argv[1:]:
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            runpy.run_path(f, run_name="__main__")
    except BaseException as e:
        print("FAIL " + os.path.basename(f)[:-3] + ": " + repr(e), file=sys.stderr)`,
        ...files,
      ],
    ],
  },
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sextant-fidelity-'));
  await Promise.all(Object.entries(FILES).map(([name, { data }]) => writeFile(join(dir, name), data)));
  try {
    python = (await run('python3', ['-c', 'import requests, sys; print(sys.executable)'])).stdout.trim();
  } catch {
    python = '/usr/bin/python3';
  }
  await listen();
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await Promise.all(
    SNIPPET_TARGETS.map(async (target) => {
      const runner = RUNNERS[target.target];
      if (!runner) throw new Error(`no runner for ${target.target}`);
      const files = await Promise.all(
        CASES.map(async (testCase, index) => {
          const key = `c${index}-${target.target}`;
          const request = testCase.build(`${origin}/${key}`);
          expected.set(key, request);
          const path = join(dir, `${key}.${runner.extension}`);
          await writeFile(path, target.generate(request));
          return path;
        }),
      );
      const [command, args] = runner.run(files);
      const { stderr } = await run(command, args, {
        cwd: dir,
        timeout: 90_000,
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stderr?: string; message: string }) => ({ stderr: error.stderr ?? error.message }));
      for (const line of stderr.split('\n')) {
        const failed = /^FAIL (\S+): (.*)$/.exec(line);
        if (failed?.[1]) failures.set(failed[1], failed[2] ?? '');
        else if (line.trim()) failures.set(`${target.target}-runner`, line);
      }
    }),
  );
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

interface Part {
  name: string;
  filename: string | undefined;
  contentType: string | undefined;
  data: string;
}

/** A strict multipart/form-data parser: every part's name, filename, content type and bytes (hex). */
function parseMultipart(body: Buffer, contentType: string): Part[] {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at !== 0) throw new Error('body does not start with the boundary');
  while (true) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') break;
    at += 2; // CRLF after the delimiter
    const headerEnd = body.indexOf('\r\n\r\n', at);
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd);
    if (headerEnd < 0 || next < 0) throw new Error('truncated multipart body');
    const headers = body.subarray(at, headerEnd).toString('utf8').split('\r\n');
    const header = (name: string) =>
      headers
        .find((h) => h.toLowerCase().startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim();
    const disposition = header('content-disposition') ?? '';
    parts.push({
      name: /;\s*name="([^"]*)"/.exec(disposition)?.[1] ?? '',
      filename: /;\s*filename="([^"]*)"/.exec(disposition)?.[1],
      contentType: header('content-type'),
      data: body.subarray(headerEnd + 4, next).toString('hex'),
    });
    at = next + 2;
  }
  return parts;
}

async function expectedBody(request: BuiltRequest): Promise<Buffer> {
  const body = request.body;
  switch (body.type) {
    case 'json':
    case 'text':
    case 'urlencoded':
      return Buffer.from(body.text, 'utf8');
    case 'bytes':
      return Buffer.from(await body.file.arrayBuffer());
    case 'none':
      return Buffer.alloc(0);
    case 'form-data':
      throw new Error('compared part by part');
  }
}

describe.each(CASES.map((testCase, index) => ({ index, name: testCase.name })))('$name', ({ index }) => {
  it.each(SNIPPET_TARGETS.map((t) => t.target))('%s sends exactly the built request', async (target) => {
    const key = `c${index}-${target}`;
    expect(failures.get(key)).toBeUndefined();
    expect(failures.get(`${target}-runner`)).toBeUndefined();
    const request = expected.get(key);
    const got = received.get(key);
    if (!request || !got) throw new Error(`${key}: the server received nothing`);
    expect(got.method).toBe(request.method);
    expect(got.target).toBe(request.url.slice(origin.length));
    for (const [name, value] of Object.entries(request.headers)) {
      if (request.body.type === 'form-data' && name.toLowerCase() === 'content-type') continue;
      expect(got.headers[name.toLowerCase()], name).toBe(value);
    }
    // One Cookie header exactly as built, or none.
    expect(got.headers.cookie).toBe(cookieHeader(request.cookies));
    if (request.body.type === 'form-data') {
      const contentType = String(got.headers['content-type']);
      expect(contentType).toMatch(/^multipart\/form-data; ?boundary=/);
      const parts = parseMultipart(got.body, contentType);
      const want = await Promise.all(
        request.body.parts.map(
          async (part): Promise<Part> =>
            part.type === 'text'
              ? {
                  name: part.name,
                  filename: undefined,
                  contentType: undefined,
                  data: Buffer.from(part.value).toString('hex'),
                }
              : {
                  name: part.name,
                  filename: part.fileName,
                  contentType: part.contentType,
                  data: Buffer.from(await part.file.arrayBuffer()).toString('hex'),
                },
        ),
      );
      expect(parts).toEqual(want);
    } else {
      expect(got.body.toString('hex')).toBe((await expectedBody(request)).toString('hex'));
    }
  });
});
