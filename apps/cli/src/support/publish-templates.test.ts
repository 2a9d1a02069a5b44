import type { ApiDefinition } from '@sextant/definition';
import type { SnippetTemplate } from '@sextant/docs-project';
import { describe, expect, it } from 'vitest';
import { snippetsConfiguration, withSnippetsConfiguration } from './publish-templates.js';

function template(language: 'go' | 'ruby', pkg: string, path: string, version = '1.0.0'): SnippetTemplate {
  return {
    sdk: { language, package: pkg, version },
    endpointId: { method: 'GET', path },
    snippetTemplate: {
      type: 'v1',
      clientInstantiation: '',
      functionInvocation: { type: 'generic', templateString: '', templateInputs: [] },
    },
  } as SnippetTemplate;
}

describe("an API definition's snippetsConfiguration", () => {
  it('names each SDK of its templates once, in the order the templates come', () => {
    const templates = [
      template('ruby', 'pets_rb', '/pets'),
      template('go', 'example.com/pets', '/pets'),
      template('ruby', 'pets_rb', '/pets/{petId}'),
      template('go', 'example.com/pets', '/pets/{petId}', '2.0.0'),
      template('go', 'example.com/pets-v2', '/pets'),
    ];
    expect(snippetsConfiguration('pets-api-1', templates)).toEqual({
      apiId: 'pets-api-1',
      sdks: [
        { language: 'ruby', package: 'pets_rb' },
        { language: 'go', package: 'example.com/pets' },
        { language: 'go', package: 'example.com/pets-v2' },
      ],
    });
  });

  it('is set on the definition only when the API has templates (an unchanged definition keeps its hash)', () => {
    const definition = { title: 'Pets', endpoints: {} } as unknown as ApiDefinition;
    expect(withSnippetsConfiguration(definition, 'pets-api-1', [])).toBe(definition);
    const configured = withSnippetsConfiguration(definition, 'pets-api-1', [template('go', 'p', '/pets')]);
    expect(configured).toEqual({
      ...definition,
      snippetsConfiguration: { apiId: 'pets-api-1', sdks: [{ language: 'go', package: 'p' }] },
    });
    expect(definition).not.toHaveProperty('snippetsConfiguration');
  });
});
