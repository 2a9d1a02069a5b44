/**
 * Registry load benchmark: GitHub's REST definition (imported to the IR with `importDefinition`,
 * registered through the typed client) loaded with autocannon through
 * `GET /registry/api/load/{id}`, against a route of the same server process serving the same
 * bytes statically. Prints both and the ratio from one run (target ≥ 0.5).
 *
 *   npm run bench:registry
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { createRegistryClient } from '@sextant/registry-client';
import autocannon from 'autocannon';

const SPEC = fileURLToPath(
  new URL('../../test-data/node_modules/@octokit/openapi/generated/api.github.com.json', import.meta.url),
);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function startServer(): Promise<{ baseUrl: string; token: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./serve.ts', import.meta.url))],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (line)
        resolve({
          ...(JSON.parse(line) as { baseUrl: string; token: string }),
          stop: () => child.kill('SIGTERM'),
        });
    });
  });
}

async function measure(url: string): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { 'accept-encoding': 'gzip' },
  });
}

const started = Date.now();
const { definition } = importDefinition(readSpecFile(SPEC));
console.log(
  `imported GitHub's REST definition: ${Object.keys(definition.endpoints).length} endpoints in ${Date.now() - started} ms`,
);
const server = await startServer();
try {
  const client = createRegistryClient({
    baseUrl: server.baseUrl,
    token: server.token,
    timeoutInSeconds: 300,
  });
  const { apiDefinitionId } = await client.registerApiDefinition({
    body: { orgId: 'local', apiId: 'github', definition },
  });
  const loadUrl = `${server.baseUrl}/registry/api/load/${apiDefinitionId}`;
  const staticUrl = `${server.baseUrl}/bench/static/${apiDefinitionId}`;
  const [viaRegistry, viaStatic] = await Promise.all([
    fetch(loadUrl, { headers: { 'accept-encoding': 'gzip' } }),
    fetch(staticUrl, { headers: { 'accept-encoding': 'gzip' } }),
  ]);
  const [registryText, staticText] = [await viaRegistry.text(), await viaStatic.text()];
  if (registryText !== staticText)
    throw new Error('the registry and the static route do not serve the same bytes');
  console.log(
    `definition: ${(registryText.length / 1e6).toFixed(1)} MB JSON, served as ${viaRegistry.headers.get('content-encoding') ?? 'identity'}`,
  );

  await measure(staticUrl); // warm both paths (JIT, caches) before measuring
  const registry = await measure(loadUrl);
  const peer = await measure(staticUrl);
  const row = (name: string, result: autocannon.Result) =>
    `${name.padEnd(34)} ${result.requests.average.toFixed(1).padStart(8)} req/s  p50 ${String(result.latency.p50).padStart(5)} ms  p99 ${String(result.latency.p99).padStart(5)} ms  ${(result.throughput.average / 1e6).toFixed(1)} MB/s  errors ${result.errors + result.non2xx}`;
  console.log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each, Accept-Encoding: gzip`);
  console.log(row('GET /registry/api/load/{id}', registry));
  console.log(row('static route, same bytes', peer));
  const ratio = registry.requests.average / peer.requests.average;
  console.log(
    `\nratio registry / static: ${ratio.toFixed(2)} (target ≥ 0.5) ${ratio >= 0.5 ? 'PASS' : 'BELOW TARGET'}`,
  );
} finally {
  server.stop();
}
