/**
 * bench:response — the playground's response viewer on large JSON answers (issue #28 item 6), in
 * headless Chromium against the real Sextant server (local mode, its HTTP proxy) and a loopback
 * upstream answering 1 MB and 10 MB of minified JSON (`packages/playground/src/testing/large-answers.ts`).
 *
 * Per run, in a fresh context on the endpoint's reference page: Try it, then Send (clicked inside
 * the page, the clock's zero). Measured in the page:
 * - visible: the first frame (requestAnimationFrame loop) with a body row in the Response card,
 *   ms after Send, after the answer's first byte (its resource timing `responseStart`: the answer
 *   started, the limit's measure) and after its last byte (`responseEnd`);
 * - longest task: the longest main-thread task (PerformanceObserver 'longtask', ≥ 50 ms) from Send
 *   until the viewer has laid out the whole body (`data-complete`), and their count;
 * - complete: ms after Send until the whole body is laid out (the scrollbar's full length).
 * Limits: 1 MB visible ≤ 300 ms after the answer's first byte; 10 MB with no task over 200 ms. Ratios are figure /
 * limit (≤ 1 passes). Also the reference page's first-load JS (scripts before Try it, gzip as sent):
 * the viewer is in the playground chunk, loaded only by Try it.
 *
 *   npm run bench:response      RUNS=5 runs per size (default 3)
 * Prints a table and writes bench/results/response-viewer-<time>.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser.js';
import { LARGE_SIZES, type LargeSize } from '../../packages/playground/src/testing/large-answers.js';
import { startLargeAnswersSite } from './site.js';

const ROOT = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.RUNS ?? 3);
const VISIBLE_LIMIT_MS = 300;
const LONG_TASK_LIMIT_MS = 200;

interface Run {
  visibleAfterSendMs: number;
  visibleAfterFirstByteMs: number;
  visibleAfterArrivalMs: number;
  completeMs: number;
  longestTaskMs: number;
  longTasks: number;
}

interface PageProbe {
  zero: number;
  visible?: number;
  firstByte?: number;
  arrival?: number;
  complete?: number;
  tasks: { start: number; duration: number }[];
}

declare global {
  interface Window {
    __probe: PageProbe;
  }
}

/** Installed before the page's own scripts: long tasks from the start, frames watched after Send. */
function installProbe() {
  window.__probe = { zero: 0, tasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__probe.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** Clicks Send inside the page and watches every frame until the body is laid out. */
function sendAndWatch(): Promise<void> {
  const probe = window.__probe;
  return new Promise((done) => {
    const frame = () => {
      const now = performance.now();
      if (probe.visible === undefined && document.querySelector('[data-testid="body-lines"] .sx-pg-line'))
        probe.visible = now;
      if (document.querySelector('.sx-pg-body-viewer[data-complete="true"]')) {
        probe.complete = now;
        const answer = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime >= probe.zero)
          .sort(
            (a, b) =>
              (b as PerformanceResourceTiming).encodedBodySize -
              (a as PerformanceResourceTiming).encodedBodySize,
          )[0] as PerformanceResourceTiming | undefined;
        probe.firstByte = answer?.responseStart;
        probe.arrival = answer?.responseEnd;
        done();
        return;
      }
      requestAnimationFrame(frame);
    };
    probe.zero = performance.now();
    (document.querySelector('[data-testid="send"]') as HTMLButtonElement).click();
    requestAnimationFrame(frame);
  });
}

async function firstLoadJs(page: Page): Promise<number> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter(
        (entry) =>
          (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'),
      )
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
  );
}

