import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv, validationErrors } from '../examples/ajv-validator.test-support.js';
import { importDefinition } from '../import/import-definition.js';
import { importError as importErrorOf, textSource } from '../import/test-support.js';
import type { ImportSource } from '../ir/import-result.js';
import { danglingReferences } from '../slice/dangling-references.js';

const CORPUS = 'test-data/node_modules/@open-rpc/examples/build/service-descriptions';
const FIXTURES = 'packages/definition/src/openrpc/fixtures';

function fileSource(folder: string, entry: string): ImportSource {
  return { entry, read: (path) => readFileSync(join(folder, path), 'utf8') };
}

describe('OpenRPC importer on @open-rpc/examples', () => {
  const files = readdirSync(CORPUS).filter((file) => file.endsWith('.json'));
  const ajv = createAjv();

  it('finds the corpus', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
  });

  it.each(files)('%s: imports, ids unique, references resolve, examples valid', (file) => {
    const { definition } = importDefinition(fileSource(CORPUS, file));
    const raw = JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as { methods: { name: string }[] };
    expect(Object.keys(definition.endpoints)).toHaveLength(raw.methods.length);
    expect(Object.values(definition.endpoints).map((e) => e.protocol?.methodName)).toEqual(
      raw.methods.map((m) => m.name),
    );
    expect(danglingReferences(definition)).toEqual([]);
    for (const endpoint of Object.values(definition.endpoints)) {
      expect(endpoint.method).toBe('POST');
      expect(endpoint.examples.length).toBeGreaterThan(0);
      for (const example of endpoint.examples.filter((e) => e.synthesized)) {
        const body = endpoint.requests[0]?.body;
        if (body?.type === 'object') {
          const shape = { type: 'id' as const, id: '__params' };
          const types = {
            ...definition.types,
            __params: {
              id: '__params',
              name: 'Params',
              shape: { type: 'object' as const, extends: body.extends, properties: body.properties },
            },
          };
          expect(validationErrors(ajv, example.requestBody, shape, types, 'request')).toBeNull();
        }
        const response = endpoint.responses[0]?.body;
        if (response?.type === 'alias') {
          expect(
            validationErrors(ajv, example.responseBody, response.shape, definition.types, 'response'),
          ).toBeNull();
        }
      }
    }
  });
});

describe('OpenRPC importer: golden', () => {
  it('matches the golden IR of calculator.openrpc.yaml', () => {
    const { definition, warnings } = importDefinition(fileSource(FIXTURES, 'calculator.openrpc.yaml'));
    const golden = JSON.parse(readFileSync(join(FIXTURES, 'calculator.golden.json'), 'utf8'));
    expect({ definition, warnings }).toEqual(golden);
  });

  it('maps params, results, errors, servers, tags and example pairings', () => {
    const { definition } = importDefinition(fileSource(FIXTURES, 'calculator.openrpc.yaml'), {
      synthesizeExamples: false,
    });
    const divide = definition.endpoints.divide;
    expect(divide?.protocol).toEqual({
      type: 'openrpc',
      methodName: 'divide',
      paramStructure: 'by-position',
    });
    expect(divide?.requests[0]?.body).toMatchObject({
      type: 'object',
      properties: [
        { key: 'dividend', valueShape: { type: 'id', id: 'Number' } },
        { key: 'divisor', valueShape: { type: 'optional', shape: { type: 'id', id: 'Number' } } },
      ],
    });
    expect(divide?.responses[0]).toMatchObject({
      statusCode: 200,
      body: { type: 'alias', shape: { type: 'id', id: 'Number' } },
    });
    expect(divide?.errors).toEqual([
      {
        statusCode: 200,
        name: 'JSON-RPC error -32000',
        description: 'Division by zero',
        contentType: 'application/json',
      },
    ]);
    expect(divide?.examples).toEqual([
      {
        name: 'half',
        pathParameters: {},
        queryParameters: {},
        headers: {},
        requestBody: { dividend: 1, divisor: 2 },
        responseStatusCode: 200,
        responseBody: 0.5,
        synthesized: false,
      },
    ]);
    expect(divide?.environments).toEqual([
      {
        id: 'https://eu.calc.example.com/rpc',
        baseUrl: 'https://eu.calc.example.com/rpc',
        description: 'Production',
        variables: [{ name: 'region', default: 'eu', enum: ['eu', 'us'] }],
        urlTemplate: 'https://{region}.calc.example.com/rpc',
      },
    ]);
    expect(definition.endpoints.ping?.environments).toEqual([
      { id: 'http://localhost:4012', baseUrl: 'http://localhost:4012' },
    ]);
    expect(definition.subpackages.arithmetic?.endpoints).toEqual(['divide']);
    expect(definition.subpackages.arithmetic?.description).toBe('Numbers in, numbers out');
    expect(definition.rootPackage.endpoints).toEqual(['ping', 'ping_2']);
    expect(definition.endpoints.ping_2?.protocol?.methodName).toBe('ping');
    expect(definition.endpoints.ping?.availability).toBe('deprecated');
  });
});

const importErrorIn = (text: string) => importErrorOf(text, 'api.json');
const source = (text: string) => textSource(text, 'api.json');

describe('OpenRPC importer: bad input', () => {
  it('rejects methods that are not an array, with the pointer', () => {
    const error = importErrorIn('{"openrpc":"1.2.6","info":{"title":"x","version":"1"},"methods":{}}');
    expect(error.pointer).toBe('/methods');
  });

  it('rejects a method that is not an object', () => {
    const error = importErrorIn('{"openrpc":"1.2.6","info":{"title":"x","version":"1"},"methods":[42]}');
    expect(error.pointer).toBe('/methods/0');
    expect(error.message).toMatch(/a method must be an object, got a number/);
  });

  it('reports a dangling $ref to a content descriptor', () => {
    const error = importErrorIn(
      '{"openrpc":"1.2.6","info":{"title":"x","version":"1"},"methods":[{"name":"a","params":[{"$ref":"#/components/contentDescriptors/nope"}]}]}',
    );
    expect(error.pointer).toBe('/methods/0/params/0');
    expect(error.reason).toMatch(/does not resolve/);
  });

  it('warns and skips a method without a name', () => {
    const { definition, warnings } = importDefinition(
      source('{"openrpc":"1.2.6","info":{"title":"x","version":"1"},"methods":[{"params":[]}]}'),
    );
    expect(definition.endpoints).toEqual({});
    expect(warnings[0]).toMatchObject({ pointer: '/methods/0', message: expect.stringMatching(/name/) });
  });

  it('rejects an unsupported version', () => {
    expect(importErrorIn('{"openrpc":"2.0.0","methods":[]}').message).toMatch(
      /unsupported OpenRPC version "2.0.0"/,
    );
  });
});
