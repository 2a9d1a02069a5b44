/**
 * bench:docs-page — one endpoint page of GitHub's REST spec (GET /repos/{owner}/{repo}) in
 * headless Chromium, Sextant against @scalar/api-reference, swagger-ui-dist and redoc loading
 * the same spec, all in one run: time until the operation is on screen and interactive, and
 * JavaScript bytes (gzip). Then Sextant's page weight for an API of 10 and of 1000 endpoints.
 *
 * Targets: ≤ 1/10 of each peer's time; ≤ 100 KB gzip of JS; equal page weight for 10 and 1000.
 * Run: npm run bench:docs-page  (RUNS=5 to change the number of runs per site)
 */

import { mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildServer } from '@sextant/server';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser.js';

const ROOT = resolve(import.meta.dirname, '../..');
const DATA = join(ROOT, 'test-data/node_modules');
const GITHUB_SPEC = join(DATA, '@octokit/openapi/generated/api.github.com.json');
const RUNS = Number(process.env.RUNS ?? 3);
const SLUG = 'rest/repos/get-a-repository';

interface Sample {
  ms: number;
  jsGzip: number;
}

/** Serves the peers' bundles, the spec and one HTML page per peer. */
async function startPeerServer(): Promise<{ server: Server; url: string }> {
  const files: Record<string, string> = {
    '/spec.json': GITHUB_SPEC,
    '/swagger/swagger-ui-bundle.js': join(DATA, 'swagger-ui-dist/swagger-ui-bundle.js'),
    '/swagger/swagger-ui.css': join(DATA, 'swagger-ui-dist/swagger-ui.css'),
    '/redoc/redoc.standalone.js': join(DATA, 'redoc/bundles/redoc.standalone.js'),
    '/scalar/standalone.js': join(DATA, '@scalar/api-reference/dist/browser/standalone.js'),
  };
  const pages: Record<string, string> = {
    // Swagger UI's deep link splits on "/", and GitHub's operation ids contain one: open the tag and operation through its layout actions.
    '/swagger.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/swagger/swagger-ui.css"></head><body><div id="ui"></div>
<script src="/swagger/swagger-ui-bundle.js"></script><script>
const ui = SwaggerUIBundle({ url: '/spec.json', dom_id: '#ui', deepLinking: false, onComplete() {
  ui.layoutActions.show(['operations-tag', 'repos'], true);
  ui.layoutActions.show(['operations', 'repos', 'repos/get'], true);
  setTimeout(() => document.getElementById('operations-repos-repos/get')?.scrollIntoView(), 0);
} });</script></body></html>`,
    '/redoc.html': `<!doctype html><html><head><meta charset="utf-8"></head><body><redoc spec-url="/spec.json"></redoc><script type="module" src="/redoc/redoc.standalone.js"></script></body></html>`,
    '/scalar.html': `<!doctype html><html><head><meta charset="utf-8"></head><body><script id="api-reference" data-url="/spec.json"></script><script src="/scalar/standalone.js"></script></body></html>`,
  };
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
  };
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const page = pages[path];
    if (page) {
      response.writeHead(200, { 'content-type': 'text/html' }).end(page);
      return;
    }
    const file = files[path];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const body = await readFile(file);
    const zipped = /gzip/.test(String(request.headers['accept-encoding']));
    response.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      ...(zipped ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(zipped ? gzipCache(file, body) : body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const zipCache = new Map<string, Buffer>();
function gzipCache(key: string, body: Buffer): Buffer {
  let zipped = zipCache.get(key);
  if (!zipped) {
    zipped = gzipSync(body, { level: 6 });
    zipCache.set(key, zipped);
  }
  return zipped;
}

/** Loads `url` in a fresh context; resolves when `ready` holds: time since navigation start, and gzip bytes of every script. */
async function measure(
  browser: Browser,
  url: string,
  ready: (selector: string) => boolean,
  selector = '',
): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page: Page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(
        response.body().then(
          (b) => gzipSync(b, { level: 6 }).length,
          () => 0,
        ),
      );
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(ready, selector, { polling: 'raf', timeout: 60_000 });
  // Interactive: a task posted now runs once the main thread is free of the work that rendered the page.
  const ms = await page.evaluate(
    () => new Promise<number>((done) => setTimeout(() => done(performance.now()), 0)),
  );
  const jsGzip = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  await context.close();
  return { ms, jsGzip };
}

/** True when the operation's element is rendered with a size (runs in the page). Peers do not all scroll to a deep link, so on-screen is not required. */
const visible = (selector: string) => {
  const element = document.querySelector(selector);
  return Boolean(element && element.getBoundingClientRect().height > 0);
};

/** A synthetic API of `n` endpoints (tags of 10) sharing one schema: the page of endpoint 0 must weigh the same for any n. */
function syntheticSpec(n: number): object {
  const paths: Record<string, object> = {};
  for (let i = 0; i < n; i++) {
    paths[`/things${i}/{id}`] = {
      get: {
        operationId: `getThing${i}`,
        tags: [`group-${Math.floor(i / 10)}`],
        summary: `Get thing ${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Weight API', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    components: {
      schemas: {
        Thing: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
      },
    },
    paths,
  };
}

