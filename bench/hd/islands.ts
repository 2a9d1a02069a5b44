/**
 * hd's micro-bench of islands: CPU per island render, an expander rendered as a root of its own
 * (renderToString, as every expander was) against one kept per site version (a hit), and a
 * GitHub endpoint page's kept islands, hits and rendered.
 *   HD_BENCH=islands npx tsx bench/hd/doc.ts
 */
import { boundedRenderCache } from '@sextant/docs-site';
import type { ReactElement } from 'react';
import { CodeTabsIsland } from '../../packages/docs-site/src/components/code-tabs.js';
import { Expander } from '../../packages/docs-site/src/components/expander.js';
import { TryIt } from '../../packages/docs-site/src/components/explorer.js';
import { islandElement } from '../../packages/docs-site/src/components/island.js';
import { PageFeedback } from '../../packages/docs-site/src/components/page-feedback.js';
import { ResponseTabs } from '../../packages/docs-site/src/components/response-tabs.js';
import { islandRenderer } from '../../packages/docs-site/src/server/island-renderer.js';

const code = (n: number, lang: string) =>
  `${lang} -X GET https://api.github.com/repos/OWNER/REPO/thing${n} -H "Accept: application/vnd.github+json"`;
const html = (n: number, id: string) => ({
  __html: `<pre class="shiki"><code>${'<span class="line"><span style="color:#E1E4E8">x</span></span>'.repeat(25)}${n}</code></pre>`,
  id,
});

export function islandsBench(): void {
  const expanders = Array.from({ length: 40 }, (_, n) =>
    islandElement(Expander.Component, {
      shape: { type: 'id', id: `T${n}` },
      seen: [`T${n}`],
      label: `${n + 1} properties`,
      fullPageUrl: `/_sextant/page.json?slug=rest%2Fthing${n}`,
    }),
  );
  const site = {
    title: 'GitHub REST API',
    mode: 'hosted' as const,
    proxyBaseUrl: '',
    searchIndexUrl: '/_sextant/search-index.json',
    basePath: '',
    analytics: true,
  };
  // A GitHub endpoint page's islands, 40 pages' worth (the same tabs, each page its own code and ids).
  const pageIslands = Array.from({ length: 40 }, (_, n) => [
    islandElement(TryIt.Component, {
      id: `repos/thing${n}`,
      site,
      fullPageUrl: `/_sextant/page.json?slug=rest%2Fthing${n}`,
    }),
    islandElement(CodeTabsIsland.Component, {
      title: 'Request',
      tabs: ['curl', 'typescript', 'python'].map((lang, t) => ({
        id: lang,
        label: lang,
        code: code(n, lang),
        html: html(n, `h${n}-${t}`),
      })),
    }),
    islandElement(ResponseTabs.Component, {
      tabs: ['200', '404'].map((label, t) => ({
        id: `response-${t}`,
        label,
        code: code(n, label),
        html: html(n, `r${n}-${t}`),
        lines: t === 0 ? undefined : 80,
      })),
      fullPageUrl: `/_sextant/page.json?slug=rest%2Fthing${n}`,
    }),
    islandElement(PageFeedback.Component, { slug: `rest/thing${n}`, url: '/_sextant/feedback' }),
  ]).flat();
  const cache = boundedRenderCache(64 << 20);
  const time = (label: string, elements: ReactElement[], kept: typeof cache | undefined) => {
    const runs: number[] = [];
    for (let r = 0; r < 15; r++) {
      const renderer = islandRenderer(kept);
      const started = process.cpuUsage();
      for (let i = 0; i < 200; i++) for (const element of elements) renderer.render(element);
      const cpu = process.cpuUsage(started);
      runs.push((cpu.user + cpu.system) / (200 * elements.length));
    }
    runs.sort((a, b) => a - b);
    console.log(`${label}: min ${runs[0]?.toFixed(2)} µs, median ${runs[7]?.toFixed(2)} µs per island`);
  };
  for (let k = 0; k < 2; k++) {
    time('expander rendered (renderToString)', expanders, undefined);
    time('expander kept (a hit)', expanders, cache);
    time("a page's kept islands (try-it, code-tabs, response-tabs, page-feedback), hits", pageIslands, cache);
    time("a page's islands rendered (renderToString)", pageIslands, undefined);
  }
}
