import { describe, expect, it } from 'vitest';
import { diffDefinitions } from './diff-definitions.js';
import { renderDiffMarkdown } from './render-markdown.js';
import { api, endpoint, int, jsonResponse, objectType, optional, param, ref, str } from './test-support.js';

describe('renderDiffMarkdown', () => {
  it('lists breaking changes first, then additions, changes and docs, each naming its operation', () => {
    const pet = objectType('Pet', { id: int, name: str });
    const before = api(
      [
        endpoint('GET', '/pets/{petId}', { responses: [jsonResponse(ref('Pet'))] }),
        endpoint('GET', '/pets', { queryParameters: [param('limit', optional(int))] }),
      ],
      [pet],
      { version: '1.0.0' },
    );
    const after = api(
      [
        endpoint('GET', '/pets/{petId}', { responses: [jsonResponse(ref('Pet'))], description: 'One pet' }),
        endpoint('GET', '/pets', {
          queryParameters: [param('limit', optional(int)), param('q', optional(str))],
        }),
      ],
      [objectType('Pet', { id: int })],
      { version: '1.1.0' },
    );
    const markdown = renderDiffMarkdown(diffDefinitions(before, after));
    expect(markdown).toBe(
      [
        '## API changes: petstore@1.0.0 → petstore@1.1.0',
        '',
        '1 breaking change, 1 addition, 1 removal, 0 other changes, 1 documentation change',
        '',
        '### Breaking changes',
        '',
        '- **type Pet**: field `name` was removed (used in responses)',
        '',
        '### Added',
        '',
        '- **GET /pets**: optional query parameter `q` was added',
        '',
        '### Documentation',
        '',
        '- **GET /pets/{petId}**: description of the endpoint changed',
        '',
      ].join('\n'),
    );
  });

  it('says so when nothing changed, and escapes markdown in names', () => {
    const one = api([endpoint('GET', '/pets', { queryParameters: [param('_id', optional(str))] })]);
    expect(renderDiffMarkdown(diffDefinitions(one, one))).toContain('No changes.');
    const two = api([endpoint('GET', '/pets')]);
    expect(renderDiffMarkdown(diffDefinitions(one, two))).toContain('query parameter `_id` was removed');
    const renamed = api([endpoint('GET', '/pets')], [], { title: 'Pets_v2 <b>' });
    expect(renderDiffMarkdown(diffDefinitions(two, renamed))).toContain('to "Pets\\_v2 \\<b\\>"');
  });
});
