/**
 * Every docs project of the repository (the example site, the authoring fixtures of e2e, the
 * test projects) loads into a docs definition the registry's schema accepts as it is: nothing
 * refused, nothing stripped, no default needed.
 */
import { join } from 'node:path';
import { checkSchema, docsDefinitionSchema } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { loadDocsProject } from './load-docs-project.js';
import { writeFixtureProject, writeProductsProject, writeStructureProject } from './testing/index.js';

const ROOT = join(import.meta.dirname, '../../..');

/** examples/ reads the registry's `/openapi.json` by URL (served by `sextant dev`): a stand-in here. */
const FETCH_TEXT = async () => '{"openapi":"3.1.0","info":{"title":"Registry","version":"1"},"paths":{}}';

const projects: [string, () => Promise<string> | string][] = [
  ['examples/', () => join(ROOT, 'examples')],
  ['e2e/fixtures/authoring/fern', () => join(ROOT, 'e2e/fixtures/authoring/fern')],
  ['e2e/fixtures/authoring/mintlify', () => join(ROOT, 'e2e/fixtures/authoring/mintlify')],
  ['the fixture project', () => writeFixtureProject()],
  ['the products project', () => writeProductsProject()],
  ['the versioned structure project', () => writeStructureProject()],
];

describe('docsDefinitionSchema over every docs project of the repository', () => {
  it.each(projects)('accepts the definition of %s unchanged', async (_name, dir) => {
    const { definition } = await loadDocsProject(await dir(), { fetchText: FETCH_TEXT });
    const json: unknown = JSON.parse(JSON.stringify(definition));
    const checked = checkSchema(docsDefinitionSchema, json);
    expect(checked.success ? [] : checked.issues).toEqual([]);
    if (checked.success) expect(checked.data).toEqual(json);
  });
});
