/**
 * Separate origins for tenant content and the console, in Chromium (issue #24): one hosted
 * server, two organizations (acme, beta), the console on its own host (`--console-host
 * console.sextant.test`). acme's admin signs in on the console and lists the sites. Then, in the
 * same browser (the admin's session cookie in its jar), scripts try to reach that session:
 * a script acme's member put in acme's docs.yml, on acme's host on the server's port and on a
 * second port of the same server; beta's docs.yml script on beta's host; and beta's script on a
 * page of its own on yet another port of acme's host (beta cannot be served there by the server:
 * the registry refuses it). None reaches a session: the dashboard and its API answer 404 on docs
 * hosts, registry calls that carry only the cookie are unauthenticated (401), the console's
 * origin is out of reach (CSP / CORS, and SameSite=Strict), no member is added. The console
 * still works on its own host afterwards.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DocsDefinition, defaultDocsConfig } from '@sextant/definition';
import { createRegistryClient, type RegistryClient, RegistryNamedError } from '@sextant/registry-client';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';

const CONSOLE = 'console.sextant.test';
const ACME = 'docs.acme.test';
const BETA = 'docs.beta.test';
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * What a hostile script tries, against `base` (its own origin when empty) and the console:
 * the dashboard page, the session (which would give the CSRF token), a sign-in, registry calls
 * that carry only the cookie (list acme's sites, make "mallory" an admin of acme), the console's
 * session and the same admin call sent blind to the console. Results land in `window.__attack`.
 */
function attackScript(base: string, consoleOrigin: string): string {
  return `(async () => {
  const out = {};
  const attempt = async (name, url, init) => {
    try {
      const response = await fetch(url, { credentials: 'include', ...init });
      out[name] = response.status;
    } catch {
      out[name] = 'blocked';
    }
  };
  const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const base = ${JSON.stringify(base)};
  const console_ = ${JSON.stringify(consoleOrigin)};
  const mallory = { orgId: 'acme', userId: 'mallory', role: 'admin' };
  await attempt('dashboardPage', base + '/_sextant/dashboard');
  await attempt('session', base + '/_sextant/dashboard/api/session');
  await attempt('signIn', base + '/_sextant/dashboard/api/session', json({ token: 'sxt_guess' }));
  await attempt('sitesByCookie', base + '/dashboard/get-docs-sites-for-org', json({ orgId: 'acme' }));
  await attempt('addAdminByCookie', base + '/organizations/members/add', json(mallory));
  await attempt('consoleSession', console_ + '/_sextant/dashboard/api/session');
  await attempt('consoleAddAdmin', console_ + '/organizations/members/add', {
    method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(mallory),
  });
  out.cookie = document.cookie;
  window.__attack = out;
})();
`;
}

function definition(title: string, scriptPath: string): DocsDefinition {
  return {
    docsVersion: 1,
    config: {
      ...defaultDocsConfig(title),
      scripts: [{ src: { type: 'file', path: scriptPath }, strategy: 'afterInteractive' }],
    },
    navigation: [{ type: 'page', title: 'Home', slug: '', pageId: 'home' }],
    pages: { home: { id: 'home', title: 'Home', slug: '', layout: 'guide', markdown: `# ${title}` } },
    homeSlug: '',
  };
}

/** Publishes `docs` at `url` with one script file. */
async function publish(
  client: RegistryClient,
  orgId: string,
  url: string,
  docs: DocsDefinition,
  script: { path: string; bytes: Buffer },
): Promise<void> {
  const init = await client.initDocsRegistrationV2({
    body: {
      orgId,
      domain: url,
      files: [
        {
          path: script.path,
          sha256: sha(script.bytes),
          size: script.bytes.length,
          contentType: 'text/javascript; charset=utf-8',
        },
      ],
    },
  });
  for (const status of init.files)
    if (status.status === 'upload')
      await client.uploadDocsFile({ params: { uploadId: status.upload.uploadId }, body: script.bytes });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: docs },
  });
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

let app: FastifyInstance;
let browser: Browser;
let context: BrowserContext;
let port: number;
let secondPort: number;
let attackerPort: number;
const servers: Server[] = [];
let adminToken: string;
let beta: RegistryClient;

beforeAll(async () => {
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    consoleHost: CONSOLE,
    registry: { allowDomains: [ACME, BETA] },
    authInjection: false,
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(origin).port);
  await app.registry.ready();
  // A second port of the same server (as behind a proxy listening on 8080 and 443).
  const second = createServer((request, response) => app.server.emit('request', request, response));
  servers.push(second);
  secondPort = await listen(second);

  const acme = await app.registry.createOrganization('acme');
  adminToken = acme.token;
  const added = await app.registry.addMember('mia', 'acme');
  if (added.status !== 'created') throw new Error('expected a new member with a token');
  const member = createRegistryClient({ baseUrl: origin, token: added.token, maxRetries: 0 });
  const betaOrg = await app.registry.createOrganization('beta');
  beta = createRegistryClient({ baseUrl: origin, token: betaOrg.token, maxRetries: 0 });

  // acme's member publishes acme's docs with a script of their own, on both ports.
  const memberScript = {
    path: 'assets/member.js',
    bytes: Buffer.from(attackScript('', `http://${CONSOLE}:${port}`)),
  };
  for (const url of [`${ACME}:${port}`, `${ACME}:${secondPort}`])
    await publish(member, 'acme', url, definition('Acme docs', memberScript.path), memberScript);
  const betaScript = {
    path: 'assets/beta.js',
    bytes: Buffer.from(attackScript('', `http://${CONSOLE}:${port}`)),
  };
  await publish(beta, 'beta', `${BETA}:${port}`, definition('Beta docs', betaScript.path), betaScript);

  // beta's page on yet another port of acme's host, served by beta itself (not by Sextant).
  const attacker = createServer((request, response) => {
    if (request.url === '/attack.js')
      return response
        .writeHead(200, { 'content-type': 'text/javascript' })
        .end(attackScript(`http://${ACME}:${port}`, `http://${CONSOLE}:${port}`));
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>beta on acme</title><script src="/attack.js"></script>');
  });
  servers.push(attacker);
  attackerPort = await listen(attacker);

  browser = await launchBrowser(['--host-resolver-rules=MAP *.test 127.0.0.1']);
  context = await browser.newContext();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await app?.close();
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`http://${CONSOLE}:${port}/_sextant/dashboard`);
  await page.getByLabel('Org token').fill(adminToken);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Docs sites', level: 1 }).waitFor();
}

