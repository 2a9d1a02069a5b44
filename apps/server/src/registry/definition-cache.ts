/**
 * Cache of stored API definitions by registry id: the compressed bytes as stored (served as-is
 * to clients that accept gzip) and, on demand, the JSON text and the parsed object. Definitions
 * never change once registered, so entries never go stale; the `definitions` byte budget (from
 * `--memory`, memory-budget.ts) bounds everything an entry holds, its JSON text and parsed object
 * included once they are made, and evictions are counted in `/metrics` like every cache's.
 */
import type { ApiDefinition } from '@sextant/definition';
import type { Kysely } from 'kysely';
import {
  type CacheObserver,
  createByteCache,
  createSingleFlight,
  HEAP_BYTES_PER_JSON_BYTE,
} from '../docs-host/index.js';
import type { Database } from '../storage/index.js';
import { parseJsonBytes, unpackBytes } from './compression.js';

interface Entry {
  readonly gz: Buffer;
  readonly json?: Buffer;
  readonly parsed?: ApiDefinition;
  readonly orgId: string;
  readonly apiId: string;
}

/** Cached access to stored definitions. */
export interface DefinitionCache {
  /** The stored row's bytes and owner, or undefined when no definition has this id. */
  get(id: string): Promise<Entry | undefined>;
  /** Uncompressed JSON bytes. */
  json(id: string): Promise<Buffer | undefined>;
  /** Parsed definition. */
  parsed(id: string): Promise<ApiDefinition | undefined>;
  /** The estimated bytes held (`sextant_cache_bytes{cache="definitions"}`). */
  bytes(): number;
}

/** What an entry holds: its compressed bytes, its JSON text and the parsed object's estimate. */
const entryBytes = (entry: Entry): number =>
  entry.gz.length +
  (entry.json?.length ?? 0) +
  (entry.parsed ? (entry.json?.length ?? entry.gz.length) * HEAP_BYTES_PER_JSON_BYTE : 0);

/** Creates a cache holding at most `budgetBytes` of definitions (compressed, JSON and parsed). */
export function createDefinitionCache(
  db: Kysely<Database>,
  budgetBytes = 256 * 1024 * 1024,
  observer?: CacheObserver,
): DefinitionCache {
  const entries = createByteCache<string, Entry>({
    name: 'definitions',
    maxBytes: budgetBytes,
    size: entryBytes,
    ...(observer ? { observer } : {}),
  });
  /** Keeps `grown` in place of the entry it grew from (a new object: the cache weighs it anew). */
  const keep = (id: string, grown: Entry): Entry => {
    entries.set(id, grown);
    return grown;
  };
  // One read, decompression and parse per id at a time: the first requests after a restart all
  // want the same large definition, and each parse of it costs seconds and its whole size again.
  const read = createSingleFlight<Entry | undefined>();
  const inflate = createSingleFlight<Entry | undefined>();
  const parse = createSingleFlight<ApiDefinition | undefined>();
  const get = async (id: string): Promise<Entry | undefined> => {
    const hit = entries.get(id);
    if (hit) return hit;
    return read(id, async () => {
      const row = await db
        .selectFrom('api_definitions')
        .select(['definition_gz', 'org_id', 'api_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return keep(id, { gz: Buffer.from(row.definition_gz), orgId: row.org_id, apiId: row.api_id });
    });
  };
  const withJson = async (id: string): Promise<Entry | undefined> => {
    const entry = await get(id);
    if (!entry || entry.json) return entry;
    return inflate(id, async () => {
      const json = await unpackBytes(entry.gz);
      return keep(id, { ...(entries.get(id) ?? entry), json });
    });
  };
  return {
    get,
    bytes: () => entries.calculatedSize,
    async json(id) {
      return (await withJson(id))?.json;
    },
    async parsed(id) {
      const entry = await withJson(id);
      if (!entry?.json) return undefined;
      if (entry.parsed) return entry.parsed;
      const json = entry.json;
      return parse(id, async () => {
        const parsed = parseJsonBytes<ApiDefinition>(json);
        return keep(id, { ...(entries.get(id) ?? entry), json, parsed }).parsed;
      });
    },
  };
}
