/**
 * Page weight of one Sextant endpoint page for a synthetic API of `n` endpoints (tags of 10, one
 * shared schema): everything the browser downloads for the page (HTML with its islands' props,
 * JS, CSS), gzip, split into the parts that could grow with the API:
 *
 * - data: the props of the page's islands (`data-sx-props` of each island's container: the only
 *   data a page ships; the header's holds site-wide URLs whose cache-busting version is the load time),
 * - navigation: the server-rendered sidebar (`#sx-sidebar`) and header tabs,
 * - the rest of the HTML, JS and CSS.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildServer } from '@sextant/server';
import type { Browser } from 'playwright-core';
import { measure, type Sample } from './measure.js';
import type { Target } from './peers.js';

export interface PageWeight {
  endpoints: number;
  url: string;
  /** gzip bytes, level 6 */
  html: number;
  data: number;
  navigation: number;
  /** Links in the navigation to endpoint (and other leaf) pages, and to groups. */
  navLinks: { leaves: number; groups: number };
  htmlRest: number;
  js: number;
  css: number;
  /** Everything the page load downloaded. */
  total: number;
  sample: Sample;
}

/** A synthetic API of `n` endpoints (tags of 10) sharing one schema. */
export function syntheticSpec(n: number): object {
  const paths: Record<string, object> = {};
  for (let i = 0; i < n; i++) {
    paths[`/things${i}/{id}`] = {
      get: {
        operationId: `getThing${i}`,
        tags: [`group-${Math.floor(i / 10)}`],
        summary: `Get thing ${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Weight API', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    components: {
      schemas: {
        Thing: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
      },
    },
    paths,
  };
}

const gz = (text: string) => gzipSync(text, { level: 6 }).length;
const part = (html: string, pattern: RegExp) => pattern.exec(html)?.[0] ?? '';

export const SEXTANT_TARGET = (title: string): Target => ({
  heading: 'main h1',
  detail: 'main section[aria-label="Path parameters"] .sx-prop',
  title,
});

export async function pageWeight(browser: Browser, n: number, capMs: number): Promise<PageWeight> {
  const dir = await mkdtemp(join(tmpdir(), `sextant-weight-${n}-`));
  await writeFile(join(dir, 'api.json'), JSON.stringify(syntheticSpec(n)));
  await writeFile(
    join(dir, 'docs.yml'),
    'title: Weight\nnavigation:\n  - api: API\n    spec: api.json\n    slug: api\n',
  );
  const app = await buildServer({
    mode: 'local',
    parts: { registry: false, proxy: false, wsProxy: false },
    docs: { projectDir: dir },
  });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base}/api/group-0/get-thing-0`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    // Each response carries a fresh CSP nonce (random bytes gzip to ±1 B): one fixed value here.
    const html = (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""');
    const props = [...html.matchAll(/ data-sx-props="[^"]*"/g)].map((m) => m[0]);
    // The header tools' props carry the search index URL, versioned by the load time: left out.
    const data = props.filter((p) => !p.includes('searchIndexUrl')).join('');
    const navigation =
      part(html, /<nav id="sx-sidebar"[\s\S]*?<\/nav>\s*(?=<main)/) +
      part(html, /<nav class="sx-tabs-nav"[\s\S]*?<\/nav>/);
    const htmlRest = props.reduce((rest, p) => rest.replace(p, ''), html).replace(navigation, '');
    const sample = await measure(
      browser,
      { name: `${n} endpoints`, url, target: SEXTANT_TARGET('Get thing 0') },
      capMs,
    );
    const total = Object.values(sample.bytes).reduce((sum, b) => sum + b.gzip, 0);
    return {
      endpoints: n,
      url,
      html: gz(html),
      data: gz(data),
      navigation: gz(navigation),
      navLinks: {
        leaves: navigation.match(/class="sx-nav-link"/g)?.length ?? 0,
        groups: navigation.match(/class="sx-nav-link sx-nav-group-link"/g)?.length ?? 0,
      },
      htmlRest: gz(htmlRest),
      js: sample.jsGzip,
      css: sample.bytes.stylesheet?.gzip ?? 0,
      total,
      sample,
    };
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}
