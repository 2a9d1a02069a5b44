/**
 * hd's micro-bench: CPU of renderDocument alone over all 1,223 GitHub endpoint pages, cold (a new
 * render cache for each round: kept rows, islands, chrome and sidebars built anew, as in a cold
 * walk). Views are built once, outside the timing. Runs bundled.
 *   npx tsx bench/hd/doc.ts
 *   HD_ROUNDS=N    rounds (default 7); the first warms the JIT
 *   HD_WARM=1      keep the render cache after the first round (every row and island kept)
 *   HD_PROF=file   a CPU profile (100 µs samples) of the rounds after the first
 *   HD_BENCH=islands  the islands' micro-bench instead (bench/hd/islands.ts)
 */
import { fork } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NavItem, walkNavigation } from '@sextant/definition';
import { loadDocsProject } from '@sextant/docs-project';
import {
  boundedRenderCache,
  createDocsSite,
  DEFAULT_RENDER_CACHE_BYTES,
  docsSiteCss,
  loadClientBuild,
} from '@sextant/docs-site';
import { renderDocument } from '../../packages/docs-site/src/server/document.js';
import { loadHighlighter, withLanguages } from '../../packages/docs-site/src/server/highlight.js';
import { buildPageView, EXAMPLE_PREFIX_LINES } from '../../packages/docs-site/src/server/page-view.js';
import type { PageView, SiteView } from '../../packages/docs-site/src/shared/page-data.js';
import { withPageHtmlIds } from '../../packages/docs-site/src/shared/safe-html.js';
import { bundledChildEnv, bundledModule, REPO_ROOT, withoutTsx } from '../support/bundled.js';
import { islandsBench } from './islands.js';

const GITHUB_SPEC = join(REPO_ROOT, 'test-data/node_modules/@octokit/openapi/generated/api.github.com.json');

async function main() {
  const project = await mkdtemp(join(tmpdir(), 'hd-bench-'));
  await writeFile(join(project, 'github.json'), await readFile(GITHUB_SPEC));
  await writeFile(
    join(project, 'docs.yml'),
    'title: GitHub REST API\nnavigation:\n  - api: REST API\n    spec: github.json\n    slug: rest\n',
  );
  const loaded = await loadDocsProject(project, { inlineImages: false });
  await rm(project, { recursive: true, force: true });
  const site = createDocsSite(loaded.definition, loaded.project.apis, 'bench');
  const slugs: string[] = [];
  walkNavigation(site.definition.navigation, (item: NavItem) => {
    if ('endpointId' in item && 'slug' in item) slugs.push(item.slug);
  });
  const { assets } = await loadClientBuild();
  const fileUrl = (path: string) => `/_sextant/files/${path}`;
  const siteCss = await docsSiteCss(site, fileUrl);
  const highlighter = await loadHighlighter();
  const views: PageView[] = [];
  for (const slug of slugs) {
    const v = await withLanguages(highlighter, () =>
      withPageHtmlIds(() =>
        buildPageView(site, highlighter, slug, { exampleLines: EXAMPLE_PREFIX_LINES, basePath: '' }),
      ),
    );
    if (v) views.push(v);
  }
  const siteView: SiteView = {
    title: site.definition.config.title,
    mode: 'hosted',
    proxyBaseUrl: '',
    searchIndexUrl: '/_sextant/search-index.json',
    basePath: '',
    analytics: true,
  };
  const rounds = Number(process.env.HD_ROUNDS ?? 7);
  const times: number[] = [];
  const session = new Session();
  const prof = process.env.HD_PROF;
  if (prof) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
  }
  let bytes = 0;
  for (let r = 0; r < rounds; r++) {
    if (!process.env.HD_WARM || r === 0) site.cache = boundedRenderCache(DEFAULT_RENDER_CACHE_BYTES);
    (globalThis as { gc?: () => void }).gc?.();
    if (prof && r === 1) await session.post('Profiler.start');
    const started = process.cpuUsage();
    for (const page of views) {
      const doc = renderDocument({
        site,
        data: { site: siteView, page },
        assets,
        fileUrl,
        siteCss,
        origin: 'https://github.docs.test',
        canonicalUrl: `https://github.docs.test/${page.slug}`,
      });
      bytes += doc.parts.length;
    }
    const cpu = process.cpuUsage(started);

    times.push((cpu.user + cpu.system) / 1e3 / views.length);
  }
  if (prof) {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(prof, JSON.stringify(profile));
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `renderDocument cold: ${views.length} pages, µs/page rounds ${times.map((t) => (t * 1000).toFixed(0)).join(' ')}; median ${((sorted[Math.floor(sorted.length / 2)] as number) * 1000).toFixed(0)} µs, min ${((sorted[0] as number) * 1000).toFixed(0)} µs (${bytes})`,
  );
}

async function inBundle(): Promise<void> {
  const bundled = await bundledModule('bench/hd/doc.ts');
  try {
    const child = fork(bundled.file, [], {
      env: { NODE_ENV: 'production', ...process.env, HD_BUNDLED: '1', ...bundledChildEnv() },
      execArgv: [...withoutTsx(process.execArgv), '--expose-gc'],
      stdio: 'inherit',
    });
    process.exitCode = await new Promise<number>((done) => child.once('exit', (code) => done(code ?? 1)));
  } finally {
    await bundled.remove();
  }
}

if (process.env.HD_BUNDLED) await (process.env.HD_BENCH === 'islands' ? islandsBench() : main());
else await inBundle();