async function pageWeight(browser: Browser, n: number): Promise<{ js: number; data: number; html: number }> {
  const dir = await mkdtemp(join(tmpdir(), `sextant-weight-${n}-`));
  await writeFile(join(dir, 'api.json'), JSON.stringify(syntheticSpec(n)));
  await writeFile(
    join(dir, 'docs.yml'),
    'title: Weight\nnavigation:\n  - api: API\n    spec: api.json\n    slug: api\n',
  );
  const app = await buildServer({
    mode: 'local',
    parts: { registry: false, proxy: false, wsProxy: false },
    docs: { projectDir: dir },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const pageUrl = `${url}/api/group-0/get-thing-0`;
  const html = await (await fetch(pageUrl)).text();
  const data = /<script type="application\/json" id="sx-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const sample = await measure(browser, pageUrl, () => document.documentElement.dataset.hydrated === 'true');
  await app.close();
  return { js: sample.jsGzip, data: gzipSync(data).length, html: gzipSync(html).length };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-bench-docs-'));
  await symlink(GITHUB_SPEC, join(dir, 'github.json'));
  await writeFile(
    join(dir, 'docs.yml'),
    'title: GitHub REST API\nnavigation:\n  - api: REST API\n    spec: github.json\n    slug: rest\n',
  );
  const sextant = await buildServer({
    mode: 'local',
    parts: { registry: false, proxy: false, wsProxy: false },
    docs: { projectDir: dir },
  });
  const sextantUrl = await sextant.listen({ port: 0, host: '127.0.0.1' });
  // Cold render (import done at first request, then the page): reported, then the steady state is measured.
  let started = performance.now();
  await sextant.docsHost.current();
  const loadMs = performance.now() - started;
  started = performance.now();
  const first = await fetch(`${sextantUrl}/${SLUG}`);
  if (!first.ok) throw new Error(`Sextant page: HTTP ${first.status}`);
  await first.text();
  const coldRenderMs = performance.now() - started;
  const peers = await startPeerServer();
  const browser = await launchBrowser();

  const sites: { name: string; url: string; ready: (selector: string) => boolean; selector?: string }[] = [
    {
      name: 'Sextant',
      url: `${sextantUrl}/${SLUG}`,
      ready: () =>
        document.documentElement.dataset.hydrated === 'true' && Boolean(document.querySelector('#sx-try-it')),
    },
    {
      name: 'Swagger UI',
      url: `${peers.url}/swagger.html`,
      ready: visible,
      selector: '[id="operations-repos-repos/get"] .opblock-body',
    },
    {
      name: 'Redoc',
      url: `${peers.url}/redoc.html#tag/repos/operation/repos/get`,
      ready: visible,
      selector: '[id="tag/repos/operation/repos/get"]',
    },
    {
      name: 'Scalar',
      url: `${peers.url}/scalar.html#api-1/tag/repos/GET/repos/{owner}/{repo}`,
      ready: visible,
      selector: '[id="tag/repos/GET/repos/{owner}/{repo}"]',
    },
  ];
  const results: Record<string, { ms: number; jsGzip: number }> = {};
  const only = process.env.ONLY?.split(',');
  for (const site of sites.filter((s) => !only || only.includes(s.name))) {
    const samples: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      try {
        samples.push(await measure(browser, site.url, site.ready, site.selector));
      } catch (error) {
        console.error(
          `${site.name} run ${run + 1} failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
        );
      }
    }
    results[site.name] = {
      ms: median(samples.map((s) => s.ms)),
      jsGzip: median(samples.map((s) => s.jsGzip)),
    };
  }

  const ours = results.Sextant ?? { ms: Number.NaN, jsGzip: Number.NaN };
  console.log(
    `\nGET /repos/{owner}/{repo} of GitHub's REST spec (${RUNS} runs each, median; Chromium, 1280x900)`,
  );
  console.log(
    `Sextant spec import at first request: ${Math.round(loadMs)} ms; first server render of the page: ${Math.round(coldRenderMs)} ms (then cached)\n`,
  );
  console.log('site        time to interactive   JS (gzip)   Sextant time ratio   target ≤ 0.10');
  for (const site of sites) {
    const r = results[site.name];
    if (!r) continue;
    const ratio = site.name === 'Sextant' ? '' : (ours.ms / r.ms).toFixed(3);
    const verdict = site.name === 'Sextant' ? '' : ours.ms / r.ms <= 0.1 ? 'met' : 'NOT met';
    console.log(
      `${site.name.padEnd(12)}${`${Math.round(r.ms)} ms`.padStart(18)}${kb(r.jsGzip).padStart(12)}${ratio.padStart(21)}   ${verdict}`,
    );
  }
  console.log(
    `\nSextant first-load JS: ${kb(ours.jsGzip)} gzip (target ≤ 100 KB: ${ours.jsGzip <= 100 * 1024 ? 'met' : 'NOT met'})`,
  );

  const small = await pageWeight(browser, 10);
  const large = await pageWeight(browser, 1000);
  console.log('\nPage weight of one endpoint page (gzip):   10 endpoints   1000 endpoints');
  console.log(
    `  JavaScript                              ${kb(small.js).padStart(12)}   ${kb(large.js).padStart(14)}`,
  );
  console.log(
    `  page data (definition slice)            ${kb(small.data).padStart(12)}   ${kb(large.data).padStart(14)}`,
  );
  console.log(
    `  HTML (incl. data and navigation)        ${kb(small.html).padStart(12)}   ${kb(large.html).padStart(14)}`,
  );
  console.log(`  JS + data equal: ${small.js === large.js && small.data === large.data ? 'yes' : 'NO'}`);

  await browser.close();
  await sextant.close();
  peers.server.close();
}

if (process.env.PROBE) {
  const peers = await startPeerServer();
  const browser = await launchBrowser();
  for (const [page, hash, prefix] of [
    ['swagger.html', '', 'operations-repos'],
    ['redoc.html', '#repos/repos/get', ''],
    ['scalar.html', '#api-1/tag/repos/GET/repos/{owner}/{repo}', ''],
  ] as const) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    tab.on('console', (m) => console.log(page, 'console', m.type(), m.text().slice(0, 200)));
    tab.on('pageerror', (e) => console.log(page, 'pageerror', e.message.slice(0, 200)));
    tab.on('requestfailed', (r) => console.log(page, 'failed', r.url(), r.failure()?.errorText));
    await tab.goto(`${peers.url}/${page}${hash}`);
    await tab.waitForTimeout(30_000);
    console.log(page, 'body', await tab.evaluate(() => document.body.innerHTML.length));
    const ids = await tab.evaluate(
      (p) =>
        Array.from(document.querySelectorAll('[id]'))
          .map((e) => e.id)
          .filter((id) => id.includes('repos'))
          .slice(0, 8),
      prefix,
    );
    console.log(page, ids);
    await context.close();
  }
  await browser.close();
  peers.server.close();
} else {
  await main();
}
