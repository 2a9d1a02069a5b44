/**
 * bench:serve — a cached docs page served by Sextant's docs host against a bare Node server
 * sending the same bytes (the ceiling of any Node server), one run, side by side: the page (200,
 * gzip) and its revalidation (`If-None-Match` → 304). Issue #30: cached page rps ≥ 0.5 of the
 * bare server's. The servers run in a child process, autocannon in this one; each route is
 * measured in two halves in A-B-B-A order, so a change in the machine's load weighs on both.
 *
 *   npm run bench:serve     BENCH_SECONDS=8 (per route), BENCH_CONNECTIONS=10, BENCH_STORED_PAGES=1000,
 *                           BENCH_REQUEST_LOG_CACHEABLE (share, as --request-log-cacheable; default 0.01 as serve)
 * Also: memory per 1,000 stored pages (rss and heap after rendering and keeping them, each read after
 * a collection: the child runs with --expose-gc).
 * Prints a table and writes bench/results/serve-<time>.json.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultDocsConfig } from '@sextant/definition';
import { createRegistryClient } from '@sextant/registry-client';
import { buildServer } from '@sextant/server';
import autocannon from 'autocannon';

const HOST = 'bench.docs.test';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Ports {
  sextant: number;
  bare: number;
  etag: string;
  bytes: number;
  /** Memory taken by rendering and keeping `pages` pages of a second site. */
  stored: { pages: number; rssMiB: number; heapMiB: number; pageBytes: number; seconds: number };
}

const STORED_HOST = 'stored.docs.test';
const STORED_PAGES = Number(process.env.BENCH_STORED_PAGES ?? 1000);

/** Heap and RSS now (after a collection when --expose-gc gave one), in MiB. */
const memoryNow = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / 2 ** 20, heap: heapUsed / 2 ** 20 };
};

