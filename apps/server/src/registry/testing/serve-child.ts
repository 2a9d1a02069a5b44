/**
 * A registry server process for crash, scale-out and dashboard tests. Reads SEXTANT_DATA_DIR or
 * DATABASE_URL, listens on a random port, seeds SEXTANT_TEST_INSIGHTS (an `InsightsSeed` as JSON)
 * into its organization when set, and prints one JSON line with its URL and admin token.
 */
import { type InsightsSeed, seedInsights } from './insights-seed.js';
import { startRegistryServer } from './servers.js';

const server = await startRegistryServer({
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.SEXTANT_DATA_DIR ? { dataDir: process.env.SEXTANT_DATA_DIR } : {}),
});
if (process.env.SEXTANT_TEST_INSIGHTS)
  await seedInsights(server.app, server.orgId, JSON.parse(process.env.SEXTANT_TEST_INSIGHTS) as InsightsSeed);
process.stdout.write(
  `${JSON.stringify({ baseUrl: server.baseUrl, token: server.token, orgId: server.orgId })}\n`,
);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
