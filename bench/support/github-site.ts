/**
 * GitHub's REST spec (1,223 operations) as a docs site, the way `sextant publish` loads a project:
 * what the render benches measure pages of.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NavItem, walkNavigation } from '@sextant/definition';
import { loadDocsProject } from '@sextant/docs-project';
import { createDocsSite, type DocsSite, docsSiteCss, loadClientBuild } from '@sextant/docs-site';
import { REPO_ROOT } from './bundled.js';

export const GITHUB_SPEC = join(
  REPO_ROOT,
  'test-data/node_modules/@octokit/openapi/generated/api.github.com.json',
);

export async function githubSite() {
  const project = await mkdtemp(join(tmpdir(), 'sextant-bench-render-'));
  try {
    await writeFile(join(project, 'github.json'), await readFile(GITHUB_SPEC));
    await writeFile(
      join(project, 'docs.yml'),
      'title: GitHub REST API\nnavigation:\n  - api: REST API\n    spec: github.json\n    slug: rest\n',
    );
    const loaded = await loadDocsProject(project, { inlineImages: false });
    return createDocsSite(loaded.definition, loaded.project.apis, 'bench');
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

/** The slugs of `site`'s endpoint pages, in navigation order (the order a walk takes). */
export function endpointSlugs(site: DocsSite): string[] {
  const slugs: string[] = [];
  walkNavigation(site.definition.navigation, (item: NavItem) => {
    if ('endpointId' in item && 'slug' in item) slugs.push(item.slug);
  });
  return slugs;
}

/** What `renderDocsPage` renders `site`'s pages with when it is hosted at github.docs.test. */
export async function hostedRenderContext(site: DocsSite) {
  const { assets } = await loadClientBuild();
  const fileUrl = (path: string) => `/_sextant/files/${path}`;
  return {
    mode: 'hosted' as const,
    proxyBaseUrl: '',
    basePath: '',
    assets,
    fileUrl,
    searchIndexUrl: '/_sextant/search-index.json',
    siteCss: await docsSiteCss(site, fileUrl),
    origin: 'https://github.docs.test',
  };
}
