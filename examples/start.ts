/**
 * `npm start`: the main job. Starts the demo upstreams (REST on 4010, WebSocket on 4011,
 * JSON-RPC on 4012; env DEMO_REST_PORT / DEMO_WS_PORT / DEMO_RPC_PORT) in this process, then
 * runs `sextant dev examples` — local mode on the examples/ docs project, embedded PGlite, the
 * API definitions published into the local registry — which prints the URL (port 4000, or env
 * PORT). Ctrl-C stops both. The docs site's Login uses the built-in demo identity provider
 * (`SEXTANT_DEMO_LOGIN=1`), whose tokens the demo REST API accepts on its bearer, API-key and
 * OAuth endpoints.
 *
 * Runs bundled, as dist/demo/start.js (`npm start` builds it first when stale), and starts the
 * built command, dist/sextant/bin/sextant.js: nothing compiles at run time.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoServers } from './servers/index.js';

/** The repository root: the nearest folder up from this file holding examples/docs.yml. */
function repositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'examples/docs.yml'))) {
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('examples/start.ts: the repository root (examples/docs.yml) was not found');
    dir = parent;
  }
  return dir;
}

const root = repositoryRoot();

let demos: Awaited<ReturnType<typeof startDemoServers>>;
try {
  demos = await startDemoServers();
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? 'error: a demo port (4010-4012) is in use: stop what uses it, or set DEMO_REST_PORT / DEMO_WS_PORT / DEMO_RPC_PORT'
      : `error: the demo servers could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
console.log(`Demo upstreams: REST ${demos.restUrl}  WebSocket ${demos.wsUrl}  JSON-RPC ${demos.rpcUrl}`);

const child = spawn(
  process.execPath,
  [join(root, 'dist/sextant/bin/sextant.js'), 'dev', join(root, 'examples'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    // The demo site's Login uses the built-in demo identity provider (a user's project has none).
    env: { SEXTANT_DEMO_LOGIN: '1', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  void demos.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