/** Opens `url` in the admin's browser and returns what its script could do. */
async function attackFrom(url: string): Promise<Record<string, unknown>> {
  const page = await context.newPage();
  try {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await page.waitForFunction(
      () => (window as unknown as { __attack?: unknown }).__attack !== undefined,
      null,
      {
        timeout: 60_000,
      },
    );
    return await page.evaluate(() => (window as unknown as { __attack: Record<string, unknown> }).__attack);
  } finally {
    await page.close();
  }
}

async function acmeMembers(): Promise<string[]> {
  const { db } = await app.registry.database();
  const rows = await db.selectFrom('memberships').select('user_id').where('org_id', '=', 'acme').execute();
  return rows.map((row) => row.user_id).sort();
}

/** What a script on a docs host of this server gets: nothing of the console. */
const FROM_A_DOCS_HOST = {
  dashboardPage: 404,
  session: 404,
  signIn: 404,
  sitesByCookie: 401,
  addAdminByCookie: 401,
  // The page's CSP keeps connections to its own origin: the console is not reachable.
  consoleSession: 'blocked',
  consoleAddAdmin: 'blocked',
  cookie: '',
};

describe('the console and tenant content on separate origins', () => {
  it('the console works on its own host: sign in, list the sites; the cookie is host-only, httpOnly, SameSite=Strict', async () => {
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('link', { name: `${ACME}:${port}` }).waitFor();
    // The dashboard is not on a docs host: nothing to sign in to there.
    for (const host of [`${ACME}:${port}`, `${ACME}:${secondPort}`, `${BETA}:${port}`]) {
      const response = await page.goto(`http://${host}/_sextant/dashboard`);
      expect([host, response?.status()]).toEqual([host, 404]);
      expect(await page.getByLabel('Org token').count()).toBe(0);
    }
    await page.close();
    const cookies = await context.cookies();
    expect(
      cookies.map(({ name, domain, path, httpOnly, sameSite }) => ({
        name,
        domain,
        path,
        httpOnly,
        sameSite,
      })),
    ).toEqual([{ name: 'sx_dashboard', domain: CONSOLE, path: '/', httpOnly: true, sameSite: 'Strict' }]);
  });

  it("a member's docs.yml script on acme's host (the server's port) reaches no session", async () => {
    expect(await attackFrom(`http://${ACME}:${port}/`)).toEqual(FROM_A_DOCS_HOST);
  });

  it('the same script on another port of the same server reaches no session', async () => {
    expect(await attackFrom(`http://${ACME}:${secondPort}/`)).toEqual(FROM_A_DOCS_HOST);
  });

  it("beta's docs.yml script on beta's host reaches no session", async () => {
    expect(await attackFrom(`http://${BETA}:${port}/`)).toEqual(FROM_A_DOCS_HOST);
  });

  it("beta cannot be served on any port of acme's host; its own page on another port of it reaches no session", async () => {
    for (const url of [`${ACME}:${attackerPort}`, ACME, `${ACME.toUpperCase()}:8080`]) {
      const error = await beta.initDocsRegistrationV2({ body: { orgId: 'beta', domain: url } }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, url).toBeInstanceOf(RegistryNamedError);
      expect((error as RegistryNamedError).errorName, url).toBe('DomainBelongsToAnotherOrgError');
    }
    // Without the page's CSP, cross-origin reads still fail (no CORS), and the cookie (SameSite=Strict,
    // the console's host only) never goes with them.
    expect(await attackFrom(`http://${ACME}:${attackerPort}/`)).toEqual({
      dashboardPage: 'blocked',
      session: 'blocked',
      signIn: 'blocked',
      sitesByCookie: 'blocked',
      addAdminByCookie: 'blocked',
      consoleSession: 'blocked',
      consoleAddAdmin: 0,
      cookie: '',
    });
  });

  it('nothing changed in acme, and the console still works', async () => {
    expect(await acmeMembers()).toEqual(['acme-admin', 'mia']);
    const page = await context.newPage();
    await page.goto(`http://${CONSOLE}:${port}/_sextant/dashboard`);
    await page.getByRole('heading', { name: 'Docs sites', level: 1 }).waitFor();
    await page.getByRole('link', { name: `${ACME}:${port}` }).waitFor();
    await page.close();
  });
});
