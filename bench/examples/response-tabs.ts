/**
 * The response tabs of every GitHub endpoint page (`responseTabs`: each response's example, built
 * or checked against its schema, then highlighted), in page order, in one process, as a cold walk
 * makes them: each pass on a fresh copy of the API (so the type table's readings and replays start
 * empty) with the highlight caches emptied. Passes alternate between the whole tabs and
 * `responseExamples` alone (the definition's part; the rest is the JSON's writing and highlighting).
 * Thread CPU time (`process.threadCpuUsage`) of the calls only; the copies are made before. Also
 * each page's least wall time over the passes after the first, summed: steadier on a busy machine
 * (another process's interruptions land on a few pages of a pass, not on every pass of a page;
 * thread CPU time moves in clock ticks, too coarse for one page).
 *
 *   tsx bench/examples/response-tabs.ts    TABS_SOURCES=1 runs the TypeScript sources (default: bundled)
 *   TABS_PASSES=N     passes of each (default 5); the first of each is the freshly started process's
 *   TABS_PROFILE=file a CPU profile of the passes after the first two (sampled every 100 µs)
 */
import { fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { type ApiDefinition, type NavItem, responseExamples, walkNavigation } from '@sextant/definition';
import { configureHighlightCaches, DEFAULT_HIGHLIGHT_CACHE_BYTES } from '@sextant/docs-site';
import { loadHighlighter, warmHighlighter } from '../../packages/docs-site/src/server/highlight.js';
import {
  EXAMPLE_PREFIX_LINES,
  exampleJson,
  responseTabs,
} from '../../packages/docs-site/src/server/page-view.js';
import { bundledChildEnv, bundledModule, withoutTsx } from '../support/bundled.js';
import { githubSite } from '../support/github-site.js';

const threadMicros = () => {
  const { user, system } = process.threadCpuUsage();
  return user + system;
};

async function measure(): Promise<void> {
  const site = await githubSite();
  const pages: { apiId: string; endpointId: string }[] = [];
  walkNavigation(site.definition.navigation, (item: NavItem) => {
    if (item.type === 'endpoint') pages.push({ apiId: item.apiId, endpointId: item.endpointId });
  });
  await warmHighlighter();
  const highlighter = await loadHighlighter();
  const freshApis = () => structuredClone(site.apis) as Record<string, ApiDefinition>;
  const least = {
    tabs: pages.map(() => Number.POSITIVE_INFINITY),
    examples: pages.map(() => Number.POSITIVE_INFINITY),
  };
  const pass = (whole: boolean, first: boolean) => {
    const apis = freshApis();
    configureHighlightCaches({ maxBytes: DEFAULT_HIGHLIGHT_CACHE_BYTES });
    const perPage = whole ? least.tabs : least.examples;
    let bytes = 0;
    const started = threadMicros();
    pages.forEach(({ apiId, endpointId }, i) => {
      const api = apis[apiId] as ApiDefinition;
      const endpoint = api.endpoints[endpointId];
      if (!endpoint) return;
      const start = process.hrtime.bigint();
      if (whole) {
        const json = exampleJson(highlighter, EXAMPLE_PREFIX_LINES);
        for (const tab of responseTabs(endpoint, api, json)) bytes += tab.html.__html.length;
      } else bytes += responseExamples(endpoint, api.types).length;
      if (!first) perPage[i] = Math.min(perPage[i] as number, Number(process.hrtime.bigint() - start) / 1e3);
    });
    return { micros: threadMicros() - started, bytes };
  };
  const tabs: number[] = [];
  const examples: number[] = [];
  let bytes = 0;
  const profile = process.env.TABS_PROFILE;
  const session = profile ? new Session() : undefined;
  for (let i = 0; i < Number(process.env.TABS_PASSES ?? 5); i++) {
    if (session && i === 1) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
    }
    const whole = pass(true, i === 0);
    tabs.push(whole.micros);
    bytes = whole.bytes;
    examples.push(pass(false, i === 0).micros);
  }
  if (session && profile) {
    const { profile: taken } = await session.post('Profiler.stop');
    await writeFile(profile, JSON.stringify(taken));
    session.disconnect();
  }
  const perPage = (micros: number) => (micros / pages.length).toFixed(1);
  const row = (name: string, list: number[]) =>
    `${name}: first ${perPage(list[0] as number)}, later min ${perPage(Math.min(...list.slice(1)))} µs a page (${list.map(perPage).join(', ')})`;
  const sum = (list: number[]) => list.reduce((total, micros) => total + micros, 0);
  console.log(
    `${pages.length} pages, ${bytes} bytes of response tab HTML; ${row('tabs', tabs)}; ${row('responseExamples', examples)}`,
  );
  console.log(
    `each page's least over the later passes, a page: tabs ${perPage(sum(least.tabs))} µs, responseExamples ${perPage(sum(least.examples))} µs`,
  );
}

if (process.env.TABS_SOURCES === '1' || process.env.TABS_CHILD === '1') await measure();
else {
  const { file, remove } = await bundledModule('bench/examples/response-tabs.ts');
  try {
    const child = fork(file, [], {
      env: { ...process.env, ...bundledChildEnv(), TABS_CHILD: '1', NODE_ENV: 'production' },
      execArgv: withoutTsx(process.execArgv),
    });
    await new Promise((done) => child.on('exit', done));
  } finally {
    await remove();
  }
}
