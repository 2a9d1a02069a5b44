/**
 * bench:render-pages — GitHub's endpoint pages rendered in this process (no HTTP, no registry):
 * the renderer's share of bench:serve-cold, for profiling and for checking a change keeps every
 * page's bytes.
 *
 *   NODE_ENV=production tsx bench/serve/render-pages.ts
 *   RENDER_PAGES=N          the first N endpoint pages only (default: all 1,223)
 *   RENDER_DUMP=dir         write every page's HTML there
 *   RENDER_COMPARE=dir      compare every page's HTML with the one dumped there (exit 1 on a difference)
 *   RENDER_PROFILE=file     a CPU profile of the pages after the first (open it in Chrome's DevTools)
 *   RENDER_HEAP_PROFILE=file  a sampling profile of what those pages allocate (collected objects too)
 *   RENDER_SOURCES=1        run the TypeScript sources through tsx (profiles name the sources' lines);
 *                           by default the renderer runs bundled as the package ships it (bench/support/bundled.ts)
 * Pages per CPU second exclude the first page (the site's first load: highlighter, grammars) and
 * what it started in the background (the other grammars, loaded 1 s after it).
 */
import { fork } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { pageHtml, renderDocsPage } from '@sextant/docs-site';
import { bundledChildEnv, bundledModule, withoutTsx } from '../support/bundled.js';
import { endpointSlugs, githubSite, hostedRenderContext } from '../support/github-site.js';

/** The client build's file names carry content hashes: a rebuilt client is no change of the renderer. */
const withoutAssetHashes = (html: string) => html.replace(/-[\w-]{8}\.(js|css)\b/g, '-#.$1');

const fileName = (slug: string) => `${slug.replaceAll('/', '__')}.html`;

async function main(): Promise<void> {
  const site = await githubSite();
  const slugs = endpointSlugs(site);
  const limit = Number(process.env.RENDER_PAGES ?? 0);
  const pages = limit > 0 ? slugs.slice(0, limit) : slugs;
  const ctx = await hostedRenderContext(site);
  const dump = process.env.RENDER_DUMP;
  const compare = process.env.RENDER_COMPARE;
  if (dump) await mkdir(dump, { recursive: true });
  const rendered = new Map<string, string>();
  const firstStarted = process.cpuUsage();
  const [first, ...rest] = pages;
  rendered.set(first as string, pageHtml(await renderDocsPage(site, first as string, ctx)));
  const firstCpu = process.cpuUsage(firstStarted);
  // The first page starts the other grammars' loading and compiling 1 s later, in the background
  // (highlight.ts): as the cold walk does (bench/serve/cold.ts), let that finish before measuring.
  await new Promise((done) => setTimeout(done, 2500));
  const profile = process.env.RENDER_PROFILE;
  const heapProfile = process.env.RENDER_HEAP_PROFILE;
  const session = new Session();
  if (profile || heapProfile) session.connect();
  if (profile) {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  if (heapProfile) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  const started = process.cpuUsage();
  for (const slug of rest) rendered.set(slug, pageHtml(await renderDocsPage(site, slug, ctx)));
  const cpu = process.cpuUsage(started);
  if (profile) {
    const { profile: taken } = await session.post('Profiler.stop');
    await writeFile(profile, JSON.stringify(taken));
  }
  if (heapProfile) {
    const { profile: taken } = await session.post('HeapProfiler.stopSampling');
    await writeFile(heapProfile, JSON.stringify(taken));
  }
  if (profile || heapProfile) session.disconnect();
  const seconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `first page ${((firstCpu.user + firstCpu.system) / 1e3).toFixed(0)} ms CPU; ${rest.length} pages in ${seconds.toFixed(2)} CPU s: ${(rest.length / seconds).toFixed(0)} pages per CPU second`,
  );
  let differ = 0;
  for (const [slug, html] of rendered) {
    if (dump) await writeFile(join(dump, fileName(slug)), html);
    if (
      compare &&
      withoutAssetHashes(await readFile(join(compare, fileName(slug)), 'utf8')) !== withoutAssetHashes(html)
    ) {
      if (differ++ < 5) console.log(`differs: ${slug}`);
    }
  }
  if (compare) {
    console.log(`${rendered.size - differ} of ${rendered.size} pages identical to ${compare}`);
    if (differ) process.exitCode = 1;
  }
}

/** Runs this bench bundled, in a child process; its exit code is this one's. */
async function inBundle(): Promise<void> {
  const bundled = await bundledModule('bench/serve/render-pages.ts');
  try {
    const child = fork(bundled.file, [], {
      env: { NODE_ENV: 'production', ...process.env, RENDER_BUNDLED: '1', ...bundledChildEnv() },
      execArgv: withoutTsx(process.execArgv),
      stdio: 'inherit',
    });
    process.exitCode = await new Promise<number>((done) => child.once('exit', (code) => done(code ?? 1)));
  } finally {
    await bundled.remove();
  }
}

if (process.env.RENDER_SOURCES || process.env.RENDER_BUNDLED) await main();
else await inBundle();