async function measure(browser: Browser, url: string): Promise<{ run: Run; firstLoadJs: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  try {
    const page = await context.newPage();
    // tsx (esbuild, keepNames) wraps inner functions in __name(): give the page one.
    await page.addInitScript('window.__name = (fn) => fn;');
    await page.addInitScript(installProbe);
    await page.goto(url);
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 120_000 });
    const js = await firstLoadJs(page);
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByTestId('send').waitFor();
    await page.evaluate(sendAndWatch);
    const probe = await page.evaluate(() => window.__probe);
    const during = probe.tasks.filter((task) => task.start + task.duration >= probe.zero);
    const visible = probe.visible ?? Number.NaN;
    return {
      firstLoadJs: js,
      run: {
        visibleAfterSendMs: visible - probe.zero,
        visibleAfterFirstByteMs: visible - (probe.firstByte ?? Number.NaN),
        visibleAfterArrivalMs: visible - (probe.arrival ?? Number.NaN),
        completeMs: (probe.complete ?? Number.NaN) - probe.zero,
        longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
        longTasks: during.length,
      },
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main() {
  const loadAtStart = loadavg()[0] ?? 0;
  const site = await startLargeAnswersSite();
  const browser = await launchBrowser();
  const results: Record<string, { runs: Run[]; firstLoadJs: number }> = {};
  try {
    for (const size of Object.keys(LARGE_SIZES) as LargeSize[]) {
      const url = site.pageUrl(size);
      const runs: Run[] = [];
      let js = 0;
      // One warm-up load (compiles the chunks, fills the upstream's cache), not counted.
      await measure(browser, url);
      for (let i = 0; i < RUNS; i++) {
        const { run, firstLoadJs } = await measure(browser, url);
        runs.push(run);
        js = firstLoadJs;
        console.log(`${size} run ${i + 1}: ${JSON.stringify(run)}`);
      }
      results[size] = { runs, firstLoadJs: js };
    }
  } finally {
    await browser.close();
    await site.close();
  }

  const rows = Object.entries(results).map(([size, { runs }]) => ({
    size,
    visibleAfterFirstByteMs: median(runs.map((r) => r.visibleAfterFirstByteMs)),
    visibleAfterArrivalMs: median(runs.map((r) => r.visibleAfterArrivalMs)),
    bestVisibleAfterFirstByteMs: Math.min(...runs.map((r) => r.visibleAfterFirstByteMs)),
    bestLongestTaskMs: Math.min(...runs.map((r) => r.longestTaskMs)),
    medianLongestTaskMs: median(runs.map((r) => r.longestTaskMs)),
    visibleAfterSendMs: median(runs.map((r) => r.visibleAfterSendMs)),
    completeMs: median(runs.map((r) => r.completeMs)),
    longestTaskMs: Math.max(...runs.map((r) => r.longestTaskMs)),
    longTasks: median(runs.map((r) => r.longTasks)),
  }));
  console.log(
    `\nbench:response — median of ${RUNS} runs (longest task: worst run, and the median run's); load ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]?.toFixed(1)} at end, on 2 cores`,
  );
  console.table(
    rows.map((r) => ({
      size: r.size,
      'visible after first byte (ms)': r.visibleAfterFirstByteMs.toFixed(0),
      'visible after last byte (ms)': r.visibleAfterArrivalMs.toFixed(0),
      'visible after Send (ms)': r.visibleAfterSendMs.toFixed(0),
      'all laid out (ms)': r.completeMs.toFixed(0),
      'longest task (ms)': r.longestTaskMs.toFixed(0),
      'longest task, median run (ms)': r.medianLongestTaskMs.toFixed(0),
      'long tasks': r.longTasks,
      [`visible / ${VISIBLE_LIMIT_MS} ms`]: (r.visibleAfterFirstByteMs / VISIBLE_LIMIT_MS).toFixed(2),
      [`longest / ${LONG_TASK_LIMIT_MS} ms`]: (r.longestTaskMs / LONG_TASK_LIMIT_MS).toFixed(2),
    })),
  );
  const oneMb = rows.find((r) => r.size === '1mb');
  const tenMb = rows.find((r) => r.size === '10mb');
  const verdicts = {
    oneMbVisible: oneMb !== undefined && oneMb.visibleAfterFirstByteMs <= VISIBLE_LIMIT_MS,
    tenMbLongestTask: tenMb !== undefined && tenMb.longestTaskMs <= LONG_TASK_LIMIT_MS,
    // On a loaded machine one run's task can be stretched by the scheduler: the median run says so.
    tenMbLongestTaskMedianRun: tenMb !== undefined && tenMb.medianLongestTaskMs <= LONG_TASK_LIMIT_MS,
  };
  const firstLoadJs = results['1mb']?.firstLoadJs ?? 0;
  console.log(
    `1 MB visible ≤ ${VISIBLE_LIMIT_MS} ms after the answer's first byte: ${verdicts.oneMbVisible ? 'PASS' : 'FAIL'}`,
  );
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  console.log(
    `10 MB no task over ${LONG_TASK_LIMIT_MS} ms: worst run ${verdict(verdicts.tenMbLongestTask)}, median run ${verdict(verdicts.tenMbLongestTaskMedianRun)}`,
  );
  console.log(`reference page first-load JS (as sent): ${(firstLoadJs / 1024).toFixed(1)} KB`);
  const out = join(ROOT, 'bench/results');
  await mkdir(out, { recursive: true });
  const file = join(out, `response-viewer-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    JSON.stringify({ runs: RUNS, load: loadavg(), results, rows, verdicts, firstLoadJs }, null, 2),
  );
  console.log(`wrote ${file}`);
}

await main();
