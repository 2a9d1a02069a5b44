/**
 * `sextant serve` run in parts and shut down gracefully: with only the HTTP proxy mounted, a
 * request in flight when SIGTERM arrives still completes (a slow upstream answers after it),
 * the process then exits 0, and disabled parts are really absent. An unreachable DATABASE_URL
 * is one error line and exit 1. Tenancy flags: `--create-org` (repeatable) logs each admin token
 * once, `--create-operator-token` logs an operator token, `--allow-domain` and
 * SEXTANT_ALLOW_DOMAINS approve hosts; a host nobody approved or proved is refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createRegistryClient, type RegistryClient, RegistryNamedError } from '@sextant/registry-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runCli, startCli, tempDir } from './cli-harness.js';

let upstream: Server;
let upstreamPort: number;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    if (request.url === '/slow') {
      setTimeout(() => response.end('slow done'), 1500);
    } else {
      response.end('fast');
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
});

describe('sextant serve', () => {
  it('finishes an in-flight request on SIGTERM, then exits 0; disabled parts are absent', async () => {
    const serve = startCli([
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--no-registry',
      '--no-docs',
      '--no-ws-proxy',
      '--trusted-private-target',
      `127.0.0.1:${upstreamPort}`,
    ]);
    try {
      const url = (await serve.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/))[1]!;
      expect(
        JSON.parse(
          serve
            .output()
            .split('\n')
            .find((line) => line.includes('sextant serve ready'))!,
        ),
      ).toMatchObject({
        parts: ['proxy'],
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/registry/api/load/x`)).status).toBe(404);
      const fast = await fetch(`${url}/proxy/http://127.0.0.1:${upstreamPort}/fast`);
      expect(await fast.text()).toBe('fast');

      const started = Date.now();
      const inFlight = fetch(`${url}/proxy/http://127.0.0.1:${upstreamPort}/slow`);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const exited = serve.stop('SIGTERM');
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('slow done');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(await exited).toBe(0);
      expect(serve.output()).toContain('"signal":"SIGTERM"');
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    } finally {
      await serve.stop('SIGKILL');
    }
  });

  it('creates organizations and an operator token on start; approved hosts go to the first registrant, others need a DNS proof', async () => {
    const serve = startCli(
      [
        'serve',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--no-docs',
        '--no-proxy',
        '--no-ws-proxy',
        '--data-dir',
        join(await tempDir(), 'data'),
        '--create-org',
        'one',
        '--create-org',
        'two',
        '--create-operator-token',
        '--allow-domain',
        'first.tenancy.test',
      ],
      { env: { SEXTANT_ALLOW_DOMAINS: 'env-a.tenancy.test, env-b.tenancy.test' } },
    );
    try {
      const url = (await serve.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/, 150_000))[1]!;
      const tokenOf = (orgId: string) =>
        serve.credential(new RegExp(`admin token of organization ${orgId}: (\\S+)`));
      const one = createRegistryClient({ baseUrl: url, token: await tokenOf('one'), maxRetries: 0 });
      const two = createRegistryClient({ baseUrl: url, token: await tokenOf('two'), maxRetries: 0 });
      const operatorToken = await serve.credential(/operator token of user \S+: (\S+)/);
      const operator = createRegistryClient({ baseUrl: url, token: operatorToken, maxRetries: 0 });
      expect((await operator.createOrganization({ body: { orgId: 'three' } })).role).toBe('admin');

      const register = async (client: RegistryClient, orgId: string, domain: string) => {
        const init = await client.initDocsRegistrationV2({ body: { orgId, domain } });
        return client.finishDocsRegistrationV2({
          params: { id: init.docsRegistrationId },
          body: {
            docsDefinition: {
              docsVersion: 1,
              config: { title: orgId },
              navigation: [],
              pages: {},
              homeSlug: '',
            },
          },
        });
      };
      const refusal = (promise: Promise<unknown>) =>
        promise.then(
          () => 'accepted',
          (error: unknown) => (error instanceof RegistryNamedError ? error.errorName : String(error)),
        );
      await register(one, 'one', 'first.tenancy.test');
      await register(two, 'two', 'env-b.tenancy.test');
      expect(await refusal(register(two, 'two', 'first.tenancy.test/guides'))).toBe(
        'DomainBelongsToAnotherOrgError',
      );
      expect(await refusal(register(one, 'one', 'env-b.tenancy.test'))).toBe(
        'DomainBelongsToAnotherOrgError',
      );
      expect(await refusal(register(one, 'one', 'nobody-approved.tenancy.test'))).toBe(
        'DomainNotClaimedError',
      );
      expect(await refusal(two.upsertCliRelease({ body: { version: '1.0.0', irVersion: 1 } }))).toBe(
        'OperatorRoleRequiredError',
      );
    } finally {
      await serve.stop('SIGKILL');
    }
  });

  const serveOnDatabase = (url: string) =>
    runCli(['serve', '--port', '0', '--no-docs', '--database-url', url]);

  it('an unreachable database is one error line and exit 1', async () => {
    const run = await serveOnDatabase('postgres://nobody@127.0.0.1:1/none');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^error: the database could not be opened: nothing accepts connections at 127\.0\.0\.1:1 \(ECONNREFUSED\)/m,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('a --trust-proxy or --console-host the server cannot read is a usage error (exit 2)', async () => {
    for (const flags of [
      ['--trust-proxy', 'bogus!!'],
      ['--console-host', 'docs.acme.test', '--allow-domain', 'docs.acme.test'],
    ]) {
      const run = await runCli(['serve', '--port', '0', '--no-docs', '--no-registry', ...flags]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/^error: the server could not start: /m);
    }
  });

  it('flags that contradict each other are usage errors (exit 2), said before anything starts', async () => {
    const port = String(await freePort());
    const samePort = await runCli(['serve', '--port', port, '--metrics-port', port, '--no-registry']);
    expect(samePort.code, samePort.stderr).toBe(2);
    expect(samePort.stderr).toMatch(/^error: --metrics-port \d+ is also --port/m);
    const registryTwice = await runCli(['serve', '--port', '0', '--registry-url', 'http://127.0.0.1:1']);
    expect(registryTwice.code, registryTwice.stderr).toBe(2);
    expect(registryTwice.stderr).toMatch(/^error: --registry-url is for a docs host without the registry/m);
  });

  it('a database URL that is not one is a usage error (exit 2) that does not repeat it', async () => {
    const run = await serveOnDatabase('db.internal:5432/sextant');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: --database-url \(DATABASE_URL\) is not a PostgreSQL URL/m);
    expect(run.stderr).not.toContain('db.internal');
  });
});
