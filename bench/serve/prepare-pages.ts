/**
 * bench:prepare-pages — what the docs host does to a rendered page before it sends it, over every
 * GitHub endpoint page (issue #30 item 3): encode, hash, nonce, gzip (`prepareCachedPage`). The
 * pages are rendered first (not measured), then prepared once each in the order of a cold walk, so
 * the shared parts' one-time work (their bytes, their deflate pieces) counts as a walk pays it.
 *
 *   npx tsx bench/serve/prepare-pages.ts        PREPARE_ROUNDS=N runs N fresh processes (default 3)
 */
import { fork } from 'node:child_process';
import { NONCE_PLACEHOLDER, type PagePart, renderDocsPage } from '@sextant/docs-site';
import { prepareCachedPage } from '../../apps/server/src/docs-host/cached-page.js';
import { endpointSlugs, githubSite, hostedRenderContext } from '../support/github-site.js';

type Result = { micros: number; mainMicros: number; pages: number; gzipBytes: number; textBytes: number };

async function oneRound(): Promise<Result> {
  const site = await githubSite();
  const slugs = endpointSlugs(site);
  const ctx = await hostedRenderContext(site);
  const rendered: (readonly PagePart[])[] = [];
  for (const slug of slugs) rendered.push((await renderDocsPage(site, slug, ctx)).parts);
  let gzipBytes = 0;
  let textBytes = 0;
  const started = process.cpuUsage();
  const mainStarted = process.threadCpuUsage();
  for (const parts of rendered) {
    const page = prepareCachedPage(parts, NONCE_PLACEHOLDER, 'v1');
    gzipBytes += page.heldBytes;
    textBytes += page.length;
  }
  const cpu = process.cpuUsage(started);
  const main = process.threadCpuUsage(mainStarted);
  return {
    micros: cpu.user + cpu.system,
    mainMicros: main.user + main.system,
    pages: rendered.length,
    gzipBytes,
    textBytes,
  };
}

if (process.env.PREPARE_CHILD) {
  const result = await oneRound();
  if (process.send) process.send(result);
  else console.log(result);
} else {
  const rounds = Number(process.env.PREPARE_ROUNDS ?? 3);
  const results: Result[] = [];
  for (let i = 0; i < rounds; i++) {
    const child = fork(import.meta.filename, [], {
      env: { ...process.env, PREPARE_CHILD: '1', NODE_ENV: 'production' },
    });
    results.push(
      await new Promise<Result>((done, fail) => {
        child.once('message', (m) => done(m as Result));
        child.once('exit', (code) =>
          fail(new Error(`the bench's child exited (code ${code}) without a result`)),
        );
      }),
    );
    child.kill();
  }
  const perPage = results.map((r) => r.micros / r.pages).sort((a, b) => a - b);
  const [r] = results as [Result];
  console.log(
    `prepareCachedPage over ${r.pages} GitHub endpoint pages: ${perPage.map((m) => m.toFixed(0)).join(', ')} µs a page (median ${perPage[Math.floor(perPage.length / 2)]?.toFixed(0)}); ` +
      `${(r.textBytes / r.pages / 1024).toFixed(1)} KiB a page, gzip ${(r.gzipBytes / r.pages / 1024).toFixed(2)} KiB (${((100 * r.gzipBytes) / r.textBytes).toFixed(1)} %)`,
  );
}
