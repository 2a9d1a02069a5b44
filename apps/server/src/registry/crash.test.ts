/**
 * Crash safety: a server process on a PGlite data directory is killed with SIGKILL while it
 * writes a large batch (one transaction); after a restart on the same directory the batch is
 * either absent or complete, never partial, and the server works.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@sextant/definition/testing';
import { createRegistryClient } from '@sextant/registry-client';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../storage/index.js';
import { petStore } from './testing/fixtures.js';
import { type ChildServer, startChildServer } from './testing/servers.js';

const TEMPLATES = 20_000;

function batch(sdkPackage: string) {
  return Array.from({ length: TEMPLATES }, (_, index) => ({
    sdk: { language: 'typescript' as const, package: sdkPackage, version: '1.0.0' },
    endpointId: { method: 'GET' as const, path: `/things/${index}` },
    // Large enough rows that the WAL is flushed to disk while the transaction is still running.
    snippetTemplate: {
      type: 'v1' as const,
      clientInstantiation: `const client = new ThingsClient(); // ${'p'.repeat(600)}`,
      functionInvocation: { type: 'generic' as const, templateString: `client.things.get(${index})` },
    },
  }));
}

/** Latest modification time of the write-ahead log: moves as soon as a transaction writes. */
async function walMtime(dataDir: string): Promise<number> {
  const wal = join(dataDir, 'pgdata', 'pg_wal');
  const files = (await readdir(wal)).filter((name) => /^[0-9A-F]{24}$/.test(name));
  const times = await Promise.all(files.map(async (name) => (await stat(join(wal, name))).mtimeMs));
  return Math.max(0, ...times);
}

describe('registry crash safety', () => {
  let dataDir = '';
  let running: ChildServer | undefined;
  afterAll(async () => {
    running?.child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves no partial rows when killed in the middle of a large register', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sextant-crash-'));
    running = await startChildServer({ SEXTANT_DATA_DIR: dataDir });
    const client = createRegistryClient({ baseUrl: running.baseUrl, token: running.token, maxRetries: 0 });
    await client.registerApiDefinition({
      body: { orgId: 'local', apiId: 'things', definition: petStore([]) },
    });
    const complete = await client.registerSnippetTemplateBatch({
      body: { orgId: 'local', apiId: 'things', snippets: batch('complete') },
    });
    expect(complete.registered).toBe(TEMPLATES);

    // Send the second batch, wait until its transaction starts writing the WAL, then kill.
    const before = await walMtime(dataDir);
    const pending = client
      .registerSnippetTemplateBatch({ body: { orgId: 'local', apiId: 'things', snippets: batch('killed') } })
      .then(
        () => 'answered',
        () => 'failed',
      );
    await waitFor(async () => (await walMtime(dataDir)) !== before, {
      timeout: 30_000,
      interval: 2,
      message: 'the batch writing the WAL',
    });
    running.child.kill('SIGKILL');
    await running.exited;
    expect(await pending).toBe('failed');

    // Restart on the same directory: the server comes back and serves the complete batch.
    running = await startChildServer({ SEXTANT_DATA_DIR: dataDir });
    const again = createRegistryClient({ baseUrl: running.baseUrl, token: running.token, maxRetries: 0 });
    const template = await again.getSnippetTemplate({
      body: {
        orgId: 'local',
        apiId: 'things',
        endpointId: { method: 'GET', path: '/things/19999' },
        sdk: { language: 'typescript', package: 'complete' },
      },
    });
    expect(template.snippetTemplate.functionInvocation).toEqual({
      type: 'generic',
      templateString: 'client.things.get(19999)',
    });
    running.child.kill('SIGTERM');
    await running.exited;
    running = undefined;

    const database = await openDatabase({ dataDir: join(dataDir, 'pgdata') });
    try {
      const counts = await database.db
        .selectFrom('snippet_templates')
        .select(['sdk_package', database.db.fn.countAll<number>().as('count')])
        .groupBy('sdk_package')
        .execute();
      const byPackage = Object.fromEntries(counts.map((row) => [row.sdk_package, Number(row.count)]));
      expect(byPackage.complete).toBe(TEMPLATES);
      console.log(`crash test: killed batch left ${byPackage.killed ?? 0} of ${TEMPLATES} rows`);
      expect([undefined, TEMPLATES]).toContain(byPackage.killed);
    } finally {
      await database.close();
    }
  }, 180_000);
});
