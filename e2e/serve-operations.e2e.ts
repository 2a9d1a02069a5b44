/**
 * Operating `sextant serve` (issue #30 item 6), on real processes and sockets: request ids
 * (an incoming `X-Request-Id` kept when plausible, else a random one; returned; sent on to the
 * proxied API and to the registry a docs host reads), one log line per request, the proxy's
 * line naming the target's origin only (a bot token in the path stays out of the log), start-up
 * tokens kept out of the log (a 0600 file when stderr is not a terminal), `--log-level`, and a
 * crash logged as one JSON line.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { waitFor } from '@sextant/definition/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningCli, startCli } from './cli-harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BOT_TOKEN = '7313371337:AAH-secret-bot-token_xyz';

let root: string;
let api: Server;
let apiPort: number;
const apiRequests: { url: string; headers: IncomingHttpHeaders }[] = [];
let registry: RunningCli;
let registryUrl: string;
const started: RunningCli[] = [];

function serve(args: string[], env: Record<string, string | undefined> = {}): RunningCli {
  const running = startCli(['serve', '--host', '127.0.0.1', '--drain-delay', '0', ...args], {
    env: { DATABASE_URL: '', SEXTANT_DATA_DIR: undefined, ...env },
  });
  started.push(running);
  return running;
}

/** The JSON log lines written so far. */
function logLines(running: RunningCli): Record<string, unknown>[] {
  return running
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sextant-operations-'));
  api = createServer((req, res) => {
    apiRequests.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolveListen) => api.listen(0, '127.0.0.1', resolveListen));
  apiPort = (api.address() as AddressInfo).port;
  const port = await freePort();
  registryUrl = `http://127.0.0.1:${port}`;
  registry = serve(
    [
      ...['--port', String(port), '--data-dir', join(root, 'data')],
      ...['--trusted-private-target', `127.0.0.1:${apiPort}`, '--create-org', 'acme'],
      // The default place of the credentials file, not the harness's.
    ],
    { SEXTANT_CREDENTIALS_FILE: undefined },
  );
  await registry.waitFor(/sextant serve ready/, 180_000);
  await registry.waitFor(/organization created/, 60_000);
}, 240_000);

afterAll(async () => {
  await Promise.all(started.map((running) => running.stop('SIGKILL')));
  api?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('start-up credentials', () => {
  it('go to a 0600 file when stderr is not a terminal, never into the log', async () => {
    const file = join(root, 'data', 'credentials');
    const text = await readFile(file, 'utf8');
    const token = /admin token of organization acme: (\S+)/.exec(text)?.[1];
    expect(token).toMatch(/^sxt_/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(registry.output()).not.toContain(token as string);
    const created = logLines(registry).find((line) => String(line.msg).startsWith('organization created'));
    expect(created?.msg).toContain(`written to ${file}`);
  });
});

describe('request ids', () => {
  it('keeps a plausible incoming id, returns it, and logs one line for the request', async () => {
    const response = await fetch(`${registryUrl}/healthz`, { headers: { 'x-request-id': 'lb-7f3a.19:2' } });
    expect(response.headers.get('x-request-id')).toBe('lb-7f3a.19:2');
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    const lines = logLines(registry).filter((line) => line.reqId === 'lb-7f3a.19:2');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', res: { statusCode: 200 }, req: { url: '/healthz' } });
  });

  it('replaces a missing or implausible id with a random UUID, different every time', async () => {
    const ids: string[] = [];
    for (const incoming of [undefined, undefined, 'has space', 'x'.repeat(129), '<script>', 'a;b', '']) {
      const response = await fetch(`${registryUrl}/healthz`, {
        headers: incoming === undefined ? {} : { 'x-request-id': incoming },
      });
      const id = response.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('goes on to the proxied API, and the proxy logs the target origin only', async () => {
    const target = `http://127.0.0.1:${apiPort}/bot${BOT_TOKEN}/getMe?api_key=query-secret`;
    const response = await fetch(`${registryUrl}/proxy/${target}`, {
      headers: { 'x-request-id': 'trace-proxy-1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('trace-proxy-1');
    const seen = apiRequests.find((request) => request.url.includes('getMe'));
    expect(seen?.headers['x-request-id']).toBe('trace-proxy-1');
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    const output = registry.output();
    for (const secret of [BOT_TOKEN, 'getMe', 'query-secret', 'api_key'])
      expect(output).not.toContain(secret);
    const line = logLines(registry).find((entry) => entry.reqId === 'trace-proxy-1');
    expect(line).toMatchObject({
      proxy: { method: 'GET', target: `http://127.0.0.1:${apiPort}`, status: 200 },
    });
  });

  it('goes on to the registry a docs host reads, and --log-level warn keeps info lines out', async () => {
    const port = await freePort();
    const docs = serve(
      ['--port', String(port), '--no-registry', '--registry-url', registryUrl, '--log-level', 'warn'],
      {},
    );
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 120_000, interval: 200, message: () => `the docs host started:\n${docs.output()}` },
    );
    const page = await fetch(`http://127.0.0.1:${port}/guides/start`, {
      headers: { host: 'unknown-site.example', 'x-request-id': 'trace-docs-1' },
    });
    expect(page.headers.get('x-request-id')).toBe('trace-docs-1');
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
    const registryCalls = logLines(registry).filter((line) => line.reqId === 'trace-docs-1');
    expect(registryCalls.length).toBeGreaterThan(0);
    expect(logLines(docs).filter((line) => Number(line.level) < 40)).toEqual([]);
  });
});

describe('crashes', () => {
  for (const [kind, code] of [
    ['uncaughtException', 'throw new Error("crash-test-thrown")'],
    ['unhandledRejection', 'Promise.reject(new Error("crash-test-rejected"))'],
  ] as const) {
    it(`log an ${kind} as one JSON line and exit 1`, async () => {
      const port = await freePort();
      // A module loaded before the CLI that fails on SIGUSR2, as a bug in a handler would.
      const trigger = join(root, `crash-${kind}.mjs`);
      await writeFile(trigger, `process.on('SIGUSR2', () => { ${code}; });\n`);
      const crashing = serve(['--port', String(port), '--no-registry', '--no-docs'], {
        NODE_OPTIONS: `--import=${pathToFileURL(trigger).href}`,
      });
      await crashing.waitFor(/sextant serve ready/, 120_000);
      const exited = new Promise((resolveExit) => crashing.child.once('exit', resolveExit));
      crashing.child.kill('SIGUSR2');
      expect(await exited).toBe(1);
      const lines = crashing.output().trim().split('\n');
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      const fatal = logLines(crashing).filter((line) => line.level === 60);
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toMatchObject({
        crash: kind,
        err: { message: expect.stringContaining('crash-test') },
      });
    });
  }
});
