/**
 * The integration suites on embedded PGlite (in memory), through the typed client over HTTP:
 * every call in local mode, then tenant isolation in hosted mode.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { crossTenantSuite, TENANCY_ALLOWED_HOSTS } from './testing/cross-tenant-suite.js';
import { registrySuite } from './testing/registry-suite.js';
import { createFakeDns, startRegistryServer, type TestServer } from './testing/servers.js';

describe('registry on PGlite', () => {
  const dns = createFakeDns();
  let server: TestServer;
  beforeAll(async () => {
    server = await startRegistryServer({ registry: { resolveTxt: dns.resolveTxt } });
  });
  afterAll(async () => {
    await server?.close();
  });
  registrySuite(() => server, dns);
});

describe('tenant isolation on PGlite (hosted mode)', () => {
  const dns = createFakeDns();
  let server: TestServer;
  beforeAll(async () => {
    server = await startRegistryServer({
      mode: 'hosted',
      registry: { resolveTxt: dns.resolveTxt, allowDomains: TENANCY_ALLOWED_HOSTS },
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  crossTenantSuite(() => server, dns, { raceRuns: 10 });
});
