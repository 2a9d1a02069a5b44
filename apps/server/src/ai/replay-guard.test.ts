/**
 * The Slack/Discord replay guard in the shared database, on PGlite and PostgreSQL: two replicas
 * (two servers over real sockets; on PostgreSQL each with its own connection pool) receive the
 * same signed request at once, and it is answered once; a Slack retry reaching the other
 * replica is acknowledged, not answered again. The guard itself: one winner among concurrent
 * takers, expiry, pruning, and the memory fallback while the database does not answer.
 */
import type { AddressInfo } from 'node:net';
import { waitFor } from '@sextant/definition/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsHost } from '../docs-host/index.js';
import { readinessPlugin } from '../lifecycle/readiness.js';
import { openTestDatabase, TEST_DATABASES } from '../registry/testing/servers.js';
import { type Database, type OpenDatabase, openDatabase } from '../storage/index.js';
import { aiPlugin } from './plugin.js';
import { createDatabaseReplayGuard } from './replay-guard.js';
import { writeAiProject } from './testing/ai-project.js';
import {
  chatAppEnv,
  discordSignature,
  discordTestKeys,
  slackMention,
  slackSignature,
} from './testing/chat-app-signing.js';
import { type FakeAnthropic, startFakeAnthropic } from './testing/fake-anthropic.js';
import { type LoopbackServer, startLoopbackServer } from './testing/sse-server.js';

