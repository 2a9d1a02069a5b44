/**
 * The benchmark's server process: the real server with only the registry mounted (PGlite in
 * memory), plus one static route that serves the exact bytes `GET /registry/api/load/{id}`
 * answers (fetched once, then held in memory), so both are measured in the same process.
 * Prints one JSON line with its URL and admin token.
 */

import type { AddressInfo } from 'node:net';
import { buildServer } from '@sextant/server';

const app = await buildServer({
  mode: 'local',
  parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
});
const cached = new Map<string, { body: Buffer; headers: Record<string, string> }>();
app.get<{ Params: { id: string } }>('/bench/static/:id', async (request, reply) => {
  let entry = cached.get(request.params.id);
  if (!entry) {
    const loaded = await app.inject({
      method: 'GET',
      url: `/registry/api/load/${request.params.id}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    const headers: Record<string, string> = { 'content-type': String(loaded.headers['content-type']) };
    if (loaded.headers['content-encoding'])
      headers['content-encoding'] = String(loaded.headers['content-encoding']);
    entry = { body: loaded.rawPayload, headers };
    cached.set(request.params.id, entry);
  }
  return reply.headers(entry.headers).send(entry.body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const admin = await app.registry.localAdmin();
process.stdout.write(
  `${JSON.stringify({ baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, token: admin?.token })}\n`,
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
