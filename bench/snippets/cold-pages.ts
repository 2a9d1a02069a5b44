/**
 * The request snippets of every GitHub endpoint page (endpointSnippets: form state, request,
 * cURL/TypeScript/Python code, highlighted), in page order, in one process: cold passes (the
 * highlight caches emptied before each) alternating with warm passes (the same pages again). The
 * first cold pass is the one a freshly started server's cold walk makes (its code and the grammars'
 * rules not yet optimised, the request package's own caches cold too): compare it between
 * processes; the later ones show the highlight caches' part alone. CPU time (`process.cpuUsage`)
 * of the calls only; definitions are sliced before.
 *
 *   tsx bench/snippets/cold-pages.ts        SNIPPETS_SOURCES=1 runs the TypeScript sources (default: bundled)
 *   SNIPPETS_PASSES=N   cold and warm passes each (default 5)
 *   SNIPPETS_PROFILE=file  a CPU profile of the passes after the first cold one (sampled every 100 µs);
 *                          SNIPPETS_PROFILE_FIRST=1: of the first cold and warm passes only
 */
import { fork } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { type NavItem, sliceDefinition, walkNavigation } from '@sextant/definition';
import { configureHighlightCaches, DEFAULT_HIGHLIGHT_CACHE_BYTES } from '@sextant/docs-site';
import { loadHighlighter, warmHighlighter } from '../../packages/docs-site/src/server/highlight.js';
import { endpointSnippets } from '../../packages/docs-site/src/server/snippets.js';
import { bundledChildEnv, bundledModule, withoutTsx } from '../support/bundled.js';
import { githubSite } from '../support/github-site.js';

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

async function measure(): Promise<void> {
  const site = await githubSite();
  const pages: { definition: Parameters<typeof endpointSnippets>[1]; endpointId: string }[] = [];
  walkNavigation(site.definition.navigation, (item: NavItem) => {
    if (item.type !== 'endpoint') return;
    const api = site.apis[item.apiId];
    if (api)
      pages.push({
        definition: sliceDefinition(api, { endpointId: item.endpointId }),
        endpointId: item.endpointId,
      });
  });
  await warmHighlighter();
  const highlighter = await loadHighlighter();
  const pass = () => {
    let bytes = 0;
    const start = cpuMicros();
    for (const { definition, endpointId } of pages) {
      const endpoint = definition.endpoints[endpointId];
      if (endpoint)
        for (const snippet of endpointSnippets(highlighter, definition, endpoint))
          bytes += snippet.html.__html.length;
    }
    return { micros: cpuMicros() - start, bytes };
  };
  const cold: number[] = [];
  const warm: number[] = [];
  let bytes = 0;
  const profile = process.env.SNIPPETS_PROFILE;
  const session = profile ? new Session() : undefined;
  for (let i = 0; i < Number(process.env.SNIPPETS_PASSES ?? 5); i++) {
    if (session && i === (process.env.SNIPPETS_PROFILE_FIRST === '1' ? 0 : 1)) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
    }
    configureHighlightCaches({ maxBytes: DEFAULT_HIGHLIGHT_CACHE_BYTES });
    const first = pass();
    cold.push(first.micros);
    bytes = first.bytes;
    warm.push(pass().micros);
    if (process.env.SNIPPETS_PROFILE_FIRST === '1') break;
  }
  if (session && profile) {
    const { profile: taken } = await session.post('Profiler.stop');
    await writeFile(profile, JSON.stringify(taken));
    // The profile names the bundle's lines: keep the bundle beside it.
    await writeFile(`${profile}.js`, await readFile(import.meta.filename));
    session.disconnect();
  }
  const perPage = (micros: number) => `${(micros / pages.length).toFixed(1)}`;
  const row = (name: string, list: number[]) =>
    `${name} min ${perPage(Math.min(...list))} µs a page (${list.map(perPage).join(', ')})`;
  console.log(
    `${pages.length} pages, ${bytes} bytes of snippet HTML; first ${perPage(cold[0] as number)} µs a page; ${row('cold', cold.slice(1))}; ${row('warm', warm)}`,
  );
}

if (process.env.SNIPPETS_SOURCES === '1' || process.env.SNIPPETS_CHILD === '1') await measure();
else {
  const { file, remove } = await bundledModule('bench/snippets/cold-pages.ts');
  try {
    const child = fork(file, [], {
      env: { ...process.env, ...bundledChildEnv(), SNIPPETS_CHILD: '1', NODE_ENV: 'production' },
      execArgv: [...withoutTsx(process.execArgv), '--max-semi-space-size=16', '--liftoff-only'],
    });
    await new Promise((done) => child.on('exit', done));
  } finally {
    await remove();
  }
}
