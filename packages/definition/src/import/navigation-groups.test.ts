import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../openapi/import-openapi.js';

const op = (tag?: string) => ({
  ...(tag ? { tags: [tag] } : {}),
  responses: { '200': { description: 'OK' } },
});

describe('OpenAPI tags as navigation groups', () => {
  it('orders groups as the spec lists its tags and nests them in x-tagGroups', () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      tags: [{ name: 'users' }, { name: 'admin' }, { name: 'pets' }],
      'x-tagGroups': [
        { name: 'People', tags: ['users', 'admin', 'missing'] },
        { name: 'Broken', tags: 'not a list' },
        { name: 'Empty', tags: ['missing'] },
      ],
      paths: {
        '/pets': { get: op('pets') },
        '/admin': { get: op('admin') },
        '/users': { get: op('users') },
        '/stray': { get: op('stray') },
        '/ping': { get: op() },
      },
    };
    const { definition } = importOpenApi({ entry: 'api.json', read: () => JSON.stringify(spec) });
    expect(definition.rootPackage.subpackages).toEqual(['x-tagGroup:People', 'pets', 'stray']);
    expect(definition.subpackages['x-tagGroup:People']).toMatchObject({
      name: 'People',
      subpackages: ['users', 'admin'],
      endpoints: [],
    });
    expect(definition.rootPackage.endpoints).toHaveLength(1);
  });
});
