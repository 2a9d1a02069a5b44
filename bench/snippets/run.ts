/**
 * Snippet rendering speed: our three renderers (cURL, TypeScript fetch, Python requests) against
 * the npm package `httpsnippet` (shell/curl, javascript/fetch, python/requests) on the same
 * requests, converted to HAR for httpsnippet. One operation = the three snippets of one request.
 * Prints operations per second and the ratio from one run. Target: ≥ 5×.
 *
 *   npm run bench:snippets
 */
import {
  type BuiltRequest,
  blankFormState,
  buildRequest,
  type EndpointFormState,
  SNIPPET_TARGETS,
} from '@sextant/request';
import { type HarRequest, HTTPSnippet } from 'httpsnippet';
import { Bench } from 'tinybench';

import {
  buildOptions,
  createPet,
  getPet,
  listPets,
  login,
  uploadPhoto,
} from '../../packages/request/src/testing/fixtures.js';

const state = blankFormState;

const inputs: [Parameters<typeof buildRequest>[0], EndpointFormState][] = [
  [
    listPets,
    state({
      queryParameters: { q: 'rex', limit: 10, tags: ['a', 'b', 'c'] },
      headers: { 'X-Client': 'docs' },
    }),
  ],
  [getPet, state({ pathParameters: { petId: '42' } })],
  [
    createPet,
    state({
      body: {
        type: 'json',
        value: {
          kind: 'dog',
          name: 'Rex',
          tag: 'good',
          owner: { name: 'Ada', email: 'ada@example.com' },
          tags: ['a', 'b'],
          age: 3,
        },
      },
    }),
  ],
  [
    login,
    state({
      body: {
        type: 'form-data',
        value: { user: { type: 'json', value: 'ada' }, remember: { type: 'json', value: true } },
      },
    }),
  ],
  [
    uploadPhoto,
    state({
      pathParameters: { petId: '7' },
      body: {
        type: 'form-data',
        value: {
          photo: { type: 'file', value: new File(['png'], 'cat.png', { type: 'image/png' }) },
          caption: { type: 'json', value: 'Hello' },
          labels: { type: 'exploded', value: ['x', 'y'] },
        },
      },
    }),
  ],
];
const requests: BuiltRequest[] = inputs.map(([endpoint, s]) =>
  buildRequest(endpoint, s, { bearer: { token: 'sk_test' } }, undefined, buildOptions),
);

/** The same request as HAR, the input httpsnippet takes. */
function toHar(request: BuiltRequest): HarRequest {
  const headers = Object.entries(request.headers).map(([name, value]) => ({ name, value }));
  const body = request.body;
  const mimeType = request.headers['Content-Type'] ?? 'application/octet-stream';
  const postData =
    body.type === 'json' || body.type === 'text'
      ? { mimeType, text: body.text }
      : body.type === 'urlencoded'
        ? { mimeType, params: body.fields.map(([name, value]) => ({ name, value })) }
        : body.type === 'form-data'
          ? {
              mimeType,
              params: body.parts.map((p) =>
                p.type === 'text'
                  ? { name: p.name, value: p.value }
                  : { name: p.name, fileName: p.fileName, contentType: p.contentType },
              ),
            }
          : { mimeType };
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    headers,
    queryString: [],
    cookies: [],
    postData,
    headersSize: -1,
    bodySize: -1,
  };
}
const hars = requests.map(toHar);

const PEER_TARGETS = [
  ['shell', 'curl'],
  ['javascript', 'fetch'],
  ['python', 'requests'],
] as const;

let sink = 0;
let i = 0;
const bench = new Bench({ time: 2000, warmup: true });
bench
  .add('sextant: render curl + fetch + requests', () => {
    const request = requests[i++ % requests.length] as BuiltRequest;
    for (const target of SNIPPET_TARGETS) sink += target.generate(request).length;
  })
  .add('sextant: buildRequest + render all three', () => {
    const [endpoint, s] = inputs[i++ % inputs.length] as (typeof inputs)[number];
    const request = buildRequest(endpoint, s, { bearer: { token: 'sk_test' } }, undefined, buildOptions);
    for (const target of SNIPPET_TARGETS) sink += target.generate(request).length;
  })
  .add('httpsnippet 3: HAR → curl + fetch + requests', () => {
    const snippet = new HTTPSnippet(hars[i++ % hars.length] as HarRequest);
    for (const [target, client] of PEER_TARGETS) {
      const out = snippet.convert(target, client);
      sink += typeof out === 'string' ? out.length : 0;
    }
  });

await bench.run();

/** Mean ops/s as runs / total time (not the mean of per-sample rates, which outliers inflate), and the median. */
const rates = (name: string): { mean: number; median: number } => {
  const result = bench.getTask(name)?.result;
  if (!result || !('period' in result)) throw new Error(`${name}: no result (${result?.state})`);
  return { mean: 1000 / result.period, median: 1000 / (result.latency.p50 ?? result.period) };
};
const ours = rates('sextant: render curl + fetch + requests');
const oursWithBuild = rates('sextant: buildRequest + render all three');
const peer = rates('httpsnippet 3: HAR → curl + fetch + requests');
const fmt = (n: number) => Math.round(n).toLocaleString('en').padStart(9);
console.table(bench.table());
console.log(
  `requests: ${requests.length} (GET query, GET path, POST JSON, POST urlencoded, POST multipart), bearer auth`,
);
console.log('                       mean ops/s   median ops/s');
console.log(`sextant render         ${fmt(ours.mean)}   ${fmt(ours.median)}`);
console.log(`sextant build+render   ${fmt(oursWithBuild.mean)}   ${fmt(oursWithBuild.median)}`);
console.log(`httpsnippet            ${fmt(peer.mean)}   ${fmt(peer.median)}`);
console.log(
  `ratio render / httpsnippet:       ${(ours.mean / peer.mean).toFixed(1)}× mean, ${(ours.median / peer.median).toFixed(1)}× median  (target ≥ 5×)`,
);
console.log(
  `ratio build+render / httpsnippet: ${(oursWithBuild.mean / peer.mean).toFixed(1)}× mean, ${(oursWithBuild.median / peer.median).toFixed(1)}× median`,
);
if (sink === 0) console.log('(nothing rendered)');
