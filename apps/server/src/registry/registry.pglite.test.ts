/** The integration suite on embedded PGlite (in memory), through the typed client over HTTP. */
import { afterAll, beforeAll, describe } from 'vitest';
import { registrySuite } from './testing/registry-suite.js';
import { startRegistryServer, type TestServer } from './testing/servers.js';

describe('registry on PGlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startRegistryServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  registrySuite(() => server);
});
