import { describe, expect, it } from 'vitest';
import { importDefinition } from './import-definition.js';
import { importError as importErrorOf, textSource } from './test-support.js';

const OPENAPI = `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: integer, minimum: 1 } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [id, name]
                properties:
                  id: { type: integer, minimum: 1 }
                  name: { type: string, minLength: 2 }
`;

const importErrorIn = (text: string) => importErrorOf(text, 'spec.yaml');

describe('importDefinition', () => {
  it('imports OpenAPI through the OpenAPI importer and synthesises its examples', () => {
    const { definition } = importDefinition(textSource(OPENAPI));
    expect(definition.source).toEqual({ format: 'openapi', version: '3.1.0' });
    const example = definition.endpoints.getPet?.examples[0];
    expect(example?.synthesized).toBe(true);
    expect(example?.pathParameters.petId).toBeGreaterThanOrEqual(1);
    expect(example?.responseBody).toMatchObject({ id: expect.any(Number), name: 'Example name' });
  });

  it('can skip example synthesis', () => {
    const { definition } = importDefinition(textSource(OPENAPI), { synthesizeExamples: false });
    expect(definition.endpoints.getPet?.examples).toEqual([]);
  });

  it('detects OpenRPC', () => {
    const { definition } = importDefinition(
      textSource('{"openrpc":"1.2.6","info":{"title":"RPC","version":"1"},"methods":[]}', 'rpc.json'),
    );
    expect(definition.source).toEqual({ format: 'openrpc', version: '1.2.6' });
    expect(definition.id).toBe('rpc');
  });

  it('names the file and the expected keys for an unknown document', () => {
    const error = importErrorIn('title: hello\npaths: {}\n');
    expect(error.file).toBe('spec.yaml');
    expect(error.pointer).toBe('');
    expect(error.message).toMatch(
      /`openapi` \(3\.x\), `swagger` \(2\.0\), `asyncapi` \(2\.x or 3\.0\) or `openrpc` \(1\.x\)/,
    );
    expect(error.message).toMatch(/found the keys `title`, `paths`/);
  });

  it('refuses a root that is not an object', () => {
    expect(importErrorIn('- 1\n- 2\n').message).toMatch(/got an array/);
    expect(importErrorIn('42').message).toMatch(/got a number/);
    expect(importErrorIn('').message).toMatch(/got null/);
  });

  it('refuses unsupported AsyncAPI and OpenRPC versions at their version field', () => {
    const asyncapi = importErrorIn('asyncapi: 1.2.0\n');
    expect(asyncapi.pointer).toBe('/asyncapi');
    expect(asyncapi.line).toBe(1);
    expect(importErrorIn('openrpc: 0.9\n').pointer).toBe('/openrpc');
  });

  it('passes broken YAML errors through with their line', () => {
    const error = importErrorIn('openapi: 3.0.0\ninfo:\n  title: [unclosed\n');
    expect(error.file).toBe('spec.yaml');
    expect(error.line).toBeGreaterThanOrEqual(3);
  });
});
