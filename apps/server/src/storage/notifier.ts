/**
 * Cross-replica messages. On PostgreSQL a dedicated connection LISTENs on one channel and
 * `publish` sends NOTIFY, so every replica on the same database hears every message; on the
 * embedded PGlite there is one process, so messages are delivered in-process. A replica skips
 * its own messages (they carry its id), since it already acted on them locally.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

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
}

/** LISTEN/NOTIFY notifier over PostgreSQL; reconnects its listening connection when it drops. */
export async function createPostgresNotifier(
  connectionString: string,
  pool: pg.Pool,
  hooks: NotifierConnectionHooks = {},
): Promise<Notifier> {
  const replicaId = randomUUID();
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let closed = false;

  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      const split = payload.indexOf(':');
      if (split < 0 || payload.slice(0, split) === replicaId) return;
      listeners.emit(payload.slice(split + 1));
    });
    let dropped = false;
    const reconnect = () => {
      // Only an established connection reconnects; a failed attempt is retried by reconnectLater.
      if (closed || dropped || client !== next) return;
      dropped = true;
      client = undefined;
      hooks.onDisconnected?.();
      setTimeout(() => void connect(true).catch(reconnectLater), 500);
    };
    next.on('error', reconnect);
    next.on('end', reconnect);
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
    if (again) {
      hooks.onReconnected?.();
      listeners.emit(NOTIFIER_RECONNECTED);
    }
  };
  /** A failed reconnection tries again in a second. */
  const reconnectLater = () => {
    if (!closed) setTimeout(() => void connect(true).catch(reconnectLater), 1000);
  };
  await connect(false);

  return {
    async publish(message) {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, `${replicaId}:${message}`]);
    },
    subscribe: (listener) => listeners.add(listener),
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
