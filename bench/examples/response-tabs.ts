/**
 * The response tabs of every GitHub endpoint page (`responseTabs`: each response's example, built
 * or checked against its schema, then highlighted), in page order, in one process, as a cold walk
 * makes them: each pass on a fresh copy of the API (so the type table's readings and replays start
 * empty) with the highlight caches emptied. Passes alternate between the whole tabs,
 * `responseExamples` alone (the definition's part) and the examples' JSON written and highlighted
 * alone (from values made before the passes).
 * Thread CPU time (`process.threadCpuUsage`) of the calls only; the copies are made before. Also
 * each page's least wall time over the passes after the first, summed: steadier on a busy machine
 * (another process's interruptions land on a few pages of a pass, not on every pass of a page;
 * thread CPU time moves in clock ticks, too coarse for one page).
 *
 *   tsx bench/examples/response-tabs.ts    TABS_SOURCES=1 runs the TypeScript sources (default: bundled)
 *   TABS_PASSES=N     passes of each (default 5); the first of each is the freshly started process's
 *   TABS_PARTS=a,b    only these of tabs, examples, json
 *   TABS_PROFILE=file a CPU profile of the passes after the first two (sampled every 100 µs)
 */
import { fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import {
  type ApiDefinition,
  type Endpoint,
  type NavItem,
  responseExamples,
  walkNavigation,
} from '@sextant/definition';
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
  /** Each page's examples' values, for the pass that writes and highlights them alone. */
  const values = ((apis) =>
    pages.map(({ apiId, endpointId }) => {
      const api = apis[apiId] as ApiDefinition;
      const endpoint = api.endpoints[endpointId];
      return endpoint ? responseExamples(endpoint, api.types).map((example) => example.value) : [];
    }))(freshApis());
  const parts = {
    /** The whole tabs. */
    tabs: (api: ApiDefinition, endpoint: Endpoint) =>
      responseTabs(endpoint, api, exampleJson(highlighter, EXAMPLE_PREFIX_LINES)).length,
    /** The definition's part: each response's example built or checked. */
    examples: (api: ApiDefinition, endpoint: Endpoint) => responseExamples(endpoint, api.types).length,
    /** The rest: each example's JSON written and highlighted. */
    json: (_api: ApiDefinition, _endpoint: Endpoint, i: number) => {
      const json = exampleJson(highlighter, EXAMPLE_PREFIX_LINES);
      return (values[i] ?? []).reduce((bytes: number, value) => bytes + json(value).html.__html.length, 0);
    },
  };
  type Part = keyof typeof parts;
  const names = (process.env.TABS_PARTS?.split(',') ?? Object.keys(parts)) as Part[];
  const least = Object.fromEntries(names.map((name) => [name, pages.map(() => Number.POSITIVE_INFINITY)]));
  const passes = Object.fromEntries(names.map((name) => [name, [] as number[]]));
  const pass = (name: Part, first: boolean) => {
    const apis = freshApis();
    configureHighlightCaches({ maxBytes: DEFAULT_HIGHLIGHT_CACHE_BYTES });
    const perPage = least[name] as number[];
    const run = parts[name];
    const started = threadMicros();
    pages.forEach(({ apiId, endpointId }, i) => {
      const api = apis[apiId] as ApiDefinition;
      const endpoint = api.endpoints[endpointId];
      if (!endpoint) return;
      const start = process.hrtime.bigint();
      run(api, endpoint, i);
      if (!first) perPage[i] = Math.min(perPage[i] as number, Number(process.hrtime.bigint() - start) / 1e3);
    });
    passes[name]?.push(threadMicros() - started);
  };
  const profile = process.env.TABS_PROFILE;
  const session = profile ? new Session() : undefined;
  for (let i = 0; i < Number(process.env.TABS_PASSES ?? 5); i++) {
    if (session && i === 1) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
    }
    for (const name of names) pass(name, i === 0);
  }
  if (session && profile) {
    const { profile: taken } = await session.post('Profiler.stop');
    await writeFile(profile, JSON.stringify(taken));
    session.disconnect();
  }
  const perPage = (micros: number) => (micros / pages.length).toFixed(1);
  const sum = (list: number[]) => list.reduce((total, micros) => total + micros, 0);
  console.log(
    `${pages.length} pages, µs a page (thread CPU of whole passes: the first, then the least of the later ones;`,
  );
  console.log(`each page's least wall time over the later passes, summed):`);
  for (const name of names) {
    const list = passes[name] as number[];
    console.log(
      `  ${name.padEnd(9)} first ${perPage(list[0] as number)}, later ${perPage(Math.min(...list.slice(1)))}; per page least ${perPage(sum(least[name] as number[]))}`,
    );
  }
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
