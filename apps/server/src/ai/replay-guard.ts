/**
 * Remembers keys (request signatures, event ids) for a while: a second sighting within `ttlMs`
 * is a replay or a retry. Two kinds: in this process (bounded: the oldest keys go first when
 * full), and in the registry's database (`chat_app_events`, migration 010), which every replica
 * on it shares, so a replayed Slack or Discord request is answered once, not once per replica.
 * The database guard takes a key with one `insert … on conflict` (PostgreSQL lets exactly one of
 * concurrent inserters through), prunes expired rows at most once a minute, and falls back to
 * its own process's memory while the database does not answer (said in the log).
 */
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../storage/index.js';

export interface ReplayGuard {
  /** True the first time `key` is seen within the window, false after. */
  first(key: string): Promise<boolean>;
}

/** A guard in this process's memory. */
export function createMemoryReplayGuard(options: {
  ttlMs: number;
  maxKeys?: number;
  now?: () => number;
}): ReplayGuard {
  const seen = new Map<string, number>();
  const maxKeys = options.maxKeys ?? 50_000;
  const clock = options.now ?? Date.now;
  return {
    async first(key) {
      const now = clock();
      for (const [old, at] of seen) {
        if (now - at < options.ttlMs && seen.size < maxKeys) break;
        seen.delete(old);
      }
      const at = seen.get(key);
      if (at !== undefined && now - at < options.ttlMs) return false;
      seen.set(key, now);
      return true;
    },
  };
}

/** How often expired rows are deleted, at most. */
const PRUNE_EVERY_MS = 60_000;

export interface DatabaseReplayGuard extends ReplayGuard {
  /** Deletes expired keys now; resolves to how many went. */
  prune(): Promise<number>;
}

/**
 * A guard in the shared database. `scope` prefixes its keys (`slack:signature`), so guards of
 * different kinds never collide.
 * @example const signatures = createDatabaseReplayGuard({ database, scope: 'slack:signature', ttlMs: 600_000, onError });
 */
export function createDatabaseReplayGuard(options: {
  database: () => Promise<Kysely<Database>>;
  scope: string;
  ttlMs: number;
  /** Told when the database fails; the guard then answers from memory. */
  onError(error: unknown): void;
}): DatabaseReplayGuard {
  const fallback = createMemoryReplayGuard({ ttlMs: options.ttlMs });
  let prunedAt = 0;
  const prune = async () => {
    prunedAt = Date.now();
    const db = await options.database();
    const result = await sql`delete from chat_app_events where expires_at < now()`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  };
  return {
    prune,
    async first(key) {
      const scoped = `${options.scope}:${key}`;
      try {
        const db = await options.database();
        // Inserted, or an expired row taken over: a row comes back. Someone else's live row: none.
        const taken = await sql<{ key: string }>`
          insert into chat_app_events (key, expires_at)
          values (${scoped}, now() + ${options.ttlMs}::float8 * interval '1 millisecond')
          on conflict (key) do update set expires_at = excluded.expires_at
          where chat_app_events.expires_at <= now()
          returning key`.execute(db);
        if (Date.now() - prunedAt > PRUNE_EVERY_MS) void prune().catch(options.onError);
        return taken.rows.length === 1;
      } catch (error) {
        options.onError(error);
        return fallback.first(scoped);
      }
    },
  };
}

/**
 * The guard for a chat app's keys: in the shared database when this server has one (the
 * registry's, `app.siteDatabase`), else in this process.
 */
export function createReplayGuard(options: {
  scope: string;
  ttlMs: number;
  database?: (() => Promise<Kysely<Database>>) | undefined;
  log: FastifyBaseLogger;
}): ReplayGuard {
  const { database, log, scope, ttlMs } = options;
  if (!database) return createMemoryReplayGuard({ ttlMs });
  return createDatabaseReplayGuard({
    database,
    scope,
    ttlMs,
    onError: (error) =>
      log.warn(
        { err: error, scope },
        'ask ai: the replay guard could not reach the database; this replica remembers alone',
      ),
  });
}
