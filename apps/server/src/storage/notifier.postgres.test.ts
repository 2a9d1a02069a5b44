/**
 * The PostgreSQL notifier on a real server: a message published by one replica reaches the
 * other; when the listening connection is cut (pg_terminate_backend) it reconnects, tells its
 * subscribers NOTIFIER_RECONNECTED (messages sent meanwhile are lost) and hears messages again.
 */

import { waitFor } from '@sextant/definition/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../registry/testing/servers.js';
import { createPostgresNotifier, NOTIFIER_RECONNECTED, type Notifier } from './notifier.js';

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
const pools: pg.Pool[] = [];
const notifiers: Notifier[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase();
});
afterAll(async () => {
  for (const notifier of notifiers) await notifier.close();
  for (const pool of pools) await pool.end();
  if (database && 'url' in database) await database.drop();
});

async function notifier(url: string, hooks = {}): Promise<Notifier> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pools.push(pool);
  const created = await createPostgresNotifier(url, pool, hooks);
  notifiers.push(created);
  return created;
}

describe('PostgreSQL notifier', () => {
  it('delivers across replicas, and says so when its listening connection comes back', async (context) => {
    if (!('url' in database)) return context.skip(database.skipped);
    const heard: string[] = [];
    const events: string[] = [];
    const listener = await notifier(database.url, {
      onDisconnected: () => events.push('down'),
      onReconnected: () => events.push('up'),
    });
    listener.subscribe((message) => heard.push(message));
    const sender = await notifier(database.url);
    await sender.publish('one');
    await waitFor(() => heard.includes('one'));

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
    );
    await admin.end();
    await waitFor(() => heard.includes(NOTIFIER_RECONNECTED));
    expect(events).toEqual(['down', 'up']);
    await sender.publish('two');
    await waitFor(() => heard.includes('two'));
  });
});
