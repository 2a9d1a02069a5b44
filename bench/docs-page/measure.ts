/**
 * One page load in a fresh browser context, measured the same way for every site:
 *
 * interactive = the target operation's heading is on screen (its parameters rendered), the load
 * event has fired, and the main thread has been quiet (no long task, PerformanceObserver
 * 'longtask') for QUIET_MS. The figure is the latest of those three moments (visible, load, end of
 * the last long task), in ms from navigation start.
 *
 * JavaScript bytes: every script response (workers included) of the load, decoded and gzipped
 * here at level 6, so a server that sends scripts uncompressed or with brotli is counted alike.
 * Every request off the local machine is aborted and reported (this machine has no internet;
 * a peer waiting on a CDN would otherwise measure the network timeout).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Response } from 'playwright-core';
import type { Site, Target } from './peers.js';

export const QUIET_MS = 500;

export interface Sample {
  /** Interactive, ms from navigation start; null when the cap was reached first. */
  interactiveMs: number | null;
  visibleMs: number | null;
  loadMs: number | null;
  /** End of the last long task before the quiet window. */
  lastLongTaskMs: number;
  longTasks: number;
  /** Sum of long task durations: main-thread time spent in tasks over 50 ms. */
  longTaskTotalMs: number;
  /** When the page marked itself hydrated (`<html data-hydrated>`), if it does. */
  hydratedMs: number | null;
  jsGzip: number;
  jsRaw: number;
  scripts: number;
  /** Every response of the load by resource type (document, script, stylesheet, fetch, font, ...). */
  bytes: Record<string, Bytes>;
  blocked: string[];
}

/**
 * Installed before any page script: records long tasks, the load event, the hydrated mark, and
 * the first animation frame in which the target operation is on screen (TARGET_VISIBLE). The
 * watcher runs in the page from its first frame: polling from the bench (Playwright's
 * waitForFunction) starts only once the page's main thread first lets it in, which on a page that
 * is on screen early reports its visibility late.
 */
function initScript(target: Target): string {
  return `(() => {
  const bench = (window.__bench = { longTasks: [], loadAt: null, hydratedAt: null, visibleAt: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longTasks.push([e.startTime, e.startTime + e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  addEventListener('load', () => { bench.loadAt = performance.now(); });
  // The observer watches the document: at this point <html> may not exist yet.
  new MutationObserver(() => {
    if (bench.hydratedAt === null && document.documentElement?.dataset.hydrated === 'true')
      bench.hydratedAt = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  const visible = ${TARGET_VISIBLE};
  const target = ${JSON.stringify(target)};
  const frame = () => {
    const at = visible(target);
    if (at === false) requestAnimationFrame(frame);
    else bench.visibleAt = at;
  };
  requestAnimationFrame(frame);
})();`;
}

interface BenchState {
  longTasks: [number, number][];
  loadAt: number | null;
  hydratedAt: number | null;
  visibleAt: number | null;
}

/**
 * Runs in the page, from the init script (a string: the bench's TypeScript compiler may wrap
 * functions in helpers the page does not have): the target's heading is rendered, on screen and
 * titled right, and its details exist. Returns the moment, or false.
 */
const TARGET_VISIBLE = `(target) => {
  const heading = document.querySelector(target.heading);
  const detail = document.querySelector(target.detail);
  if (!heading || !detail || !heading.textContent?.includes(target.title)) return false;
  const box = heading.getBoundingClientRect();
  const onScreen = box.height > 0 && box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
  return onScreen && heading.checkVisibility() && detail.getBoundingClientRect().height > 0
    ? performance.now()
    : false;
}`;

/**
 * Runs in the page: once load has fired and no long task has ended for `quiet` ms, the moment the
 * page became interactive (the latest of `visibleAt`, load and the end of the last long task).
 */
function interactiveAt([visibleAt, quiet]: [number, number]): number | false {
  const bench = (window as unknown as { __bench: BenchState }).__bench;
  if (bench.loadAt === null) return false;
  const lastTask = bench.longTasks.reduce((end, [, taskEnd]) => Math.max(end, taskEnd), 0);
  const at = Math.max(visibleAt, bench.loadAt, lastTask);
  return performance.now() - at >= quiet ? at : false;
}

const isLocal = (url: string) => /^(https?|wss?):\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url);

/** Decoded and gzipped (level 6) bytes of one resource type of a load. */
export interface Bytes {
  count: number;
  raw: number;
  gzip: number;
}

/** Records every response of the context by resource type; scripts also when served under another type (workers). */
function recordResponses(context: BrowserContext): () => Promise<Record<string, Bytes>> {
  const bodies: Promise<[string, number, number]>[] = [];
  context.on('response', (response: Response) => {
    const contentType = response.headers()['content-type'] ?? '';
    const type = /javascript/.test(contentType) ? 'script' : response.request().resourceType();
    bodies.push(
      response.body().then(
        (body) => [type, body.length, gzipSync(body, { level: 6 }).length],
        () => [type, 0, 0],
      ),
    );
  });
  return async () => {
    const byType: Record<string, Bytes> = {};
    for (const [type, raw, gzip] of await withTimeout(Promise.all(bodies), 30_000, [])) {
      const bytes = byType[type] ?? { count: 0, raw: 0, gzip: 0 };
      byType[type] = bytes;
      bytes.count++;
      bytes.raw += raw;
      bytes.gzip += gzip;
    }
    return byType;
  };
}

/** A page stuck in a long task does not answer evaluate; after `ms` the fallback is used. */
async function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((done) => {
    timer = setTimeout(() => done(fallback), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function measure(browser: Browser, site: Site, capMs: number): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const blocked = new Set<string>();
  await context.route(
    (url) => !isLocal(url.href),
    (route) => {
      blocked.add(`${route.request().resourceType()} ${route.request().url()}`);
      return route.abort('internetdisconnected');
    },
  );
  await context.addInitScript(initScript(site.target));
  const responses = recordResponses(context);
  const page = await context.newPage();
  const started = Date.now();
  const left = () => Math.max(1, capMs - (Date.now() - started));
  let visibleMs: number | null = null;
  let interactiveMs: number | null = null;
  try {
    await page.goto(site.url, { waitUntil: 'commit', timeout: capMs });
    const visible = await page.waitForFunction(
      () => (window as unknown as { __bench: BenchState }).__bench.visibleAt ?? false,
      undefined,
      { polling: 100, timeout: left() },
    );
    visibleMs = (await visible.jsonValue()) as number;
    const interactive = await page.waitForFunction(interactiveAt, [visibleMs, QUIET_MS] as [number, number], {
      polling: 100,
      timeout: left(),
    });
    interactiveMs = (await interactive.jsonValue()) as number;
  } catch (error) {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
  }
  const state = await withTimeout(
    page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench),
    30_000,
    { longTasks: [], loadAt: null, hydratedAt: null, visibleAt: null },
  );
  const lastLongTaskMs = state.longTasks.reduce((end, [, taskEnd]) => Math.max(end, taskEnd), 0);
  const bytes = await responses();
  const js = bytes.script ?? { count: 0, raw: 0, gzip: 0 };
  await context.close();
  return {
    interactiveMs,
    visibleMs,
    loadMs: state.loadAt,
    lastLongTaskMs,
    longTasks: state.longTasks.length,
    longTaskTotalMs: state.longTasks.reduce((sum, [start, end]) => sum + end - start, 0),
    hydratedMs: state.hydratedAt,
    jsRaw: js.raw,
    jsGzip: js.gzip,
    scripts: js.count,
    bytes,
    blocked: [...blocked],
  };
}
