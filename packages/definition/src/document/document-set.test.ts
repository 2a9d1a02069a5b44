import { describe, expect, it } from 'vitest';
import { DefinitionImportError } from '../ir/import-result.js';
import { DocumentSet } from './document-set.js';
import { childPointer, parsePointer, valueAtPointer } from './pointer.js';

function source(files: Record<string, string>, entry = 'api.yaml') {
  return {
    entry,
    read(path: string) {
      const text = files[path];
      if (text === undefined) throw new Error(`no such file ${path}`);
      return text;
    },
  };
}

function catchError(fn: () => unknown): DefinitionImportError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DefinitionImportError) return error;
    throw error;
  }
  throw new Error('expected a DefinitionImportError');
}

describe('pointers', () => {
  it('escapes and reads ~0 and ~1', () => {
    expect(childPointer('/paths', '/a~b')).toBe('/paths/~1a~0b');
    expect(parsePointer('/paths/~1a~0b')).toEqual(['paths', '/a~b']);
    expect(valueAtPointer({ paths: { '/a~b': 1 } }, '/paths/~1a~0b')).toBe(1);
    expect(valueAtPointer({ list: [1, 2] }, '/list/1')).toBe(2);
  });
});

describe('DocumentSet', () => {
  it('parses YAML and JSON and resolves refs across files of a folder', () => {
    const set = new DocumentSet(
      source(
        {
          'specs/api.yaml': 'a:\n  $ref: "./common/defs.json#/defs/Thing"\n',
          'specs/common/defs.json': '{"defs":{"Thing":{"$ref":"../more.yaml#/x~1y"}}}',
          'specs/more.yaml': 'x/y: 42\n',
        },
        'specs/api.yaml',
      ),
    );
    const root = set.entry.root as { a: unknown };
    const { value, at } = set.deref(root.a, { file: 'specs/api.yaml', pointer: '/a' });
    expect(value).toBe(42);
    expect(at).toEqual({ file: 'specs/more.yaml', pointer: '/x~1y' });
    expect(set.files()).toEqual(['specs/api.yaml', 'specs/common/defs.json', 'specs/more.yaml']);
  });

  it('reports a dangling $ref in the same file with file, pointer and line', () => {
    const set = new DocumentSet(source({ 'api.yaml': 'one: 1\nb:\n  c:\n    $ref: "#/nope"\n' }));
    const error = catchError(() => set.deref({ $ref: '#/nope' }, { file: 'api.yaml', pointer: '/b/c' }));
    expect(error.file).toBe('api.yaml');
    expect(error.pointer).toBe('/b/c');
    expect(error.line).toBe(4);
    expect(error.message).toBe(
      'api.yaml:4 at /b/c: $ref "#/nope" does not resolve: nothing at api.yaml#/nope',
    );
  });

  it('reports a $ref to a missing file', () => {
    const set = new DocumentSet(source({ 'api.yaml': 'a:\n  $ref: "other.yaml#/x"\n' }));
    const error = catchError(() => set.deref({ $ref: 'other.yaml#/x' }, { file: 'api.yaml', pointer: '/a' }));
    expect(error.pointer).toBe('/a');
    expect(error.reason).toMatch(/other\.yaml.*cannot be loaded/);
  });

  it('detects circular $ref chains', () => {
    const set = new DocumentSet(source({ 'api.yaml': 'a:\n  $ref: "#/b"\nb:\n  $ref: "#/a"\n' }));
    const error = catchError(() => set.deref({ $ref: '#/b' }, { file: 'api.yaml', pointer: '/a' }));
    expect(error.reason).toMatch(/circular/);
  });

  it('gives the line of broken YAML', () => {
    const error = catchError(
      () => new DocumentSet(source({ 'api.yaml': 'openapi: 3.0.0\npaths:\n  a: [1, 2\n' })),
    );
    expect(error.file).toBe('api.yaml');
    expect(error.line).toBeGreaterThanOrEqual(3);
    expect(error.reason).toMatch(/invalid YAML/);
  });

  it('refuses oversized files before parsing', () => {
    const error = catchError(
      () => new DocumentSet(source({ 'api.yaml': 'x'.repeat(2000) }), { maxFileSize: 1000 }),
    );
    expect(error.reason).toMatch(/over the 1000 bytes limit/);
  });

  it('reports deeply nested YAML as an import error, not a crash', () => {
    const text = `a: ${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const error = catchError(() => new DocumentSet(source({ 'api.yaml': text })));
    expect(error.file).toBe('api.yaml');
    expect(error.reason).toMatch(/nested too deeply/);
  });

  it('refuses absurdly deep JSON with the pointer where the limit was crossed', () => {
    const text = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const error = catchError(
      () => new DocumentSet(source({ 'api.json': text }, 'api.json'), { maxDepth: 50 }),
    );
    expect(error.file).toBe('api.json');
    expect(error.pointer).toBe(`${'/a'.repeat(51)}`);
    expect(error.reason).toMatch(/nested more than 50 levels/);
  });
});
