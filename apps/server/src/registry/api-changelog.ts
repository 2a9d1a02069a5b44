/**
 * The API changelog a docs site shows: for each API it links, the changelog entries of that API
 * (same organization and api id) up to the linked version, newest first. Entries are written by
 * `registerApiDefinition` (api-definitions.ts) when a publish changes an API.
 */
import type { ApiChangelogEntry } from '@sextant/definition';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/index.js';

/** Most entries of one API a site carries. */
export const MAX_API_CHANGELOG_ENTRIES = 50;

/**
 * The changelog of each linked API, by the docs' key; keys without entries are left out.
 * @example await apiChangelogOf(db, { 'api-1': 'a1b2…' }) // { 'api-1': [{ bump: 'MAJOR', … }] }
 */
export async function apiChangelogOf(
  db: Kysely<Database>,
  apiDefinitionIds: Record<string, string>,
): Promise<Record<string, ApiChangelogEntry[]>> {
  const out: Record<string, ApiChangelogEntry[]> = {};
  for (const [key, id] of Object.entries(apiDefinitionIds)) {
    const linked = await db
      .selectFrom('api_definitions')
      .select(['org_id', 'api_id', 'seq'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!linked) continue;
    const rows = await db
      .selectFrom('api_changelog as c')
      .innerJoin('api_definitions as d', 'd.id', 'c.api_definition_id')
      .select('c.entry')
      .where('c.org_id', '=', linked.org_id)
      .where('c.api_id', '=', linked.api_id)
      .where('d.seq', '<=', linked.seq)
      .orderBy('d.seq', 'desc')
      .limit(MAX_API_CHANGELOG_ENTRIES)
      .execute();
    if (rows.length > 0) out[key] = rows.map((row) => row.entry);
  }
  return out;
}
