/**
 * Bad input gives one `DefinitionImportError` naming the file, the JSON pointer and the reason,
 * never a crash: broken YAML, dangling `$ref`s, wrong types, oversized files, absurd nesting,
 * and paths escaping the spec's folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DefinitionImportError, type ImportSource } from '../ir/import-result.js';
import { readSpecFile } from '../node.js';
import { importOpenApi } from './import-openapi.js';

function memory(files: Record<string, string>, entry = 'api.yaml'): ImportSource {
  return {
    entry,
    read(path) {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT ${path}`);
      return text;
    },
  };
}

function importError(source: ImportSource): DefinitionImportError {
  try {
    importOpenApi(source);
  } catch (error) {
    if (error instanceof DefinitionImportError) return error;
    throw error;
  }
  throw new Error('expected the import to fail');
}

const HEAD = 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\n';

describe('malformed specs', () => {
  it('broken YAML names the file and line', () => {
    const error = importError(memory({ 'api.yaml': `${HEAD}paths:\n  /a:\n    get: {responses: [\n` }));
    expect(error.file).toBe('api.yaml');
    expect(error.line).toBeGreaterThanOrEqual(5);
    expect(error.message).toMatch(/^api\.yaml:\d+ at \/: invalid YAML\/JSON: /);
    // One line, not ending on the colon that introduced yaml's code frame.
    expect(error.message).not.toMatch(/[:\n]\s*$/);
    expect(error.message).not.toContain('\n');
  });

  it('broken JSON is reported with its line, not as a JSON.parse crash', () => {
    const error = importError(
      memory({ 'api.json': '{\n  "openapi": "3.0.0",\n  "paths": {,}\n}' }, 'api.json'),
    );
    expect(error.file).toBe('api.json');
    expect(error.line).toBe(3);
  });

  it('a dangling $ref in the same file names the pointer of the $ref', () => {
    const spec = `${HEAD}paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/Missing'\n`;
    const error = importError(memory({ 'api.yaml': spec }));
    expect(error.pointer).toBe('/paths/~1a/get/responses/200/content/application~1json/schema');
    expect(error.reason).toBe(
      '$ref "#/components/schemas/Missing" does not resolve: nothing at api.yaml#/components/schemas/Missing',
    );
    expect(error.line).toBe(12);
  });

  it('a dangling $ref to another file, and to a missing pointer in another file', () => {
    const spec = `${HEAD}paths:\n  /a:\n    $ref: 'paths.yaml#/a'\n`;
    const missingFile = importError(memory({ 'api.yaml': spec }));
    expect(missingFile.pointer).toBe('/paths/~1a');
    expect(missingFile.reason).toMatch(/\$ref "paths\.yaml#\/a" points to a file that cannot be loaded/);
    const missingPointer = importError(memory({ 'api.yaml': spec, 'paths.yaml': 'b: {}\n' }));
    expect(missingPointer.reason).toBe('$ref "paths.yaml#/a" does not resolve: nothing at paths.yaml#/a');
  });

  it('wrong types: paths as an array, parameters as an object, responses as a string, root as a list', () => {
    expect(importError(memory({ 'api.yaml': `${HEAD}paths: [1, 2]\n` })).message).toBe(
      'api.yaml:3 at /paths: `paths` must be an object, got an array',
    );
    const parameters = importError(
      memory({
        'api.yaml': `${HEAD}paths:\n  /a:\n    get:\n      parameters: {a: 1}\n      responses: {}\n`,
      }),
    );
    expect(parameters.pointer).toBe('/paths/~1a/get/parameters');
    expect(parameters.reason).toBe('`parameters` must be an array, got a object');
    const responses = importError(
      memory({ 'api.yaml': `${HEAD}paths:\n  /a:\n    get:\n      responses: nope\n` }),
    );
    expect(responses.pointer).toBe('/paths/~1a/get/responses');
    expect(importError(memory({ 'api.yaml': '- 1\n- 2\n' })).reason).toMatch(
      /must be an object, got an array/,
    );
    expect(importError(memory({ 'api.yaml': 'openapi: 4.0.0\n' })).reason).toMatch(
      /unsupported OpenAPI version/,
    );
    expect(importError(memory({ 'api.yaml': 'title: hello\n' })).reason).toMatch(/not an OpenAPI document/);
  });

  it('a schema nested 10,000 levels deep is refused with a clear error', () => {
    // Built as text: JSON.stringify itself cannot serialise this depth.
    const depth = 10_000;
    const schema = `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${'}}'.repeat(depth)}`;
    const spec = `{"openapi":"3.0.0","info":{"title":"T","version":"1"},"components":{"schemas":{"Deep":${schema}}}}`;
    const error = importError(memory({ 'api.json': spec }, 'api.json'));
    expect(error.file).toBe('api.json');
    expect(error.pointer.startsWith('/components/schemas/Deep/properties/a/properties/a')).toBe(true);
    expect(error.reason).toMatch(/nested more than 1000 levels deep/);
  });

  it('inline schemas nested past the converter limit (but within the document limit) fail cleanly', () => {
    let schema: unknown = { type: 'string' };
    for (let i = 0; i < 300; i++) schema = { type: 'array', items: schema };
    const spec = JSON.stringify({
      openapi: '3.0.0',
      info: { title: 'T', version: '1' },
      components: { schemas: { Deep: schema } },
    });
    const error = importError(memory({ 'api.json': spec }, 'api.json'));
    expect(error.reason).toMatch(/the schema is nested more than 200 levels deep/);
    expect(error.pointer).toMatch(/^\/components\/schemas\/Deep(\/items)+$/);
  });

  it('a circular $ref chain (not a recursive schema) is an error, not a hang', () => {
    const spec = `${HEAD}paths:\n  /a:\n    $ref: '#/paths/~1b'\n  /b:\n    $ref: '#/paths/~1a'\n`;
    expect(importError(memory({ 'api.yaml': spec })).reason).toMatch(/circular \$ref chain/);
  });
});

describe('files on disk', () => {
  const folder = mkdtempSync(join(tmpdir(), 'sextant-import-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses a 50 MB file before reading it', () => {
    const file = join(folder, 'huge.json');
    const line = `${JSON.stringify({ description: 'x'.repeat(1000) })},\n`;
    writeFileSync(
      file,
      `{"openapi":"3.0.0","x-big":[\n${line.repeat(Math.ceil((50 * 1024 * 1024) / line.length) + 10)}{}]}`,
    );
    const started = performance.now();
    const error = importError(readSpecFile(file));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.file).toBe('huge.json');
    expect(error.pointer).toBe('');
    expect(error.reason).toMatch(/^the file is 50 MB, over the 50 MB limit/);
  });

  it('a folder given as the spec is named as one, not as a read error', () => {
    const inner = join(folder, 'specs');
    mkdirSync(inner);
    const error = importError(readSpecFile(inner));
    expect(error.reason).toBe(`is a folder, not a spec file (${inner}): name the spec file in it`);
  });

  it('an in-memory source over the limit is refused too', () => {
    const error = importError({ entry: 'big.yaml', read: () => 'a'.repeat(50 * 1024 * 1024 + 1) });
    expect(error.reason).toMatch(/over the 50 MB limit/);
  });

  it('refuses $refs that escape the spec folder', () => {
    const inner = join(folder, 'inner');
    rmSync(inner, { recursive: true, force: true });
    writeFileSync(join(folder, 'secret.yaml'), 'a: 1\n');
    mkdirSync(inner);
    writeFileSync(
      join(inner, 'api.yaml'),
      `${HEAD}components:\n  schemas:\n    A:\n      $ref: '../secret.yaml#/a'\n`,
    );
    const error = importError(readSpecFile(join(inner, 'api.yaml')));
    expect(error.pointer).toBe('/components/schemas/A');
    expect(error.reason).toMatch(/outside the spec's folder/);
  });

  it('reads a spec and its sibling files through readSpecFile', () => {
    const { definition } = importOpenApi(
      readSpecFile(join(import.meta.dirname, 'fixtures', 'multi-file', 'api.yaml')),
    );
    expect(Object.keys(definition.endpoints)).toEqual(['getTree']);
  });
});
