/**
 * Pre-render on publish (issue #30 Build 3, `--prerender`): after a site is published, its pages
 * are rendered into the docs host's caches in the background, so the long tail is warm before its
 * first reader. Low priority by construction: one page at a time, a `setImmediate` turn between
 * pages so live requests go first, one run at a time over all sites. Each page goes through the
 * docs host's own path (`render`, an `inject` of the page's GET), so it lands in the render cache
 * and the page cache under the key a reader's request has, and a live request for the same page
 * joins the render in flight (single-flight) instead of rendering it twice.
 *
 * Pages depend on the origin readers use (canonical and social-card URLs, the page cache's key),
 * so a run renders for the readers seen on the site's host: the Host header, and with
 * X-Forwarded-Proto the proxy's address (at most `READERS_PER_HOST` per host). A host's first
 * page view starts a run for its site (sites published before the server started, or before
 * anyone read them); a publish starts one for every reader seen on its host. A newer publish of
 * the site cancels the run in progress; a run stops when the page cache evicts (its budget is
 * full: going on would push out the pages just rendered) or when the bytes it rendered would
 * pass the cache's budget.
 */
import type { LoadedDocs } from '@sextant/registry-client';
import { Counter, type Registry } from 'prom-client';
import type { CacheName } from '../byte-cache.js';
import type { InvalidatedSites } from '../registry-source/site-source.js';
import { sitePagePaths } from './page-paths.js';

/** How a reader reached the host: what decides a page's origin and its page-cache key. */
export interface PrerenderReader {
  /** The Host header as sent (with its port). */
  readonly host: string;
  readonly forwardedProto?: string;
  /** The peer that sent X-Forwarded-Proto (whether it is trusted decides the scheme). */
  readonly remoteAddress?: string;
}

export interface PrerenderOptions {
  /** The site served at an address (`host[:port]/path`), as the docs host loads it. */
  loadSite(address: string): Promise<Pick<LoadedDocs, 'url' | 'definition' | 'baseUrl'> | undefined>;
  /** Renders the page at `path` for `reader` through the docs host; its bytes, or undefined when not a page. */
  render(path: string, reader: PrerenderReader): Promise<number | undefined>;
  /** The page cache's byte budget. */
  budgetBytes: number;
  /** `/metrics`' registry, when metrics are on. */
  metrics?: Registry;
  /** Waits for live work to go first (default: one `setImmediate` turn). */
  yieldToLive?: () => Promise<void>;
}

export type PrerenderOutcome = 'completed' | 'cancelled' | 'budget' | 'failed';

export interface Prerenderer {
  /** A reader was served a page at `address` (`host[:port]/path`): learn the reader, warm its site once. */
  viewed(address: string, reader: PrerenderReader): void;
  /** Sites were published (their stored URLs, or all): cancel their runs, start new ones. */
  invalidated(urls: InvalidatedSites): void;
  /** A cache evicted an entry (the page cache's evictions stop the run in progress). */
  evicted(cache: CacheName): void;
  /** Resolves when no run is queued or running. */
  idle(): Promise<void>;
  /** Cancels every run; nothing starts after. */
  close(): void;
}

/** Readers remembered per host, and hosts remembered. */
export const READERS_PER_HOST = 4;
const MAX_HOSTS = 1000;

interface Run {
  readonly address: string;
  readonly reader: PrerenderReader;
  readonly hostname: string;
  siteUrl?: string;
  cancelled: boolean;
}

