import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiDefinition } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { projectTemplateFiles, type SnippetTemplate, templatesForDefinition } from './project-templates.js';

function template(
  language: 'go' | 'ruby',
  method: 'GET' | 'POST',
  path: string,
  version = '1.0.0',
): SnippetTemplate {
  return {
    sdk: { language, package: `${language}-pets`, version },
    endpointId: { method, path },
    snippetTemplate: {
      type: 'v1',
      clientInstantiation: 'client := pets.New()',
      functionInvocation: { type: 'generic', templateString: `${method} ${path}`, templateInputs: [] },
    },
  } as SnippetTemplate;
}

const definition = {
  endpoints: {
    getPet: {
      method: 'GET',
      path: [
        { type: 'literal', value: '/pets/' },
        { type: 'pathParameter', name: 'petId' },
      ],
    },
    listPets: { method: 'GET', path: [{ type: 'literal', value: '/pets' }] },
  },
} as unknown as Pick<ApiDefinition, 'endpoints'>;

describe('templatesForDefinition', () => {
  it("keys each matching template to its endpoint's own path, one per SDK, skipping other endpoints", () => {
    const templates = [
      template('go', 'GET', '/pets/{id}'),
      template('go', 'GET', '/pets/{id}', '0.9.0'),
      template('ruby', 'GET', 'pets/{pet_id}/'),
      template('go', 'POST', '/pets'),
      template('go', 'GET', '/owners'),
      template('ruby', 'GET', '/pets'),
    ];
    const keyed = templatesForDefinition(templates, definition);
    expect(keyed.map((t) => [t.sdk.language, t.sdk.version, t.endpointId.method, t.endpointId.path])).toEqual(
      [
        ['go', '1.0.0', 'GET', '/pets/{petId}'],
        ['ruby', '1.0.0', 'GET', '/pets/{petId}'],
        ['ruby', '1.0.0', 'GET', '/pets'],
      ],
    );
    expect(keyed[0]?.snippetTemplate).toEqual(templates[0]?.snippetTemplate);
    expect(templatesForDefinition([], definition)).toEqual([]);
  });
});

describe('projectTemplateFiles', () => {
  it('names generators.yml and the templates file of each generator, and only generators.yml when it is unreadable', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sextant-template-files-'));
    try {
      expect(await projectTemplateFiles(dir)).toEqual([join(dir, 'generators.yml')]);
      await writeFile(
        join(dir, 'generators.yml'),
        'generators:\n  - language: go\n    snippetTemplates: sdk/go.json\n  - language: python\n',
      );
      expect(await projectTemplateFiles(dir)).toEqual([
        join(dir, 'generators.yml'),
        join(dir, 'sdk', 'go.json'),
      ]);
      await writeFile(join(dir, 'generators.yml'), 'generators: [\n');
      expect(await projectTemplateFiles(dir)).toEqual([join(dir, 'generators.yml')]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
