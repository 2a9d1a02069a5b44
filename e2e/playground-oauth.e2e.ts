/**
 * OAuth 2.0 in the playground (issue #28 item 8), in Chromium against the real Sextant server
 * (local mode, its HTTP proxy) and this file's own spec (Pets), whose one scheme declares the
 * authorization-code, password and implicit flows:
 * - authorization code with PKCE against a real provider on loopback (`oidc-provider`: its own
 *   login and consent pages, a public client that must send an S256 challenge and its verifier):
 *   Authorize, the provider's pages, back on the page with the explorer open, `code`/`state`
 *   gone from the address, the token in the auth card; Send carries it to a loopback upstream that
 *   checks it at the provider's userinfo endpoint;
 * - a tampered state and the provider's error are refused with the reason, nothing stored;
 * - the same round trip on a docs site of the spec (its own CSP, unchanged): back in the explorer
 *   of the same page (`?explorer=myPets`), token stored, Send carries it;
 * - the password flow against a loopback token endpoint (oidc-provider has no ROPC grant):
 *   wrong password shows the endpoint's own error, the right one a token that Send carries.
 * Screenshots of the auth card at 1280 and 390 px go to SEXTANT_SHOTS_DIR (/tmp/shots/oauth).
 */
import { mkdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiDefinition, importOpenApi } from '@sextant/definition';
import { buildServer } from '@sextant/server';
import Provider from 'oidc-provider';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eStack, startE2eStack } from '../packages/playground/src/testing/e2e-stack.js';
import { type DocsServer, startDocsServer } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';
import { writeSpecProject } from './support/docs-site.js';

const SHOTS = process.env.SEXTANT_SHOTS_DIR ?? '/tmp/shots/oauth';
const CLIENT_ID = 'sextant-playground';
const PASSWORD_TOKEN = 'pw-token-of-ada';

interface Loopback {
  url: string;
  server: Server;
  close(): Promise<void>;
}

async function listen(handler?: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const server = createServer();
  if (handler)
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
    });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The Pets API: one operation behind one OAuth scheme with three flows. */
