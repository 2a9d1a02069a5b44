/**
 * The definitions cache is bounded by bytes (issue #30 item 4): what an entry holds grows when its
 * JSON and parsed object are made, and the cache weighs it anew; entries past the budget go first
 * in least-recently-used order and each eviction is heard (the `/metrics` counter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from '../storage/index.js';
import { packJson } from './compression.js';
import { createDefinitionCache } from './definition-cache.js';

let database: OpenDatabase;

/** Stores a definition of about `kib` KiB of incompressible-ish text under `id`. */
async function store(id: string, kib: number) {
  const filler = Array.from({ length: kib * 16 }, (_, i) => `${id}-${i}-${Math.random().toString(36)}`);
  const { gz, json } = await packJson({ id, filler });
  await database.db
    .insertInto('api_definitions')
    .values({ id, org_id: 'org-1', api_id: 'api', definition_gz: gz, size_bytes: json.length, sha256: id })
    .execute();
  return { gz: gz.length, json: json.length };
}

beforeAll(async () => {
  database = await openDatabase({});
  await database.db.insertInto('organizations').values({ id: 'org-1' }).execute();
}, 60_000);
afterAll(() => database?.close());

describe('definition cache', () => {
  it('weighs compressed bytes, then JSON and the parsed object once made', async () => {
    const sizes = await store('weigh', 8);
    const cache = createDefinitionCache(database.db, 64 * 1024 * 1024);
    expect(await cache.get('weigh')).toMatchObject({ orgId: 'org-1', apiId: 'api' });
    expect(cache.bytes()).toBe(sizes.gz);
    expect((await cache.json('weigh'))?.length).toBe(sizes.json);
    expect(cache.bytes()).toBe(sizes.gz + sizes.json);
    expect((await cache.parsed('weigh')) as unknown).toMatchObject({ id: 'weigh' });
    expect(cache.bytes()).toBe(sizes.gz + sizes.json * 4);
    expect(await cache.parsed('weigh')).toBe(await cache.parsed('weigh'));
    expect(await cache.get('missing')).toBeUndefined();
    expect(await cache.parsed('missing')).toBeUndefined();
  });

  it('stays within its budget, evicting the least recently used and telling the observer', async () => {
    const sizes = await Promise.all(['a', 'b', 'c'].map((id) => store(`lru-${id}`, 16)));
    // Room for two definitions' compressed bytes and JSON, not three.
    const largest = Math.max(...sizes.map((s) => s.gz + s.json));
    const budget = Math.floor(largest * 2.5);
    const evicted: string[] = [];
    const cache = createDefinitionCache(database.db, budget, { evicted: (name) => evicted.push(name) });
    await cache.json('lru-a');
    await cache.json('lru-b');
    expect(evicted).toEqual([]);
    await cache.get('lru-a'); // a is now the most recent: b goes first
    await cache.json('lru-c');
    expect(cache.bytes()).toBeLessThanOrEqual(budget);
    expect(evicted.length).toBeGreaterThan(0);
    expect(new Set(evicted)).toEqual(new Set(['definitions']));
    // An evicted definition is read again from the database, whole.
    expect((await cache.parsed('lru-b')) as unknown).toMatchObject({ id: 'lru-b' });
    expect(cache.bytes()).toBeLessThanOrEqual(budget);
  });

  it('reads, decompresses and parses a definition once for concurrent first requests', async () => {
    await store('stampede', 16);
    const queries: string[] = [];
    const counted = database.db.withPlugin({
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const cache = createDefinitionCache(counted, 64 * 1024 * 1024);
    const parsed = await Promise.all(Array.from({ length: 20 }, () => cache.parsed('stampede')));
    // Separate parses would give separate objects: one object is one parse.
    expect(new Set(parsed).size).toBe(1);
    expect(parsed[0] as unknown).toMatchObject({ id: 'stampede' });
    expect(queries).toEqual(['SelectQueryNode']);
  });

  it('serves a definition larger than the whole budget without keeping it', async () => {
    await store('huge', 32);
    const cache = createDefinitionCache(database.db, 1024);
    expect((await cache.parsed('huge')) as unknown).toMatchObject({ id: 'huge' });
    expect(cache.bytes()).toBe(0);
  });
});
