/**
 * The integration suite on PostgreSQL (127.0.0.1:5432, a fresh database per run, dropped after).
 * Skipped, with the reason printed, only when no PostgreSQL answers.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { registrySuite } from './testing/registry-suite.js';
import { createPostgresDatabase, startRegistryServer, type TestServer } from './testing/servers.js';

const database = await createPostgresDatabase();
if ('skipped' in database) console.warn(`registry on PostgreSQL skipped: ${database.skipped}`);

describe.skipIf('skipped' in database)('registry on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    if ('url' in database) server = await startRegistryServer({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await server?.close();
    if ('url' in database) await database.drop();
  });
  registrySuite(() => server);
});