/** The host name of a stored docs URL or an address, without its port. */
const hostnameOf = (url: string) => (url.split('/')[0] ?? '').replace(/:\d+$/, '');
const readerKey = (reader: PrerenderReader) =>
  `${reader.host}\0${reader.forwardedProto ?? ''}\0${reader.forwardedProto ? (reader.remoteAddress ?? '') : ''}`;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function prerenderMetrics(registry: Registry | undefined) {
  if (!registry) return undefined;
  const registers = [registry];
  const pages = new Counter({
    name: 'sextant_prerender_pages_total',
    help: 'Pages rendered in the background after a publish (--prerender)',
    registers,
  });
  const seconds = new Counter({
    name: 'sextant_prerender_seconds_total',
    help: 'Seconds spent rendering pages in the background (--prerender)',
    registers,
  });
  const runs = new Counter({
    name: 'sextant_prerender_runs_total',
    help: 'Background pre-render runs of a site, by how they ended (completed, cancelled, budget, failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['completed', 'cancelled', 'budget', 'failed']) runs.inc({ outcome }, 0);
  return { pages, seconds, runs };
}

/**
 * @example const prerender = createPrerenderer({ loadSite, render, budgetBytes }); prerender.invalidated(['docs.acme.test']);
 */
export function createPrerenderer(options: PrerenderOptions): Prerenderer {
  const metrics = prerenderMetrics(options.metrics);
  const yieldToLive = options.yieldToLive ?? nextTurn;
  /** Readers by host name (least recently seen host first). */
  const readers = new Map<string, Map<string, PrerenderReader>>();
  /** `hostname\0reader` pairs whose site is warm or queued: a view starts nothing more for them. */
  const covered = new Set<string>();
  const queue: Run[] = [];
  let active: Run | undefined;
  let evictedDuringRun = false;
  let closed = false;
  let worker: Promise<void> | undefined;

  const finish = (outcome: PrerenderOutcome) => metrics?.runs.inc({ outcome });

  const runOne = async (run: Run): Promise<PrerenderOutcome> => {
    const site = await options.loadSite(run.address);
    if (run.cancelled) return 'cancelled';
    if (!site) return 'completed';
    run.siteUrl = site.url;
    const definition = site.definition as Parameters<typeof sitePagePaths>[0];
    if (!Array.isArray(definition?.navigation)) return 'completed';
    let bytes = 0;
    let largest = 0;
    evictedDuringRun = false;
    for (const path of sitePagePaths(definition, site.baseUrl.basePath)) {
      await yieldToLive();
      if (run.cancelled || closed) return 'cancelled';
      if (evictedDuringRun || bytes + largest > options.budgetBytes) return 'budget';
      const started = performance.now();
      const rendered = await options.render(path, run.reader);
      metrics?.seconds.inc((performance.now() - started) / 1000);
      if (rendered === undefined) continue;
      metrics?.pages.inc();
      bytes += rendered;
      largest = Math.max(largest, rendered);
    }
    return 'completed';
  };

  const work = async () => {
    for (let run = queue.shift(); run && !closed; run = queue.shift()) {
      active = run;
      const outcome = await runOne(run).catch(
        (): PrerenderOutcome => (run.cancelled ? 'cancelled' : 'failed'),
      );
      active = undefined;
      finish(outcome);
    }
    worker = undefined;
  };

  const enqueue = (address: string, reader: PrerenderReader) => {
    if (closed) return;
    queue.push({ address, reader, hostname: hostnameOf(address), cancelled: false });
    worker ??= work();
  };

  const cancel = (matches: (run: Run) => boolean) => {
    for (let i = queue.length - 1; i >= 0; i--) {
      const run = queue[i] as Run;
      if (!matches(run)) continue;
      queue.splice(i, 1);
      finish('cancelled');
    }
    if (active && matches(active)) active.cancelled = true;
  };

  const remember = (hostname: string, reader: PrerenderReader): boolean => {
    let known = readers.get(hostname);
    if (known) readers.delete(hostname);
    else known = new Map();
    readers.set(hostname, known);
    if (readers.size > MAX_HOSTS) readers.delete(readers.keys().next().value as string);
    const key = readerKey(reader);
    if (known.has(key)) return true;
    if (known.size >= READERS_PER_HOST) return false;
    known.set(key, reader);
    return true;
  };

  return {
    viewed(address, reader) {
      const hostname = hostnameOf(address);
      const pair = `${hostname}\0${readerKey(reader)}`;
      if (closed || covered.has(pair) || !remember(hostname, reader)) return;
      if (covered.size >= MAX_HOSTS * READERS_PER_HOST) covered.clear();
      covered.add(pair);
      enqueue(address, reader);
    },
    invalidated(urls) {
      const sites = urls === 'all' ? [...readers.keys()] : urls;
      const hostnames = new Set(sites.map(hostnameOf));
      for (const key of covered) if (hostnames.has(key.split('\0')[0] as string)) covered.delete(key);
      cancel(
        (run) =>
          urls === 'all' ||
          (run.siteUrl !== undefined ? urls.includes(run.siteUrl) : hostnames.has(run.hostname)),
      );
      for (const site of sites) {
        const hostname = hostnameOf(site);
        const path = urls === 'all' ? '/' : site.slice(site.split('/')[0]?.length ?? 0) || '/';
        for (const reader of readers.get(hostname)?.values() ?? []) {
          covered.add(`${hostname}\0${readerKey(reader)}`);
          enqueue(`${reader.host}${path}`, reader);
        }
      }
    },
    evicted(cache) {
      if (cache === 'pages' && active) evictedDuringRun = true;
    },
    async idle() {
      while (worker) await worker;
    },
    close() {
      closed = true;
      cancel(() => true);
    },
  };
}
