/**
 * The byte estimates of parsed JSON: a value parsed from stored bytes is counted by their length
 * (no second serialisation of a large definition), any other value by its serialisation.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packJson, unpackJson } from '../registry/compression.js';
import {
  HEAP_BYTES_PER_JSON_BYTE,
  jsonHeapBytes,
  loadedDocsHeapBytes,
  rememberJsonBytes,
} from './byte-cache.js';

describe('jsonHeapBytes', () => {
  it('counts a value by its JSON text when its size is not known', () => {
    const value = { a: [1, 2, 'three'], b: { c: null } };
    expect(jsonHeapBytes(value)).toBe(JSON.stringify(value).length * HEAP_BYTES_PER_JSON_BYTE);
    expect(jsonHeapBytes(undefined, 'x', 1)).toBe((0 + 3 + 1) * HEAP_BYTES_PER_JSON_BYTE);
  });

  it('counts a value by the bytes it was parsed from, without serialising it', () => {
    const value = rememberJsonBytes({ big: 'x'.repeat(10) }, 1_000_000);
    expect(jsonHeapBytes(value)).toBe(1_000_000 * HEAP_BYTES_PER_JSON_BYTE);
    // A value that cannot be serialised proves no serialisation happened.
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    rememberJsonBytes(cyclic, 42);
    expect(jsonHeapBytes(cyclic)).toBe(42 * HEAP_BYTES_PER_JSON_BYTE);
  });

  it('ignores sizes offered for values that are not objects', () => {
    expect(rememberJsonBytes('text', 99)).toBe('text');
    expect(jsonHeapBytes('text')).toBe(6 * HEAP_BYTES_PER_JSON_BYTE);
  });

  it('unpackJson remembers the length of what it parsed', async () => {
    const stored = { title: 'é'.repeat(5), items: [1, 2, 3] };
    const { gz, json } = await packJson(stored);
    const parsed = await unpackJson<typeof stored>(gz);
    expect(parsed).toEqual(stored);
    expect(jsonHeapBytes(parsed)).toBe(json.length * HEAP_BYTES_PER_JSON_BYTE);
    await expect(unpackJson(gzipSync('{not json'))).rejects.toThrow(SyntaxError);
  });
});

describe('loadedDocsHeapBytes', () => {
  it('sums the definition, every API and the rest of a loaded site', () => {
    const definition = rememberJsonBytes({ docsVersion: 1 }, 100);
    const apis = { a: rememberJsonBytes({ id: 'a' }, 1000), b: rememberJsonBytes({ id: 'b' }, 2000) };
    const rest = { url: 'docs.example.com/', files: {} };
    expect(loadedDocsHeapBytes({ definition, apis, ...rest })).toBe(
      (100 + 1000 + 2000 + JSON.stringify(rest).length) * HEAP_BYTES_PER_JSON_BYTE,
    );
  });
});
