/**
 * A registry server process for crash and scale-out tests. Reads SEXTANT_DATA_DIR or
 * DATABASE_URL, listens on a random port and prints one JSON line with its URL and admin token.
 */
import { startRegistryServer } from './servers.js';

const server = await startRegistryServer({
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.SEXTANT_DATA_DIR ? { dataDir: process.env.SEXTANT_DATA_DIR } : {}),
});
process.stdout.write(
  `${JSON.stringify({ baseUrl: server.baseUrl, token: server.token, orgId: server.orgId })}\n`,
);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
