/** The Sextant server (local mode, proxy parts only) in its own process; prints its port on stdout. */
import type { AddressInfo } from 'node:net';
import { buildServer } from '../../apps/server/src/index.js';

const app = await buildServer({ mode: 'local', parts: { registry: false, docsHost: false, wsProxy: false } });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(String((app.server.address() as AddressInfo).port));
// The bench asks for CPU time over IPC to report the cost per request of each process.
process.on('message', () => process.send?.(process.cpuUsage()));
