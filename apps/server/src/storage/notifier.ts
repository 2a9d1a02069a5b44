/**
 * Cross-replica messages. On PostgreSQL a dedicated connection LISTENs on one channel and
 * `publish` sends NOTIFY, so every replica on the same database hears every message; on the
 * embedded PGlite there is one process, so messages are delivered in-process. A replica skips
 * its own messages (they carry its id), since it already acted on them locally.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { connectOrUnavailable } from './pg-pool.js';

/** Publishes and receives small string messages. */
export interface Notifier {
  publish(message: string): Promise<void>;
  subscribe(listener: (message: string) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'sextant_registry';

/**
 * Delivered to subscribers when the listening connection is back after a drop: messages sent
 * meanwhile are lost, so a subscriber that caches must treat it as "anything may have changed"
 * (it is not JSON; the docs caches drop everything on a message they cannot read).
 */
export const NOTIFIER_RECONNECTED = 'sextant:reconnected';

class Listeners {
  private readonly set = new Set<(message: string) => void>();
  add(listener: (message: string) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(message: string): void {
    for (const listener of this.set) listener(message);
  }
}

/** In-process notifier (embedded database, single process): publishing reaches no one else. */
export function createLocalNotifier(): Notifier {
  const listeners = new Listeners();
  return {
    async publish() {},
    subscribe: (listener) => listeners.add(listener),
    async close() {},
  };
}

/** What a listener that caches wants to know: messages may be lost between a drop and a reconnect. */
export interface NotifierConnectionHooks {
  onDisconnected?(): void;
  /** The listening connection is back (not called for the first connection). */
  onReconnected?(): void;
  /** Hears why the listening connection dropped or a reconnection failed (log it by code). */
  onConnectionError?(error: Error): void;
}

/** First wait before reconnecting the LISTEN connection, and the longest. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5000;

/**
 * The wait before reconnection attempt `attempt` (0 first): doubling from 250 ms to 5 s, with
 * ±20 % jitter so replicas that lost the database together do not knock together.
 * @example reconnectDelay(0, () => 0.5) // 250
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * LISTEN/NOTIFY notifier over PostgreSQL. Its listening connection is a session of its own (it
 * cannot go through PgBouncer in transaction mode); when it drops it reconnects with backoff
 * ({@link reconnectDelay}) until the database is back, and every error is heard, never thrown.
 */
export async function createPostgresNotifier(
  connectionString: string,
  pool: pg.Pool,
  hooks: NotifierConnectionHooks = {},
): Promise<Notifier> {
  const replicaId = randomUUID();
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000, keepAlive: true });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      const split = payload.indexOf(':');
      if (split < 0 || payload.slice(0, split) === replicaId) return;
      listeners.emit(payload.slice(split + 1));
    });
    let dropped = false;
    const reconnect = (error?: Error) => {
      // Only an established connection reconnects; a failed attempt is retried by reconnectLater.
      if (closed || dropped || client !== next) return;
      dropped = true;
      client = undefined;
      if (error) hooks.onConnectionError?.(error);
      hooks.onDisconnected?.();
      reconnectLater();
    };
    // Always heard: an 'error' with no listener exits the process.
    next.on('error', reconnect);
    next.on('end', () => reconnect());
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    if (again) {
      hooks.onReconnected?.();
      listeners.emit(NOTIFIER_RECONNECTED);
    }
  };
  /** The next attempt after a growing wait; a failed attempt schedules the one after. */
  const reconnectLater = () => {
    if (closed) return;
    timer = setTimeout(
      () =>
        void connect(true).catch((error: unknown) => {
          hooks.onConnectionError?.(error as Error);
          reconnectLater();
        }),
      reconnectDelay(attempt++),
    );
  };
  await connect(false);

  return {
    async publish(message) {
      const connection = await connectOrUnavailable(pool);
      try {
        await connection.query('select pg_notify($1, $2)', [CHANNEL, `${replicaId}:${message}`]);
        connection.release();
      } catch (error) {
        // A failed connection goes back as broken, so the pool drops it.
        connection.release(error as Error);
        throw error;
      }
    },
    subscribe: (listener) => listeners.add(listener),
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
