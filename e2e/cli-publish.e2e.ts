/**
 * `sextant serve` (hosted mode) and `sextant publish` against it, on embedded PGlite and on a
 * fresh PostgreSQL database: the published page loads by host (Host header), publishing the same
 * project again writes nothing and says so, a changed spec is published with its diff summary,
 * `--dry-run` writes nothing, a bad token is refused with exit 1, and SIGTERM stops serve with
 * exit 0 after it answered /healthz.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { petSpec, type RunningCli, runCli, startCli, tempDir, writeFiles } from './cli-harness.js';

const POSTGRES_URL = process.env.SEXTANT_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Backend {
  name: string;
  /** Extra serve flags/env, or the reason this backend is skipped. */
  setup: () => Promise<{ args: string[]; cleanup: () => Promise<void> } | { skipped: string }>;
}

const backends: Backend[] = [
  {
    name: 'PGlite',
    setup: async () => ({
      args: ['--data-dir', join(await tempDir('sextant-serve-'), 'data')],
      cleanup: async () => undefined,
    }),
  },
  {
    name: 'PostgreSQL',
    setup: async () => {
      const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
      try {
        await admin.connect();
      } catch (error) {
        return { skipped: `no PostgreSQL at ${POSTGRES_URL}: ${(error as Error).message}` };
      }
      const name = `sextant_cli_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${name}`);
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${name}`;
      return {
        args: ['--database-url', url.toString()],
        cleanup: async () => {
          await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
          await admin.end();
        },
      };
    },
  },
];

/** GET `path` of `base` with a Host header, as a browser at that host would (fetch cannot set Host). */
function getByHost(base: string, host: string, path = '/'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

for (const backend of backends) {
  describe(`sextant publish to sextant serve on ${backend.name}`, () => {
    let serve: RunningCli;
    let registry: string;
    let token: string;
    let project: string;
    let skipped: string | undefined;
    let cleanup: () => Promise<void> = async () => undefined;
    const domain = `docs-${randomBytes(3).toString('hex')}.acme.test`;

    beforeAll(async () => {
      const setup = await backend.setup();
      if ('skipped' in setup) {
        skipped = setup.skipped;
        console.warn(`skipping the ${backend.name} half: ${skipped}`);
        return;
      }
      cleanup = setup.cleanup;
      const dir = await tempDir();
      project = join(dir, 'site');
      await writeFiles(dir, { 'pets.yaml': petSpec() });
      const init = await runCli(['init', project, '--spec', join(dir, 'pets.yaml')]);
      expect(init.code, init.stderr).toBe(0);
      serve = startCli([
        'serve',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--create-org',
        'acme',
        ...setup.args,
      ]);
      registry = (await serve.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/, 150_000))[1]!;
      token = (await serve.waitFor(/"orgId":"acme","token":"([^"]+)"/, 30_000))[1]!;
    });

    afterAll(async () => {
      await serve?.stop('SIGKILL');
      await cleanup();
    });

    const publish = (...extra: string[]) =>
      runCli([
        'publish',
        project,
        '--registry',
        registry,
        '--token',
        token,
        '--org',
        'acme',
        '--domain',
        domain,
        ...extra,
      ]);

    it('serves /healthz and JSON logs', async ({ skip }) => {
      if (skipped) skip(skipped);
      const health = await fetch(`${registry}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', mode: 'hosted' });
      const firstLine = serve.output().split('\n')[0]!;
      expect(JSON.parse(firstLine)).toHaveProperty('level');
    });

    it('publishes, and the page loads by host', async ({ skip }) => {
      if (skipped) skip(skipped);
      const dry = await publish('--dry-run', '--json');
      expect(dry.code, dry.stderr).toBe(0);
      expect(JSON.parse(dry.stdout)).toMatchObject({
        dryRun: true,
        unchanged: false,
        docs: 'new',
        apis: [{ status: 'new' }],
      });
      expect((await getByHost(registry, domain)).status).toBe(404);

      const first = await publish();
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('API Pets: new');
      expect(first.stdout).toContain(`Published https://${domain}`);
      const page = await getByHost(registry, domain);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>Pets Docs</title>');
      const other = await getByHost(registry, 'someone-else.acme.test');
      expect(other.status).toBe(404);
    });

    it('publishing again is idempotent; a changed spec is published with its diff', async ({ skip }) => {
      if (skipped) skip(skipped);
      const second = await publish('--json');
      expect(second.code, second.stderr).toBe(0);
      expect(JSON.parse(second.stdout)).toMatchObject({
        unchanged: true,
        docs: 'unchanged',
        apis: [{ status: 'unchanged' }],
      });
      const text = await publish();
      expect(text.stdout).toContain('Nothing changed');

      const spec = join(project, 'api/pets.yaml');
      await writeFile(spec, (await readFile(spec, 'utf8')).replace('required: false', 'required: true'));
      const third = await publish('--json');
      expect(third.code, third.stderr).toBe(0);
      expect(JSON.parse(third.stdout)).toMatchObject({
        unchanged: false,
        apis: [{ status: 'changed', breakingChanges: 1, bump: 'MAJOR' }],
      });
      const page = await getByHost(registry, domain);
      expect(page.body).toContain('Pets Docs');
      expect(JSON.parse((await publish('--json')).stdout)).toMatchObject({ unchanged: true });
    });

    it('a bad token is refused: exit 1, one line', async ({ skip }) => {
      if (skipped) skip(skipped);
      const run = await runCli([
        'publish',
        project,
        '--registry',
        registry,
        '--token',
        'sxt_wrong',
        '--org',
        'acme',
        '--domain',
        `x-${domain}`,
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: the registry at .* refused \(401\): UnauthorizedError/m);
      expect(run.stderr.match(/^error:/gm)).toHaveLength(1);
    });

    it('stops on SIGTERM with exit 0', async ({ skip }) => {
      if (skipped) skip(skipped);
      expect(await serve.stop('SIGTERM')).toBe(0);
      expect(serve.output()).toContain('shutting down: finishing in-flight requests');
    });
  });
}