function petsSpec(upstream: string, issuer: string, passwordTokenUrl: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1.0.0' },
    servers: [{ url: upstream }],
    paths: {
      '/pets/mine': {
        get: {
          operationId: 'myPets',
          summary: 'My pets',
          security: [{ petsAuth: ['openid'] }],
          responses: { '200': { description: 'The pets of the token owner' } },
        },
      },
    },
    components: {
      securitySchemes: {
        petsAuth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${issuer}/auth`,
              tokenUrl: `${issuer}/token`,
              scopes: { openid: 'Sign in', 'pets:read': 'Read your pets' },
            },
            password: { tokenUrl: passwordTokenUrl, scopes: { 'pets:read': 'Read your pets' } },
            implicit: { authorizationUrl: `${issuer}/auth`, scopes: { openid: 'Sign in' } },
          },
        },
      },
    },
  };
}

let stack: E2eStack;
let definition: ApiDefinition;
let oidcServer: Loopback;
let passwordServer: Loopback;
let issuer: string;
let redirectUri: string;
/** The same spec as a docs site (its own CSP, its explorer), served with the proxy. */
let docs: DocsServer;
let docsDir: string;
let docsRedirectUri: string;
/** Authorization headers the upstream received, and whether the token was good. */
const upstreamSeen: { authorization: string | undefined; ok: boolean }[] = [];
/** Token requests the password endpoint received. */
const passwordRequests: URLSearchParams[] = [];

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  oidcServer = await listen();
  issuer = `http://localhost:${new URL(oidcServer.url).port}`;
  passwordServer = await listen((_req, res, body) => {
    const form = new URLSearchParams(body);
    passwordRequests.push(form);
    if (form.get('grant_type') !== 'password') return json(res, 400, { error: 'unsupported_grant_type' });
    if (form.get('username') !== 'ada' || form.get('password') !== 'lovelace')
      return json(res, 400, { error: 'invalid_grant', error_description: 'Wrong username or password' });
    json(res, 200, { access_token: PASSWORD_TOKEN, token_type: 'Bearer', expires_in: 600 });
  });
  const upstream = await listen(async (req, res) => {
    const authorization = req.headers.authorization;
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    let owner: string | undefined;
    if (token === PASSWORD_TOKEN) owner = 'ada';
    else if (token) {
      const me = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${token}` } });
      owner = me.ok ? ((await me.json()) as { sub: string }).sub : undefined;
    }
    upstreamSeen.push({ authorization, ok: owner !== undefined });
    if (!owner) return json(res, 401, { error: 'invalid_token' });
    json(res, 200, { owner, pets: ['Rex'] });
  });
  stack = await startE2eStack(
    {
      buildServer,
      launchBrowser,
      startDemoServers: async () => ({
        restUrl: upstream.url,
        wsUrl: upstream.url,
        rpcUrl: upstream.url,
        close: async () => {
          await upstream.close();
        },
      }),
    },
    ({ restUrl }) => {
      const spec = petsSpec(restUrl, issuer, `${passwordServer.url}/oauth/token`);
      definition = importOpenApi({ entry: 'pets.json', read: () => JSON.stringify(spec) }).definition;
      return { pets: { kind: 'endpoint', definition, id: 'myPets', mode: 'local', proxyBaseUrl: '' } };
    },
  );
  redirectUri = `${stack.baseUrl}/__harness/page/pets?explorer=pets`;
  docsDir = (
    await writeSpecProject('Pets', petsSpec(stack.restUrl, issuer, `${passwordServer.url}/oauth/token`))
  ).dir;
  docs = await startDocsServer(docsDir, { proxy: true });
  docsRedirectUri = `${docs.url}/api/my-pets?explorer=myPets`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        application_type: 'native',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        redirect_uris: [redirectUri, docsRedirectUri],
      },
    ],
    claims: { openid: ['sub'] },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    cookies: { keys: ['playground-oauth-e2e-cookie-key'] },
  });
  oidcServer.server.on('request', provider.callback());
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await docs?.app.close();
  if (docsDir) await rm(docsDir, { recursive: true, force: true });
  await oidcServer?.close();
  await passwordServer?.close();
});

async function openExplorer(options?: { width?: number; height?: number }) {
  const opened = await stack.open('/__harness/page/pets?explorer=pets', options);
  await opened.page.getByRole('dialog').waitFor();
  return opened;
}

/** Authorize with the client id: resolves on the provider's login page with the authorization request sent. */
async function authorize(page: Page): Promise<URL> {
  await page.getByLabel('Client ID').fill(CLIENT_ID);
  const request = page.waitForRequest((r) => r.url().startsWith(`${issuer}/auth?`));
  await page.getByTestId('oauth-login').click();
  const sent = new URL((await request).url());
  await page.locator('input[name="login"]').waitFor({ timeout: 30_000 });
  return sent;
}

/** On the provider's pages: sign in as `login`, consent; resolves with the auth card's token field once it holds the token. */
async function signInAndConsent(page: Page, login: string, origin: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.origin === origin, { timeout: 30_000 });
  await page.getByRole('dialog').waitFor();
  const token = page.getByLabel('Bearer token');
  await expect.poll(() => token.inputValue(), { timeout: 15_000 }).toMatch(/^[\w-]{20,}$/);
  return token;
}

async function send(page: Page) {
  await page.getByTestId('send').click();
  await page.locator('.sx-pg-response[data-state="loaded"], .sx-pg-response[data-state="failed"]').waitFor();
}

describe('authorization code with PKCE against a loopback OpenID provider', () => {
  it('Authorize, log in and consent, back on the page with the token; Send carries it', async () => {
    const { page, errors } = await openExplorer();
    expect(await page.getByTestId('oauth-flow').inputValue()).toBe('authorizationCode');
    expect(await page.getByTestId('oauth-redirect-uri').inputValue()).toBe(redirectUri);
    expect(await page.getByTestId('oauth-implicit').innerText()).toMatch(/implicit flow is not offered/);
    expect(await page.getByRole('option', { name: 'Implicit (not supported)' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /pets:read/ }).uncheck();

    const sent = await authorize(page);
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: redirectUri,
      scope: 'openid',
      code_challenge_method: 'S256',
    });
    expect(sent.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(sent.searchParams.get('state')).toMatch(/^[\w-]{22}$/);

    const token = await signInAndConsent(page, 'reader-9', stack.baseUrl);
    const accessToken = await token.inputValue();
    expect(await page.getByTestId('auth-status').innerText()).toBe('Authenticated');
    expect(await page.getByRole('checkbox', { name: /pets:read/ }).isChecked()).toBe(false);
    expect(await page.getByLabel('Client ID').inputValue()).toBe(CLIENT_ID);
    // code and state are gone from the address; the explorer stays open on the endpoint.
    const back = new URL(page.url());
    expect([...back.searchParams.keys()]).toEqual(['explorer']);
    expect(await page.evaluate(() => sessionStorage.getItem('sextant:oauth:pending'))).toBeNull();
    expect(await page.getByTestId('snippet').innerText()).toContain('Authorization: Bearer');

    const before = upstreamSeen.length;
    await send(page);
    expect(upstreamSeen.slice(before)).toEqual([{ authorization: `Bearer ${accessToken}`, ok: true }]);
    expect(await page.locator('.sx-pg-response').innerText()).toContain('reader-9');
    await page.screenshot({ path: `${SHOTS}/auth-code-authorized-1280.png` });
    // The provider's own pages load web fonts from the internet and a favicon it does not have.
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
    await page.context().close();
  });

  it('a tampered state is refused: nothing stored, the address cleaned', async () => {
    const { page } = await openExplorer();
    const sent = await authorize(page);
    const state = sent.searchParams.get('state') ?? '';
    await page.goto(`${redirectUri}&code=stolen-code&state=${state}x`);
    await page.getByRole('dialog').waitFor();
    await expect
      .poll(() => page.getByTestId('oauth-error').innerText())
      .toMatch(/state returned by the authorization server does not match.*nothing was stored/);
    expect(await page.getByTestId('auth-status').innerText()).toBe('Not authenticated');
    expect(await page.getByLabel('Bearer token').count()).toBe(0);
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['explorer']);
    // The pending authorization was used up: replaying the right state now fails too.
    await page.goto(`${redirectUri}&code=stolen-code&state=${state}`);
    await expect
      .poll(() => page.getByTestId('oauth-error').innerText())
      .toMatch(/no authorization was started/);
    await page.context().close();
  });

  it("the provider's error is shown verbatim", async () => {
    const { page } = await openExplorer();
    const state = (await authorize(page)).searchParams.get('state') ?? '';
    await page.goto(
      `${redirectUri}&error=access_denied&error_description=${encodeURIComponent('End-User aborted interaction')}&state=${state}`,
    );
    await page.getByRole('dialog').waitFor();
    await expect
      .poll(() => page.getByTestId('oauth-error').innerText())
      .toBe('The authorization server answered access_denied: End-User aborted interaction');
    await page.context().close();
  });
});

describe('on a docs site (its CSP, its explorer parameter)', () => {
  it('the round trip lands back in the explorer of the same page, token stored, Send carries it', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const response = await page.goto(docsRedirectUri);
    expect(response?.headers()['content-security-policy']).toContain("form-action 'self'");
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 90_000 });
    await page.getByRole('dialog').waitFor();
    expect(await page.getByTestId('oauth-redirect-uri').inputValue()).toBe(docsRedirectUri);
    await authorize(page);
    const token = await signInAndConsent(page, 'reader-11', docs.url);
    expect(page.url()).toBe(docsRedirectUri);
    const before = upstreamSeen.length;
    await send(page);
    expect(upstreamSeen.slice(before)).toEqual([
      { authorization: `Bearer ${await token.inputValue()}`, ok: true },
    ]);
    await context.close();
  });
});

describe('password flow against a loopback token endpoint', () => {
  it("wrong password: the endpoint's reason; right one: a token that Send carries", async () => {
    const { page, errors } = await openExplorer();
    await page.getByTestId('oauth-flow').selectOption('password');
    await page.getByLabel('Username').fill('ada');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByLabel('Client ID').fill('docs');
    await page.getByTestId('oauth-login').click();
    await expect
      .poll(() => page.getByTestId('oauth-error').innerText())
      .toBe('Failed to login with the provided credentials: Wrong username or password (400 Bad Request)');
    expect(Object.fromEntries(passwordRequests.at(-1) ?? [])).toEqual({
      grant_type: 'password',
      username: 'ada',
      password: 'wrong',
      scope: 'pets:read',
      client_id: 'docs',
    });

    await page.getByLabel('Password', { exact: true }).fill('lovelace');
    await page.getByTestId('oauth-login').click();
    await expect.poll(() => page.getByLabel('Bearer token').inputValue()).toBe(PASSWORD_TOKEN);
    expect(await page.getByTestId('oauth-login').innerText()).toBe('Refresh');
    const before = upstreamSeen.length;
    await send(page);
    expect(upstreamSeen.slice(before)).toEqual([{ authorization: `Bearer ${PASSWORD_TOKEN}`, ok: true }]);
    // Only the refused token request, as the browser logs any 400.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await page.context().close();
  });
});

describe('screenshots', () => {
  it.each([1280, 390])('the auth card with its flows at %i px', async (width) => {
    const { page } = await openExplorer({ width, height: 900 });
    const card = page.locator('.sx-pg-auth');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/auth-code-${width}.png` });
    await page.getByTestId('oauth-flow').selectOption('password');
    await card.screenshot({ path: `${SHOTS}/auth-password-card-${width}.png` });
    await page.context().close();
  });
});
