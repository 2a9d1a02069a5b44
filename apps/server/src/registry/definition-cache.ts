/**
 * Cache of stored API definitions by registry id: the compressed bytes as stored (served as-is
 * to clients that accept gzip) and, on demand, the parsed object. Definitions never change once
 * registered, so entries never go stale; a byte budget bounds the memory they take.
 */
import type { ApiDefinition } from '@sextant/definition';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/index.js';
import { parseJsonBytes, unpackBytes } from './compression.js';

interface Entry {
  gz: Buffer;
  json?: Buffer;
  parsed?: ApiDefinition;
  orgId: string;
  apiId: string;
}

/** Cached access to stored definitions. */
export interface DefinitionCache {
  /** The stored row's bytes and owner, or undefined when no definition has this id. */
  get(id: string): Promise<Entry | undefined>;
  /** Uncompressed JSON bytes. */
  json(id: string): Promise<Buffer | undefined>;
  /** Parsed definition. */
  parsed(id: string): Promise<ApiDefinition | undefined>;
}

/** Creates a cache holding at most `budgetBytes` of compressed definitions. */
export function createDefinitionCache(
  db: Kysely<Database>,
  budgetBytes = 256 * 1024 * 1024,
): DefinitionCache {
  const entries = new Map<string, Entry>();
  let used = 0;
  const get = async (id: string): Promise<Entry | undefined> => {
    const hit = entries.get(id);
    if (hit) {
      entries.delete(id);
      entries.set(id, hit);
      return hit;
    }
    const row = await db
      .selectFrom('api_definitions')
      .select(['definition_gz', 'org_id', 'api_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const entry: Entry = { gz: Buffer.from(row.definition_gz), orgId: row.org_id, apiId: row.api_id };
    entries.set(id, entry);
    used += entry.gz.length;
    for (const [key, old] of entries) {
      if (used <= budgetBytes || key === id) break;
      entries.delete(key);
      used -= old.gz.length;
    }
    return entry;
  };
  const json = async (id: string): Promise<Buffer | undefined> => {
    const entry = await get(id);
    if (!entry) return undefined;
    entry.json ??= await unpackBytes(entry.gz);
    return entry.json;
  };
  return {
    get,
    json,
    async parsed(id) {
      const entry = await get(id);
      if (!entry) return undefined;
      if (!entry.parsed) {
        const bytes = await json(id);
        if (!bytes) return undefined;
        entry.parsed = parseJsonBytes<ApiDefinition>(bytes);
      }
      return entry.parsed;
    },
  };
}