const keys = discordTestKeys();
const now = () => Math.floor(Date.now() / 1000);
/** A negative check's wait: what must not happen would have happened within it. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.each(TEST_DATABASES)('the replay guard shared by replicas on $name', (database) => {
  let opened: OpenDatabase;
  let drop: (() => Promise<void>) | undefined;
  let skipped: string | undefined;
  /** One Kysely per replica: PostgreSQL, a pool each; PGlite, the one embedded database. */
  const replicaDbs: Kysely<Database>[] = [];
  const replicas: { app: FastifyInstance; url: string }[] = [];
  let anthropic: FakeAnthropic;
  let slackApi: LoopbackServer;
  let discordApi: LoopbackServer;

  beforeAll(async () => {
    const test = await openTestDatabase(database);
    if ('skipped' in test) {
      skipped = test.skipped;
      return;
    }
    drop = test.drop;
    opened = await openDatabase(test.databaseUrl ? { databaseUrl: test.databaseUrl } : {});
    anthropic = await startFakeAnthropic(() => ({ type: 'answer', chunks: ['See the guide.'] }));
    slackApi = await startLoopbackServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
    discordApi = await startLoopbackServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    const projectDir = await writeAiProject('enabled: true\nlocation: [slack, discord]');
    for (let i = 0; i < 2; i++) {
      const db = test.databaseUrl
        ? new Kysely<Database>({
            dialect: new PostgresDialect({
              pool: new pg.Pool({ connectionString: test.databaseUrl, max: 2 }),
            }),
          })
        : opened.db;
      replicaDbs.push(db);
      const app = Fastify();
      app.decorate('siteDatabase', { available: true, get: async () => db });
      await app.register(docsHost, { mode: 'local', projectDir });
      await app.register(readinessPlugin);
      await app.register(aiPlugin, {
        env: chatAppEnv(
          { anthropic: anthropic.url, slackApi: slackApi.url, discordApi: discordApi.url },
          keys.rawPublicKey,
        ),
        maxRetries: 0,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      replicas.push({ app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
    }
  }, 60_000);
  afterAll(async () => {
    for (const { app } of replicas) await app.close();
    for (const db of replicaDbs) if (db !== opened?.db) await db.destroy();
    await opened?.close();
    await Promise.all([anthropic?.close(), slackApi?.close(), discordApi?.close()]);
    await drop?.();
  });

  const slack = (replica: number, body: string, headers: Record<string, string>) =>
    fetch(`${replicas[replica]?.url}/_sextant/ai/slack/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const signedSlackHeaders = (body: string, timestamp = now()) => ({
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': slackSignature(body, timestamp),
  });

  it('a Slack request replayed to both replicas at once is answered once', async (ctx) => {
    if (skipped) return ctx.skip(skipped);
    const before = slackApi.requests.length;
    const body = JSON.stringify(slackMention(`EvReplay-${database.name}`));
    const headers = signedSlackHeaders(body);
    const statuses = await Promise.all([slack(0, body, headers), slack(1, body, headers)]).then((r) =>
      r.map((response) => response.status).sort(),
    );
    expect(statuses).toEqual([200, 401]);
    // And again, later, to either: refused.
    expect((await slack(0, body, headers)).status).toBe(401);
    expect((await slack(1, body, headers)).status).toBe(401);
    await waitFor(() => slackApi.requests.length > before, { timeout: 30_000, message: 'the answer' });
    // Then nothing more: a second answer would follow the first within this while.
    await quiet();
    expect(slackApi.requests.length - before).toBe(1);
  });

  it("Slack's retry of an event (new signature, same event_id) reaching the other replica is not answered again", async (ctx) => {
    if (skipped) return ctx.skip(skipped);
    const before = slackApi.requests.length;
    const body = JSON.stringify(slackMention(`EvRetry-${database.name}`));
    expect((await slack(0, body, signedSlackHeaders(body))).status).toBe(200);
    const retry = await slack(1, body, {
      ...signedSlackHeaders(body, now() + 1),
      'x-slack-retry-num': '1',
      'x-slack-retry-reason': 'http_timeout',
    });
    expect(retry.status).toBe(200);
    await waitFor(() => slackApi.requests.length > before, { timeout: 30_000, message: 'the answer' });
    // Then nothing more: a second answer would follow the first within this while.
    await quiet();
    expect(slackApi.requests.length - before).toBe(1);
  });

  it('a Discord interaction replayed to both replicas at once is answered once', async (ctx) => {
    if (skipped) return ctx.skip(skipped);
    const before = discordApi.requests.length;
    const body = JSON.stringify({
      type: 2,
      id: `replayed-${database.name}`,
      application_id: '4242',
      token: 'interaction-token',
      guild_id: 'G1',
      member: { user: { id: 'U9' } },
      data: { name: 'ask', options: [{ name: 'question', type: 3, value: 'How do I install pets?' }] },
    });
    const timestamp = now();
    const headers = {
      'content-type': 'application/json',
      'x-signature-ed25519': discordSignature(body, timestamp, keys.privateKey),
      'x-signature-timestamp': String(timestamp),
    };
    const send = (replica: number) =>
      fetch(`${replicas[replica]?.url}/_sextant/ai/discord/interactions`, { method: 'POST', headers, body });
    const statuses = (await Promise.all([send(0), send(1)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
    await waitFor(() => discordApi.requests.length > before, { timeout: 30_000, message: 'the answer' });
    // Then nothing more: a second answer would follow the first within this while.
    await quiet();
    expect(discordApi.requests.length - before).toBe(1);
  });

  it('lets exactly one of many concurrent takers through, across connections', async (ctx) => {
    if (skipped) return ctx.skip(skipped);
    const guards = replicaDbs.map((db) =>
      createDatabaseReplayGuard({
        database: async () => db,
        scope: 'race',
        ttlMs: 60_000,
        onError: (error) => {
          throw error;
        },
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => guards[i % guards.length]?.first('one-key')),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('takes a key again once it expires, and prunes expired rows', async (ctx) => {
    if (skipped) return ctx.skip(skipped);
    const guard = createDatabaseReplayGuard({
      database: async () => opened.db,
      scope: 'expiry',
      ttlMs: 200,
      onError: (error) => {
        throw error;
      },
    });
    expect(await guard.first('k')).toBe(true);
    expect(await guard.first('k')).toBe(false);
    // Expiry is the database's clock (`now()`): wait until it has passed the key's.
    await waitFor(() => guard.first('k'), { interval: 25, message: "the key's expiry" });
    expect(await guard.first('other')).toBe(true);
    let pruned = 0;
    await waitFor(
      async () => {
        pruned += await guard.prune();
        return pruned >= 2;
      },
      { interval: 25, message: 'both keys pruned' },
    );
    const left = await sql<{ n: number }>`
      select count(*)::int as n from chat_app_events where key like 'expiry:%'`.execute(opened.db);
    expect(left.rows[0]?.n).toBe(0);
  });
});

describe('the database replay guard while the database does not answer', () => {
  it('says so and remembers in this process', async () => {
    const errors: unknown[] = [];
    const guard = createDatabaseReplayGuard({
      database: () => Promise.reject(new Error('connection refused')),
      scope: 'down',
      ttlMs: 60_000,
      onError: (error) => errors.push(error),
    });
    expect(await guard.first('k')).toBe(true);
    expect(await guard.first('k')).toBe(false);
    expect(errors).toHaveLength(2);
  });
});
