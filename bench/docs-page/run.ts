/**
 * bench:docs-page — one endpoint page of GitHub's REST spec (GET /repos/{owner}/{repo}, operation
 * `repos/get`) in headless Chromium: Sextant against Swagger UI, Redoc and Scalar loading the same
 * spec from local bundles, all in one run, measured identically (see measure.ts for what
 * "interactive" and "JS bytes" mean). Then Sextant's page weight for an API of 10 and of 1000
 * endpoints (weight.ts).
 *
 * Targets (issue 14): the page on screen in ≤ 0.1 of the best peer's on-screen time; every control
 * answering (`<html data-hydrated>`: every island hydrated) in ≤ 0.2 of the best peer's interactive
 * time; initial JS ≤ 70 KB gzip; page weight the same for 10 and 1000 endpoints (`weightVerdict`).
 * Each peer's own interactive ratio (Sextant ≤ 1/10 of it) is reported beside them.
 *
 *   npm run bench:docs-page            RUNS=5 runs per site (default 3), CAP_S=180 per load,
 *                                      ONLY=Sextant,Redoc to measure some sites
 * Prints a table and writes bench/results/docs-page-<time>.json.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer } from '@sextant/server';
import { launchBrowser } from '../../e2e/support/browser.js';
import { measure, QUIET_MS, type Sample } from './measure.js';
import { peerSites, type Site, startPeerServer } from './peers.js';
import { type PageWeight, pageWeight, SEXTANT_TARGET } from './weight.js';

const ROOT = resolve(import.meta.dirname, '../..');
const DATA = join(ROOT, 'test-data/node_modules');
const GITHUB_SPEC = join(DATA, '@octokit/openapi/generated/api.github.com.json');
const RUNS = Number(process.env.RUNS ?? 3);
const CAP_MS = Number(process.env.CAP_S ?? 180) * 1000;
const ONLY = process.env.ONLY?.split(',').map((s) => s.trim().toLowerCase());
const SLUG = 'rest/repos/get-a-repository';
const TIME_RATIO_TARGET = 0.1;
/** On screen: Sextant's time over the best peer's. */
const VISIBLE_RATIO_TARGET = 0.1;
/** Every control answering: Sextant's hydrated time over the best peer's interactive time. */
const ANSWERING_RATIO_TARGET = 0.2;
const JS_TARGET = 70 * 1024;

interface SiteResult {
  name: string;
  url: string;
  samples: Sample[];
  /** Median interactive ms over the runs that finished; null when no run finished within the cap. */
  interactiveMs: number | null;
  visibleMs: number | null;
  capped: number;
  jsGzip: number;
  jsRaw: number;
  scripts: number;
  blocked: string[];
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number | null, capped = false) =>
  value === null ? `> ${CAP_MS / 1000} s` : `${Math.round(value)} ms${capped ? '*' : ''}`;

function summarise(site: Site, samples: Sample[]): SiteResult {
  const finished = samples.filter((s) => s.interactiveMs !== null);
  const times = finished.map((s) => s.interactiveMs as number);
  // More than half the runs capped: the median is past the cap.
  const interactiveMs = finished.length * 2 > samples.length ? median(times) : null;
  return {
    name: site.name,
    url: site.url,
    samples,
    interactiveMs,
    visibleMs: median(samples.flatMap((s) => (s.visibleMs === null ? [] : [s.visibleMs]))),
    capped: samples.length - finished.length,
    jsGzip: median(samples.map((s) => s.jsGzip)) ?? 0,
    jsRaw: median(samples.map((s) => s.jsRaw)) ?? 0,
    scripts: median(samples.map((s) => s.scripts)) ?? 0,
    blocked: [...new Set(samples.flatMap((s) => s.blocked))],
  };
}

/**
 * Sextant's time over a peer's. A peer past the cap is at least the cap, so the ratio is at most
 * ours/cap (reported as an upper bound).
 */
function timeRatio(
  ours: SiteResult,
  peer: SiteResult,
): { ratio: number | null; bound: boolean; pass: boolean } {
  if (ours.interactiveMs === null) return { ratio: null, bound: false, pass: false };
  const peerMs = peer.interactiveMs ?? CAP_MS;
  const ratio = ours.interactiveMs / peerMs;
  return { ratio, bound: peer.interactiveMs === null, pass: ratio <= TIME_RATIO_TARGET };
}

