/**
 * The integration suites on PostgreSQL (127.0.0.1:5432, a fresh database per run, dropped after):
 * every call in local mode, then tenant isolation in hosted mode with the registration race run
 * 50 times. Skipped, with the reason printed, only when no PostgreSQL answers and CI is not set;
 * with CI=true an unreachable PostgreSQL fails the run.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { crossTenantSuite, TENANCY_ALLOWED_HOSTS } from './testing/cross-tenant-suite.js';
import { registrySuite } from './testing/registry-suite.js';
import {
  createFakeDns,
  createPostgresDatabase,
  startRegistryServer,
  type TestServer,
} from './testing/servers.js';

const local = await createPostgresDatabase();
const hosted = 'skipped' in local ? local : await createPostgresDatabase();
if ('skipped' in local) console.warn(`registry on PostgreSQL skipped: ${local.skipped}`);

describe.skipIf('skipped' in local)('registry on PostgreSQL', () => {
  const dns = createFakeDns();
  let server: TestServer;
  beforeAll(async () => {
    if ('url' in local)
      server = await startRegistryServer({
        databaseUrl: local.url,
        registry: { resolveTxt: dns.resolveTxt },
      });
  });
  afterAll(async () => {
    await server?.close();
    if ('url' in local) await local.drop();
  });
  registrySuite(() => server, dns);
});

describe.skipIf('skipped' in hosted)('tenant isolation on PostgreSQL (hosted mode)', () => {
  const dns = createFakeDns();
  let server: TestServer;
  beforeAll(async () => {
    if ('url' in hosted)
      server = await startRegistryServer({
        mode: 'hosted',
        databaseUrl: hosted.url,
        registry: { resolveTxt: dns.resolveTxt, allowDomains: TENANCY_ALLOWED_HOSTS },
      });
  });
  afterAll(async () => {
    await server?.close();
    if ('url' in hosted) await hosted.drop();
  });
  crossTenantSuite(() => server, dns, { raceRuns: 50 });
});