/** GET `path` from the server at `port` with `headers`: its status and body length. */
function getBytes(
  agent: Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number }> {
  return new Promise((done, fail) => {
    request({ host: '127.0.0.1', port, path, headers, agent }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => done({ status: response.statusCode ?? 0, bytes }));
      response.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

/** The child: Sextant with one published site, and a bare server with the page's bytes. */
async function serve(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sextant-bench-serve-'));
  const app = await buildServer({
    mode: 'hosted',
    dataDir,
    // What `sextant serve` runs with unless told otherwise: JSON log at info, one line per request
    // and 1 % of the cacheable ones (BENCH_REQUEST_LOG_CACHEABLE, as --request-log-cacheable), metrics on.
    logger: true,
    logLevel: 'info',
    requestLog: {
      requests: 'all',
      cacheableShare: Number(process.env.BENCH_REQUEST_LOG_CACHEABLE ?? 0.01),
    },
    metrics: { enabled: true },
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: [HOST, STORED_HOST] },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const { token } = await app.registry.createOrganization('bench');
  const client = createRegistryClient({ baseUrl: `http://127.0.0.1:${port}`, token });
  const markdown = `# Bench\n\n${'A paragraph of the guide, with **bold** and `code`.\n\n'.repeat(60)}`;
  const init = await client.initDocsRegistrationV2({ body: { orgId: 'bench', domain: HOST, files: [] } });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: {
      docsDefinition: {
        docsVersion: 1,
        config: defaultDocsConfig('Bench'),
        navigation: [{ type: 'page', title: 'Home', slug: '', pageId: 'home' }],
        pages: { home: { id: 'home', title: 'Bench', slug: '', layout: 'guide', markdown } },
        homeSlug: '',
      },
    },
  });
  // Memory per stored page: a site of STORED_PAGES guide pages, each rendered once and kept.
  const storedInit = await client.initDocsRegistrationV2({
    body: { orgId: 'bench', domain: STORED_HOST, files: [] },
  });
  const slugs = Array.from({ length: STORED_PAGES }, (_, i) => `page-${i}`);
  await client.finishDocsRegistrationV2({
    params: { id: storedInit.docsRegistrationId },
    body: {
      docsDefinition: {
        docsVersion: 1,
        config: defaultDocsConfig('Stored'),
        navigation: [
          { type: 'page', title: 'Home', slug: '', pageId: 'home' },
          // Sections of 50, as a large guide would be laid out.
          ...Array.from({ length: Math.ceil(STORED_PAGES / 50) }, (_, s) => ({
            type: 'section',
            title: `Part ${s}`,
            slug: `part-${s}`,
            children: slugs
              .slice(s * 50, s * 50 + 50)
              .map((slug) => ({ type: 'page', title: slug, slug, pageId: slug })),
          })),
        ],
        pages: {
          home: { id: 'home', title: 'Stored', slug: '', layout: 'guide', markdown: '# Stored' },
          ...Object.fromEntries(
            slugs.map((slug) => [
              slug,
              {
                id: slug,
                title: slug,
                slug,
                layout: 'guide',
                markdown: `# ${slug}\n\n${markdown.slice(0, 1500)}`,
              },
            ]),
          ),
        },
        homeSlug: '',
      },
    },
  });
  await app.inject({ url: '/', headers: { host: STORED_HOST } });
  // The first page starts the other grammars loading a second later (once per process): not a
  // cost of the pages, so it is done before the first reading.
  await new Promise((done) => setTimeout(done, 2500));
  const before = memoryNow();
  const renderStarted = performance.now();
  let pageBytes = 0;
  // Over HTTP as readers ask, not `inject`: its responses stay queued in its own immediates a
  // while after the loop, and counted 23 of 36 MB of the reading.
  const agent = new Agent({ keepAlive: true });
  for (const slug of slugs) {
    const { status, bytes } = await getBytes(agent, port, `/${slug}`, {
      host: STORED_HOST,
      'accept-encoding': 'gzip',
    });
    if (status !== 200) throw new Error(`/${slug} answered ${status}`);
    pageBytes += bytes;
  }
  agent.destroy();
  await new Promise((done) => setTimeout(done, 100));
  const after = memoryNow();
  const stored = {
    pages: STORED_PAGES,
    rssMiB: after.rss - before.rss,
    heapMiB: after.heap - before.heap,
    pageBytes: pageBytes / STORED_PAGES,
    seconds: (performance.now() - renderStarted) / 1000,
  };

  const page = await app.inject({ url: '/', headers: { host: HOST, 'accept-encoding': 'gzip' } });
  if (page.statusCode !== 200) throw new Error(`the page answered ${page.statusCode}`);
  const headers = { ...page.headers };
  delete headers['content-length'];
  delete headers.date;
  delete headers.connection;
  delete headers['keep-alive'];
  const body = page.rawPayload;
  const bare = createServer((request, response) => {
    if (request.headers['if-none-match'] === headers.etag) {
      response.writeHead(304, { etag: String(headers.etag) }).end();
      return;
    }
    response.writeHead(200, headers as Record<string, string>).end(body);
  });
  await new Promise<void>((done) => bare.listen(0, '127.0.0.1', done));
  const ports: Ports = {
    sextant: port,
    bare: (bare.address() as AddressInfo).port,
    etag: String(headers.etag),
    bytes: body.length,
    stored,
  };
  process.send?.(ports);
  // The servers' CPU time so far (µs): the parent reads it around each half to cost a request.
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: user + system });
    }
  });
  process.on('disconnect', async () => {
    await app.close();
    bare.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

const cannon = (port: number, headers: Record<string, string>, duration: number) =>
  autocannon({
    url: `http://127.0.0.1:${port}/`,
    connections,
    pipelining: 1,
    duration,
    headers: { host: HOST, 'accept-encoding': 'gzip', ...headers },
  });

interface Side {
  requests: number;
  seconds: number;
  p99: number;
  errors: number;
  /** CPU time of the servers' process during this side's halves (µs). */
  cpuMicros: number;
}

/** The servers' process CPU time (µs), asked over IPC. */
const cpuOf = (child: ChildProcess) =>
  new Promise<number>((done) => {
    child.once('message', (message) => done((message as { cpu: number }).cpu));
    child.send('cpu');
  });

async function measure(
  child: ChildProcess,
  ports: Ports,
  headers: Record<string, string>,
): Promise<{ sextant: Side; bare: Side }> {
  const sides = {
    sextant: { requests: 0, seconds: 0, p99: 0, errors: 0, cpuMicros: 0 },
    bare: { requests: 0, seconds: 0, p99: 0, errors: 0, cpuMicros: 0 },
  };
  await cannon(ports.sextant, headers, 1);
  await cannon(ports.bare, headers, 1);
  for (const name of ['sextant', 'bare', 'bare', 'sextant'] as const) {
    const cpuBefore = await cpuOf(child);
    const result = await cannon(ports[name], headers, seconds / 2);
    const side = sides[name];
    side.cpuMicros += (await cpuOf(child)) - cpuBefore;
    side.requests += result.requests.total;
    side.seconds += result.duration;
    side.p99 += result.latency.p99 / 2;
    side.errors += result.errors + result.non2xx - (headers['if-none-match'] ? result.requests.total : 0);
  }
  return sides;
}

async function main(): Promise<void> {
  const child: ChildProcess = fork(import.meta.filename, [], {
    env: { ...process.env, BENCH_SERVE_CHILD: '1' },
    // A collection before each memory reading: without one, what the renders left for the
    // collector counts as kept (heap +146 MiB a reading, +40 MiB after a collection).
    execArgv: [...process.execArgv, '--expose-gc'],
    // The server's JSON log goes where an operator's would (a pipe or a file): here, nowhere.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ports = await new Promise<Ports>((done, fail) => {
    child.once('message', (message) => done(message as Ports));
    child.once('exit', (code) => fail(new Error(`the servers exited (${code})`)));
  });
  const rows: Record<string, { sextant: Side; bare: Side }> = {
    'page 200 (gzip)': await measure(child, ports, {}),
    'page 304 (If-None-Match)': await measure(child, ports, { 'if-none-match': ports.etag }),
  };
  child.disconnect();
  const rps = (side: Side) => side.requests / side.seconds;
  console.log(`bench:serve — c=${connections}, ${seconds} s per route, page ${ports.bytes} bytes gzip`);
  console.log(
    'route                      Sextant rps   bare Node rps   ratio   CPU µs/req Sextant / bare (ratio)   p99 Sextant / bare',
  );
  // CPU per request (the servers' process time over requests answered) is the figure the machine's
  // load distorts least: the rps ratio is what a client sees, the CPU ratio what a core can carry.
  const cpuPerRequest = (side: Side) => side.cpuMicros / Math.max(1, side.requests);
  const results = Object.entries(rows).map(([route, { sextant, bare }]) => {
    const ratio = rps(sextant) / rps(bare);
    const cpuRatio = cpuPerRequest(bare) / cpuPerRequest(sextant);
    console.log(
      `${route.padEnd(26)} ${rps(sextant).toFixed(0).padStart(11)} ${rps(bare).toFixed(0).padStart(15)} ${ratio.toFixed(2).padStart(7)}   ${cpuPerRequest(sextant).toFixed(0).padStart(10)} / ${cpuPerRequest(bare).toFixed(0)} (${cpuRatio.toFixed(2)})`.padEnd(
        96,
      ) +
        `   ${sextant.p99.toFixed(1)} / ${bare.p99.toFixed(1)} ms${sextant.errors + bare.errors ? `  (${sextant.errors + bare.errors} errors)` : ''}`,
    );
    return { route, sextantRps: rps(sextant), bareRps: rps(bare), ratio, cpuRatio, sextant, bare };
  });
  const out = resolve(import.meta.dirname, '../results');
  await mkdir(out, { recursive: true });
  const file = join(out, `serve-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    JSON.stringify({ connections, seconds, bytes: ports.bytes, results, stored: ports.stored }, null, 2),
  );
  const { stored } = ports;
  console.log(
    `memory of ${stored.pages} stored pages (rendered and kept, ${(stored.pageBytes / 1024).toFixed(1)} KiB gzip each, ${stored.seconds.toFixed(1)} s to render): rss +${stored.rssMiB.toFixed(1)} MiB, heap +${stored.heapMiB.toFixed(1)} MiB (per 1,000: rss ${((stored.rssMiB * 1000) / stored.pages).toFixed(1)} MiB)`,
  );
  console.log(`written ${file}`);
}

if (process.env.BENCH_SERVE_CHILD) await serve();
else await main();