/**
 * The same page weight for 10 and 1000 endpoints: the JS, the islands' props and the
 * HTML besides the navigation must be byte-for-byte the same size (they may not depend on the
 * API's size at all), and the navigation may link no more endpoints: it lists the API's groups
 * (collapsed) and the current group's endpoints, so it grows by one link per group (a few bytes
 * each, reported) and never with the endpoints of other groups.
 */
function weightVerdict(small: PageWeight, large: PageWeight) {
  const growth = (large.total - small.total) / small.total;
  const jsSame = small.js === large.js;
  const dataSame = small.data === large.data;
  const restSame = small.htmlRest === large.htmlRest;
  const leavesSame = small.navLinks.leaves === large.navLinks.leaves;
  const extraGroups = large.navLinks.groups - small.navLinks.groups;
  const bytesPerGroup = extraGroups > 0 ? (large.navigation - small.navigation) / extraGroups : 0;
  return {
    growth,
    jsSame,
    dataSame,
    restSame,
    leavesSame,
    extraGroups,
    bytesPerGroup,
    pass: jsSame && dataSame && restSame && leavesSame,
  };
}

async function startSextant(): Promise<{
  url: string;
  close: () => Promise<void>;
  loadMs: number;
  coldMs: number;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-bench-docs-'));
  // A copy: a project never reads through a symlink that leads out of its folder.
  await copyFile(GITHUB_SPEC, join(dir, 'github.json'));
  await writeFile(
    join(dir, 'docs.yml'),
    'title: GitHub REST API\nnavigation:\n  - api: REST API\n    spec: github.json\n    slug: rest\n',
  );
  const app = await buildServer({
    mode: 'local',
    parts: { registry: false, proxy: false, wsProxy: false },
    docs: { projectDir: dir },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  // The spec is imported at the first request and the page rendered once, then cached: both are
  // reported, and the browser measures the steady state a reader meets.
  let started = performance.now();
  await app.docsHost.current();
  const loadMs = performance.now() - started;
  started = performance.now();
  const first = await fetch(`${base}/${SLUG}`);
  if (!first.ok) throw new Error(`Sextant page: HTTP ${first.status}`);
  await first.text();
  const coldMs = performance.now() - started;
  return {
    url: `${base}/${SLUG}`,
    loadMs,
    coldMs,
    close: async () => {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The median moment Sextant's page marked every island hydrated (every control answers). */
const hydratedMedian = (ours: SiteResult) =>
  median(ours.samples.flatMap((s) => (s.hydratedMs === null ? [] : [s.hydratedMs])));

/** The best (smallest) of the peers' figures picked by `pick`, with its site. */
function bestPeer(
  results: SiteResult[],
  pick: (r: SiteResult) => number | null,
): { name: string; ms: number } | null {
  let best: { name: string; ms: number } | null = null;
  for (const r of results) {
    const value = r.name === 'Sextant' ? null : pick(r);
    if (value !== null && (best === null || value < best.ms)) best = { name: r.name, ms: value };
  }
  return best;
}

interface RatioVerdict {
  oursMs: number | null;
  peer: { name: string; ms: number } | null;
  ratio: number | null;
  target: number;
  pass: boolean;
}

const ratioVerdict = (oursMs: number | null, peer: RatioVerdict['peer'], target: number): RatioVerdict => {
  const ratio = oursMs !== null && peer ? oursMs / peer.ms : null;
  return { oursMs, peer, ratio, target, pass: ratio !== null && ratio <= target };
};

/** Issue 14's targets against the best peer: on screen, and every control answering. */
function bestPeerVerdicts(ours: SiteResult, results: SiteResult[]) {
  return {
    onScreen: ratioVerdict(
      ours.visibleMs,
      bestPeer(results, (r) => r.visibleMs),
      VISIBLE_RATIO_TARGET,
    ),
    answering: ratioVerdict(
      hydratedMedian(ours),
      bestPeer(results, (r) => r.interactiveMs),
      ANSWERING_RATIO_TARGET,
    ),
  };
}

function printBestPeerVerdicts(ours: SiteResult, v: ReturnType<typeof bestPeerVerdicts>): void {
  const line = (label: string, r: RatioVerdict, peerLabel: string) => {
    const ratio = r.ratio === null ? 'n/a' : r.ratio.toFixed(3);
    const need = r.peer ? ` (needs ≤ ${ms(r.peer.ms * r.target)})` : '';
    console.log(
      `${label}: Sextant ${ms(r.oursMs)} / ${r.peer ? `${r.peer.name} ${peerLabel} ${ms(r.peer.ms)}` : 'no peer'} = ${ratio}, ` +
        `target ≤ ${r.target}${need}: ${r.pass ? 'PASS' : 'FAIL'}`,
    );
  };
  console.log('');
  line('On screen (best peer)', v.onScreen, 'on screen');
  line('Every control answering (best peer)', v.answering, 'interactive');
  console.log(
    `Initial JS: ${kb(ours.jsGzip)} gzip, target ≤ ${kb(JS_TARGET)}: ${ours.jsGzip <= JS_TARGET ? 'PASS' : `FAIL (over by ${kb(ours.jsGzip - JS_TARGET)})`}`,
  );
}

function printTable(results: SiteResult[]): void {
  const ours = results.find((r) => r.name === 'Sextant');
  const header = [
    'site',
    'interactive',
    'visible',
    'JS gzip',
    'scripts',
    'Sextant/peer',
    `≤ ${TIME_RATIO_TARGET}`,
  ];
  const rows = results.map((r) => {
    if (r.name === 'Sextant' || !ours) {
      return [r.name, ms(r.interactiveMs), ms(r.visibleMs), kb(r.jsGzip), String(r.scripts), '', ''];
    }
    const t = timeRatio(ours, r);
    const ratio = t.ratio === null ? 'n/a' : `${t.bound ? '≤ ' : ''}${t.ratio.toFixed(3)}`;
    return [
      r.name,
      ms(r.interactiveMs),
      ms(r.visibleMs),
      kb(r.jsGzip),
      String(r.scripts),
      ratio,
      t.pass ? 'PASS' : 'FAIL',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const load = loadavg();
  const sextant = await startSextant();
  const peers = await startPeerServer(DATA, GITHUB_SPEC);
  const browser = await launchBrowser();
  const sites: Site[] = [
    { name: 'Sextant', url: sextant.url, target: SEXTANT_TARGET('Get a repository') },
    ...peerSites(peers.url),
  ].filter((site) => !ONLY || ONLY.includes(site.name.toLowerCase()));

  const samples = new Map<string, Sample[]>(sites.map((s) => [s.name, []]));
  // Rounds interleave the sites, so a change in machine load during the run hits all of them.
  for (let run = 0; run < RUNS; run++) {
    for (const site of sites) {
      const sample = await measure(browser, site, CAP_MS);
      samples.get(site.name)?.push(sample);
      console.error(
        `run ${run + 1}/${RUNS} ${site.name}: interactive ${ms(sample.interactiveMs)}, visible ${ms(sample.visibleMs)}, ` +
          `long tasks ${sample.longTasks} (${Math.round(sample.longTaskTotalMs)} ms), JS ${kb(sample.jsGzip)}`,
      );
    }
  }
  const results = sites.map((site) => summarise(site, samples.get(site.name) ?? []));

  console.log(
    `\nbench:docs-page — GET /repos/{owner}/{repo} (repos/get) of GitHub's REST spec (@octokit/openapi api.github.com.json, 13 MB)`,
  );
  console.log(
    `Chromium headless 1280x900, ${RUNS} runs per site, median; interactive = operation heading on screen with its parameters,`,
  );
  console.log(
    `load event fired, then ${QUIET_MS} ms without a long task; ms from navigation start. Cap ${CAP_MS / 1000} s per load.`,
  );
  console.log(`Load average at start: ${load.map((l) => l.toFixed(2)).join(' ')}\n`);
  printTable(results);
  const ours = results.find((r) => r.name === 'Sextant');
  const jsPass = ours ? ours.jsGzip <= JS_TARGET : false;
  const issueTargets = ours ? bestPeerVerdicts(ours, results) : undefined;
  if (ours && issueTargets) printBestPeerVerdicts(ours, issueTargets);
  if (ours) {
    const hydrated = median(ours.samples.flatMap((s) => (s.hydratedMs === null ? [] : [s.hydratedMs])));
    console.log(
      `\nSextant JS: ${kb(ours.jsGzip)} gzip (${kb(ours.jsRaw)} raw) — target ≤ ${kb(JS_TARGET)}: ${jsPass ? 'PASS' : 'FAIL'}`,
    );
    const of = (pick: (s: Sample) => number | null) =>
      median(ours.samples.flatMap((s) => (pick(s) === null ? [] : [pick(s) as number])));
    // What the interactive moment is made of: the latest of these three decides it.
    console.log(
      `Sextant (medians): on screen ${ms(of((s) => s.visibleMs))}, load event ${ms(of((s) => s.loadMs))}, ` +
        `last long task ends ${ms(of((s) => s.lastLongTaskMs))} (${of((s) => s.longTasks)} long tasks, ${ms(of((s) => s.longTaskTotalMs))} in all), hydrated ${ms(hydrated)}.`,
    );
    // Interactive follows the usual definition (TTI: on screen, loaded, main thread quiet); the
    // moment every part of Sextant's page has hydrated and answers input is reported beside it.
    const swagger = results.find((r) => r.name === 'Swagger UI')?.interactiveMs;
    if (hydrated !== null && swagger)
      console.log(
        `Sextant hydrated (every control answers) ${ms(hydrated)}: ${(hydrated / swagger).toFixed(3)} of Swagger UI's interactive time.`,
      );
    console.log(
      `Server: spec import ${Math.round(sextant.loadMs)} ms at first request, first render of the page ${Math.round(sextant.coldMs)} ms, then cached.`,
    );
  }
  for (const r of results) {
    if (r.blocked.length) console.log(`Blocked (no internet) for ${r.name}: ${r.blocked.join(', ')}`);
  }
  if (peers.notFound.length) console.log(`Peer server 404s: ${[...new Set(peers.notFound)].join(', ')}`);

  let weight: { small: PageWeight; large: PageWeight; verdict: ReturnType<typeof weightVerdict> } | undefined;
  if (!ONLY || ONLY.includes('weight')) {
    const small = await pageWeight(browser, 10, CAP_MS);
    const large = await pageWeight(browser, 1000, CAP_MS);
    const verdict = weightVerdict(small, large);
    weight = { small, large, verdict };
    console.log('\nPage weight of one endpoint page (gzip)      10 endpoints   1000 endpoints   difference');
    const row = (label: string, a: number, b: number) =>
      console.log(
        `  ${label.padEnd(40)}${kb(a).padStart(14)}${kb(b).padStart(17)}${`${b - a >= 0 ? '+' : ''}${b - a} B`.padStart(13)}`,
      );
    row('island props (data-sx-props)', small.data, large.data);
    row('navigation (sidebar, tabs)', small.navigation, large.navigation);
    row('rest of the HTML', small.htmlRest, large.htmlRest);
    row('JavaScript', small.js, large.js);
    row('CSS', small.css, large.css);
    row('whole page load', small.total, large.total);
    const yes = (value: boolean) => (value ? 'yes' : 'NO');
    console.log(
      `  same: JS ${yes(verdict.jsSame)}, island props ${yes(verdict.dataSame)}, rest of the HTML ${yes(verdict.restSame)}, ` +
        `endpoint links in the navigation ${yes(verdict.leavesSame)} (${small.navLinks.leaves} / ${large.navLinks.leaves}) — ${verdict.pass ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `  The navigation lists the API's groups (tags) collapsed: ${verdict.extraGroups} more groups, ` +
        `${verdict.bytesPerGroup.toFixed(1)} B gzip each; whole load +${(verdict.growth * 100).toFixed(2)}%.`,
    );
  }

  await browser.close();
  await sextant.close();
  peers.server.close();

  const out = join(ROOT, 'bench/results');
  await mkdir(out, { recursive: true });
  const file = join(out, `docs-page-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        runs: RUNS,
        capMs: CAP_MS,
        quietMs: QUIET_MS,
        loadAverage: load,
        sextantServer: { specImportMs: sextant.loadMs, firstRenderMs: sextant.coldMs },
        sites: results,
        targets: {
          timeRatio: Object.fromEntries(
            results
              .filter((r) => r.name !== 'Sextant' && ours)
              .map((r) => [r.name, timeRatio(ours as SiteResult, r)]),
          ),
          jsGzip: { bytes: ours?.jsGzip ?? null, limit: JS_TARGET, pass: jsPass },
          bestPeer: issueTargets ?? null,
          pageWeight: weight ?? null,
        },
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWrote ${file}`);
}

await main();
