import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDocsProject } from '@sextant/docs-project';
import { describe, expect, it } from 'vitest';
import { renderDocsConfig, renderWelcomePage, STARTER_SPEC } from './docs-config.js';

describe('the docs.yml sextant init writes', () => {
  it('loads with two tabs: the welcome page as the home, the API at /<its slug>', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sextant-init-'));
    await mkdir(join(dir, 'pages'));
    await mkdir(join(dir, 'api'));
    await writeFile(
      join(dir, 'docs.yml'),
      renderDocsConfig({
        title: 'Starter',
        apiTitle: 'Starter API',
        specPath: 'api/openapi.yaml',
        welcomePath: 'pages/welcome.md',
      }),
    );
    await writeFile(join(dir, 'pages/welcome.md'), renderWelcomePage('Starter'));
    await writeFile(join(dir, 'api/openapi.yaml'), STARTER_SPEC);
    const { definition } = await loadDocsProject(dir);
    expect(definition.navigation.map((item) => item.type === 'tab' && item.title)).toEqual([
      'Guides',
      'API Reference',
    ]);
    expect(definition.homeSlug).toBe('');
    const api = definition.navigation[1]?.type === 'tab' ? definition.navigation[1].children[0] : undefined;
    expect(api).toMatchObject({ type: 'apiReference', slug: 'starter-api' });
  });
});

describe('the ai section of the docs.yml sextant init writes', () => {
  const NAV = 'navigation:\n  - link: A\n    href: /a\n';
  async function writeDocsYml(docsYml: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'sextant-ai-yml-'));
    await writeFile(join(dir, 'docs.yml'), docsYml);
    return dir;
  }

  it('the init template carries an ai section with the allowed values that loads', async () => {
    const text = renderDocsConfig({
      title: 'Petstore',
      apiTitle: 'API',
      specPath: 'openapi.yaml',
      welcomePath: 'pages/welcome.md',
    });
    expect(text).toContain('# claude-3.5 | claude-3.7 | claude-4 | command-a');
    expect(text).toContain('docs | slack | discord');
    const yml = text.replace(/navigation:[\s\S]*$/, NAV);
    const loaded = await loadDocsProject(await writeDocsYml(yml));
    expect(loaded.definition.config.ai).toEqual({ enabled: false, model: 'claude-4', location: ['docs'] });
  });
});
