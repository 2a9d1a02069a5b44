/**
 * Golden tests: small specs covering each construct, imported through `readSpecFile`, compared
 * with reviewed `*.golden.json` files (regenerate with `UPDATE_GOLDEN=1`), plus assertions on
 * the meaning of the parts that matter most.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../ir/endpoint.js';
import type { ImportResult } from '../ir/import-result.js';
import { readSpecFile } from '../node.js';
import { importOpenApi } from './import-openapi.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const update = process.env.UPDATE_GOLDEN === '1';

function importFixture(name: string): ImportResult {
  return importOpenApi(readSpecFile(join(fixtures, name)));
}

function golden(name: string, result: ImportResult): void {
  const file = join(fixtures, `${name.replace(/\//g, '-').replace(/\.(ya?ml|json)$/, '')}.golden.json`);
  const text = `${JSON.stringify(result, null, 2)}\n`;
  if (update) writeFileSync(file, text);
  if (!existsSync(file)) throw new Error(`missing golden ${file}: run with UPDATE_GOLDEN=1 and review it`);
  expect(JSON.parse(text)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
}

function endpoint(result: ImportResult, id: string): Endpoint {
  const found = result.definition.endpoints[id];
  if (!found)
    throw new Error(`no endpoint ${id}; have ${Object.keys(result.definition.endpoints).join(', ')}`);
  return found;
}

describe('OpenAPI 3.0 fixture', () => {
  const result = importFixture('petstore-3.0.yaml');

  it('matches its golden IR', () => golden('petstore-3.0.yaml', result));

  it('keeps server variables and substitutes their defaults', () => {
    const [production, local] = endpoint(result, 'getPet').environments;
    expect(production?.baseUrl).toBe('https://eu.pets.example.com/v1');
    expect(production?.variables?.[0]).toEqual({
      name: 'region',
      default: 'eu',
      enum: ['eu', 'us'],
      description: 'Data region',
    });
    expect(local?.baseUrl).toBe('http://localhost:4010');
  });

  it('merges path-level and operation-level parameters and keeps style/explode', () => {
    const getPet = endpoint(result, 'getPet');
    expect(getPet.pathParameters.map((p) => p.key)).toEqual(['petId']);
    expect(getPet.requestHeaders).toEqual([
      { key: 'X-Trace', valueShape: { type: 'primitive', value: { type: 'string', minLength: 8 } } },
    ]);
    const styles = Object.fromEntries(getPet.queryParameters.map((p) => [p.key, [p.style, p.explode]]));
    expect(styles).toEqual({
      fields: ['form', false],
      filter: ['deepObject', true],
      ids: ['pipeDelimited', undefined],
      words: ['spaceDelimited', undefined],
    });
    expect(getPet.cookieParameters).toEqual([
      {
        key: 'session',
        valueShape: { type: 'optional', shape: { type: 'primitive', value: { type: 'string' } } },
      },
    ]);
    expect(result.warnings.some((w) => w.message.includes('cookie'))).toBe(false);
  });

  it('de-duplicates operation ids and falls back to method + path', () => {
    const ids = Object.keys(result.definition.endpoints);
    expect(ids).toContain('createPet');
    expect(ids).toContain('createPet_2');
    expect(ids).toContain('put_pets_petId_photo');
  });

  it('reads bodies by content type', () => {
    const create = endpoint(result, 'createPet');
    expect(create.requests.map((r) => [r.contentType, r.body.type])).toEqual([
      ['application/json', 'object'],
      ['application/x-www-form-urlencoded', 'formData'],
    ]);
    const photo = endpoint(result, 'put_pets_petId_photo');
    expect(photo.requests[0]?.body).toMatchObject({
      type: 'formData',
      fields: [
        { type: 'file', key: 'photo', isOptional: false, contentType: 'image/png' },
        { type: 'files', key: 'extras', isOptional: true },
        { type: 'property', key: 'caption' },
      ],
    });
    expect(photo.responses[0]?.body).toEqual({ type: 'fileDownload', contentType: 'image/png' });
    expect(endpoint(result, 'post_files_raw').requests[0]?.body).toEqual({ type: 'bytes', isOptional: true });
    expect(endpoint(result, 'post_files_raw').responses[0]?.body).toEqual({
      type: 'fileDownload',
      contentType: 'application/pdf',
    });
    expect(endpoint(result, 'get_speech').responses[0]?.body.type).toBe('fileDownload');
    expect(endpoint(result, 'deletePet').responses[0]).toEqual({
      statusCode: 204,
      body: { type: 'empty' },
      description: 'Deleted',
    });
  });

  it('reads streams with their framing and terminator', () => {
    expect(endpoint(result, 'streamEvents').responses[0]?.body).toEqual({
      type: 'stream',
      framing: 'sse',
      shape: { type: 'id', id: 'Event' },
      terminator: '[DONE]',
    });
    expect(endpoint(result, 'streamNdjson').responses[0]?.body).toMatchObject({
      type: 'stream',
      framing: 'ndjson',
    });
  });

  it('turns errors, examples and code samples into the IR', () => {
    const getPet = endpoint(result, 'getPet');
    expect(getPet.errors.map((e) => [e.statusCode, e.name])).toEqual([
      [404, 'NotFound'],
      [0, undefined],
    ]);
    expect(getPet.examples[0]).toMatchObject({
      name: 'rex',
      description: 'A dog called Rex',
      pathParameters: { petId: '0b9a1b8c-4a1e-4d55-9e55-0a6f5a0d3c11' },
      responseStatusCode: 200,
      responseBody: { name: 'Rex', kind: 'dog' },
      synthesized: false,
    });
    expect(getPet.codeSamples).toEqual([
      { language: 'curl', label: 'cURL', code: 'curl https://eu.pets.example.com/v1/pets/1' },
    ]);
    expect(endpoint(result, 'createPet').examples[0]?.requestBody).toEqual({ name: 'Rex', tags: ['good'] });
  });

  it('maps security schemes and requirements; OAuth points at the spec token endpoint', () => {
    const { auths } = result.definition;
    expect(Object.fromEntries(Object.values(auths).map((a) => [a.id, a.type]))).toEqual({
      bearer: 'bearerAuth',
      basic: 'basicAuth',
      apiKeyHeader: 'header',
      apiKeyQuery: 'queryParameter',
      oauth: 'oAuth',
    });
    const oauth = auths.oauth;
    expect(
      oauth?.type === 'oAuth' &&
        oauth.value.type === 'clientCredentials' &&
        oauth.value.tokenEndpoint.endpointId,
    ).toBe('issueToken');
    expect(endpoint(result, 'getPet').auth).toEqual(['bearer']);
    expect(endpoint(result, 'deletePet').auth).toEqual(['apiKeyHeader', 'apiKeyQuery']);
    expect(endpoint(result, 'issueToken').auth).toEqual([]);
  });

  it('converts schemas: discriminated union, allOf, access, enum, map, exclusive bounds', () => {
    const { types } = result.definition;
    expect(types.Pet?.shape).toEqual({
      type: 'discriminatedUnion',
      discriminant: 'kind',
      variants: [
        { discriminantValue: 'dog', typeId: 'Dog' },
        { discriminantValue: 'Cat', typeId: 'Cat' },
      ],
    });
    expect(types.Dog?.shape).toMatchObject({ type: 'object', extends: ['PetBase'] });
    expect(types.Cat?.availability).toBe('deprecated');
    const base = types.PetBase?.shape;
    expect(base?.type === 'object' && base.properties.map((p) => [p.key, p.access])).toEqual([
      ['id', 'READ_ONLY'],
      ['name', undefined],
      ['kind', undefined],
      ['password', 'WRITE_ONLY'],
      ['status', undefined],
      ['labels', undefined],
    ]);
    expect(types.PetBaseStatus?.shape).toEqual({
      type: 'enum',
      values: [{ value: 'available' }, { value: 'sold' }],
      default: 'available',
    });
    expect(types.Error?.shape).toMatchObject({
      extraProperties: { type: 'primitive', value: { type: 'string' } },
    });
    const create = endpoint(result, 'createPet').requests[0]?.body;
    expect(create?.type === 'object' && create.properties.find((p) => p.key === 'age')?.valueShape).toEqual({
      type: 'optional',
      shape: { type: 'primitive', value: { type: 'integer', exclusiveMinimum: 0, maximum: 40 } },
    });
  });

  it('groups by tag into subpackages and keeps untagged operations at the root', () => {
    const { rootPackage, subpackages } = result.definition;
    expect(rootPackage.subpackages).toEqual(['pets', 'files']);
    expect(subpackages.pets?.description).toBe('Everything about pets');
    expect(rootPackage.endpoints).toContain('streamEvents');
  });
});

describe('OpenAPI 3.1 fixture', () => {
  const result = importFixture('openapi-3.1.json');

  it('matches its golden IR', () => golden('openapi-3.1.json', result));

  it('adds a synthetic token endpoint when the spec has none', () => {
    const oauth = result.definition.auths.clientCredentials;
    if (oauth?.type !== 'oAuth' || oauth.value.type !== 'clientCredentials')
      throw new Error('expected an oAuth client-credentials scheme');
    const token = endpoint(result, oauth.value.tokenEndpoint.endpointId);
    expect(token.synthetic).toBe(true);
    expect(token.method).toBe('POST');
    expect(token.environments).toEqual([
      { id: 'https://auth.example.com', baseUrl: 'https://auth.example.com' },
    ]);
    expect(token.path).toEqual([{ type: 'literal', value: '/oauth2/token' }]);
    expect(oauth.value.scopes).toEqual([{ name: 'chat', description: 'Chat' }]);
  });

  it('reads type arrays, null variants, const, inferred discriminators and 3.1 bounds', () => {
    const { types } = result.definition;
    const request = types.CompletionRequest?.shape;
    if (request?.type !== 'object') throw new Error('expected an object');
    const shapes = Object.fromEntries(request.properties.map((p) => [p.key, p.valueShape]));
    expect(shapes.temperature).toEqual({
      type: 'optional',
      shape: {
        type: 'nullable',
        shape: { type: 'primitive', value: { type: 'number', minimum: 0, exclusiveMaximum: 2 } },
      },
    });
    expect(shapes.user).toEqual({
      type: 'optional',
      shape: { type: 'nullable', shape: { type: 'id', id: 'User' } },
    });
    expect(shapes.stream).toEqual({ type: 'optional', shape: { type: 'literal', value: true } });
    expect(shapes.extra).toEqual({
      type: 'optional',
      shape: {
        type: 'map',
        keyShape: { type: 'primitive', value: { type: 'string' } },
        valueShape: { type: 'unknown' },
      },
    });
    expect(shapes.neither).toEqual({ type: 'optional', shape: { type: 'unknown' } });
    expect(types.Message?.shape).toEqual({
      type: 'discriminatedUnion',
      discriminant: 'role',
      variants: [
        { discriminantValue: 'user', typeId: 'UserMessage' },
        { discriminantValue: 'assistant', typeId: 'AssistantMessage' },
      ],
    });
    expect(shapes.tuple).toEqual({
      type: 'optional',
      shape: {
        type: 'list',
        itemShape: { type: 'unknown' },
        prefixItems: [{ type: 'primitive', value: { type: 'string' } }],
      },
    });
    expect(result.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/`not` is not supported/)]),
    );
  });

  it('reads webhooks, JSON lines and 3.1 binary content', () => {
    const webhook = result.definition.webhooks.webhook_petAdopted;
    expect(webhook).toMatchObject({
      method: 'POST',
      name: 'petAdopted',
      payload: { contentType: 'application/json', shape: { type: 'id', id: 'Adoption' } },
      examples: [{ payload: { petId: 1, at: '2024-01-01T00:00:00Z' }, synthesized: false }],
    });
    expect(endpoint(result, 'getLines').responses[0]?.body).toMatchObject({
      type: 'stream',
      framing: 'ndjson',
    });
    expect(endpoint(result, 'upload').requests[0]?.body).toMatchObject({
      type: 'formData',
      fields: [
        { type: 'file', key: 'file' },
        { type: 'property', key: 'meta' },
      ],
    });
    expect(endpoint(result, 'upload').responses[0]?.body).toEqual({
      type: 'fileDownload',
      contentType: 'application/zip',
    });
    expect(endpoint(result, 'createCompletion').errors).toEqual([
      { statusCode: 400, description: 'Client error' },
    ]);
  });
});

describe('Swagger 2.0 fixture', () => {
  const result = importFixture('swagger-2.0.yaml');

  it('matches its golden IR', () => golden('swagger-2.0.yaml', result));

  it('builds environments from host, basePath and schemes', () => {
    expect(endpoint(result, 'listItems').environments.map((e) => e.baseUrl)).toEqual([
      'https://api.example.com/v2',
      'http://api.example.com/v2',
    ]);
  });

  it('reads body and formData parameters, produces, collectionFormat and file responses', () => {
    expect(endpoint(result, 'createItem').requests).toEqual([
      { contentType: 'application/json', body: { type: 'alias', shape: { type: 'id', id: 'NewItem' } } },
    ]);
    expect(endpoint(result, 'uploadImage').requests[0]).toMatchObject({
      contentType: 'multipart/form-data',
      body: {
        type: 'formData',
        fields: [
          { type: 'file', key: 'image', isOptional: false },
          { type: 'property', key: 'caption' },
        ],
      },
    });
    expect(endpoint(result, 'downloadImage').responses[0]?.body).toEqual({
      type: 'fileDownload',
      contentType: 'image/jpeg',
    });
    expect(endpoint(result, 'listItems').queryParameters[0]).toMatchObject({
      key: 'tags',
      style: 'form',
      explode: true,
    });
    expect(endpoint(result, 'listItems').examples[0]?.responseBody).toEqual([{ id: 1, name: 'one' }]);
  });

  it('maps Swagger security definitions; the OAuth application flow finds the spec has no token endpoint', () => {
    const { auths } = result.definition;
    expect(auths.basic?.type).toBe('basicAuth');
    expect(auths.key).toEqual({ type: 'header', id: 'key', headerWireValue: 'X-Key' });
    const app = auths.app;
    if (app?.type !== 'oAuth' || app.value.type !== 'clientCredentials') throw new Error('expected oAuth');
    expect(endpoint(result, app.value.tokenEndpoint.endpointId).synthetic).toBe(true);
    expect(endpoint(result, 'createItem').auth).toEqual(['basic']);
    expect(endpoint(result, 'listItems').auth).toEqual(['key']);
  });

  it('normalises boolean exclusiveMinimum and keeps allOf recursion through ids', () => {
    const item = result.definition.types.Item?.shape;
    expect(item).toMatchObject({ type: 'object', extends: ['NewItem'] });
    expect(item?.type === 'object' && item.properties[1]).toEqual({
      key: 'parent',
      valueShape: { type: 'optional', shape: { type: 'id', id: 'Item' } },
    });
  });
});

describe('multi-file fixture', () => {
  const result = importFixture('multi-file/api.yaml');

  it('matches its golden IR', () => golden('multi-file/api.yaml', result));

  it('follows $ref across files (path items, parameters, schemas) including escaped pointers and cycles', () => {
    const getTree = endpoint(result, 'getTree');
    expect(getTree.pathParameters.map((p) => p.key)).toEqual(['treeId']);
    expect(getTree.responses[0]?.body).toEqual({ type: 'alias', shape: { type: 'id', id: 'Tree' } });
    const tree = result.definition.types.Tree?.shape;
    expect(tree?.type === 'object' && tree.properties.map((p) => [p.key, p.valueShape])).toEqual([
      ['label', { type: 'primitive', value: { type: 'string' } }],
      ['children', { type: 'optional', shape: { type: 'list', itemShape: { type: 'id', id: 'Tree' } } }],
      ['a~b/c', { type: 'optional', shape: { type: 'id', id: 'LeafNode' } }],
    ]);
    const leaf = result.definition.types.LeafNode?.shape;
    expect(leaf?.type === 'object' && leaf.properties[0]?.valueShape).toEqual({
      type: 'optional',
      shape: { type: 'id', id: 'Tree' },
    });
  });
});
