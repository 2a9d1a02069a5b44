/**
 * The hosted docs login (SPEC §6–7, issue #28 item 9) end to end: `sextant serve` (hosted) and
 * `sextant publish` of a project whose docs.yml logs readers in against a real OpenID Connect
 * provider on loopback (`oidc-provider`: its own login and consent pages, ID tokens signed with
 * its JWKS). In Chromium: Login, the provider's pages, back on the page with the playground's
 * Bearer token filled with the key from the ID token's claim, cookies host-only and HttpOnly;
 * Logout clears it. Hostile returns (a forged signature, another issuer, another audience, an
 * expired token, a return address on another host) are refused with a message the reader sees.
 * A second site verifies with an HMAC secret from serve's environment: a token signed with
 * another secret is refused.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWTPayload, SignJWT } from 'jose';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, petSpec, type RunningCli, runCli, startCli, tempDir, writeFiles } from './cli-harness.js';
import { SCREENSHOT_DIR, watchedPage } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';
import { type LoopbackOidc, startLoopbackOidc } from './support/oidc-loopback.js';

const CLIENT_ID = 'sextant-docs';
/** The one secret variable organization acme's sites may name on a hosted server. */
const HMAC_ENV = 'SEXTANT_LOGIN_ACME';
const HMAC_SECRET = 'the-acme-login-service-shares-this-secret';

/** The harness's pet spec, every operation behind a bearer token (the field the login fills). */
const SPEC = `${petSpec()}  securitySchemes:
    bearer: { type: http, scheme: bearer }
security: [{ bearer: [] }]
`;

let serve: RunningCli;
let oidc: LoopbackOidc;
let browser: Browser;
let origin: string;
/** The HMAC site: the same server, reached as localhost. */
let hmacOrigin: string;
let pagePath: string;

beforeAll(async () => {
  const dir = await tempDir('sextant-docs-login-');
  await writeFiles(dir, { 'pets.yaml': SPEC });
  const init = await runCli(['init', join(dir, 'site'), '--spec', join(dir, 'pets.yaml')]);
  expect(init.code, init.stderr).toBe(0);
  // The provider first: a hosted server reads a site's jwksUrl only behind the proxy's address
  // guard, so the loopback provider is named as a trusted private target.
  const port = await freePort();
  oidc = await startLoopbackOidc([
    { clientId: CLIENT_ID, redirectUri: `http://127.0.0.1:${port}/api/auth/callback` },
  ]);
  serve = startCli(
    [
      'serve',
      '--port',
      String(port),
      '--trusted-private-target',
      new URL(oidc.jwksUrl).host,
      '--host',
      '127.0.0.1',
      '--create-org',
      'acme',
      '--allow-domain',
      '127.0.0.1',
      '--allow-domain',
      'localhost',
      '--data-dir',
      join(dir, 'data'),
    ],
    { env: { [HMAC_ENV]: HMAC_SECRET } },
  );
  origin = (await serve.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/, 150_000))[1] ?? '';
  const token = await serve.credential(/admin token of organization acme: (\S+)/);
  hmacOrigin = origin.replace('127.0.0.1', 'localhost');

  const publish = async (domain: string, login: string) => {
    const site = join(dir, 'site');
    const docsYml = join(site, 'docs.yml');
    const base = (await readFile(docsYml, 'utf8')).replace(/\nlogin:\n(?: {2}.*\n)*/, '\n');
    await writeFile(docsYml, `${base}\nlogin:\n${login}`);
    const args = [
      'publish',
      site,
      '--registry',
      origin,
      '--token',
      token,
      '--org',
      'acme',
      '--domain',
      domain,
    ];
    const published = await runCli(args);
    expect(published.code, published.stderr).toBe(0);
  };
  await publish(
    new URL(origin).host,
    `  authorizationUrl: ${oidc.authorizationUrl(CLIENT_ID)}\n  apiKeyClaim: api_key\n  jwksUrl: ${oidc.jwksUrl}\n  issuer: ${oidc.issuer}\n  audience: ${CLIENT_ID}\n`,
  );
  await publish(
    new URL(hmacOrigin).host,
    `  authorizationUrl: https://login.acme.example/start\n  returnToQueryParam: return_to\n  credentialParam: token\n  apiKeyClaim: key\n  hmacSecretEnv: ${HMAC_ENV}\n`,
  );
  const llms = await (await fetch(`${origin}/llms.txt`)).text();
  pagePath = new URL(/\[Get a pet\]\(([^)]+)\)/.exec(llms)?.[1] ?? '/', origin).pathname.replace(/\.md$/, '');
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await oidc?.close();
  await serve?.stop('SIGKILL');
});

const explorerUrl = () => `${origin}${pagePath}?explorer=getPet`;

async function openExplorer(context: BrowserContext, url = explorerUrl()) {
  const watched = await watchedPage(context);
  await watched.page.goto(url);
  // The first page of a fresh checkout waits for the client bundle build.
  await watched.page.waitForSelector('html[data-hydrated="true"]', { timeout: 90_000 }).catch(async (e) => {
    throw new Error(
      `DEBUG ${watched.page.url()} ${JSON.stringify(watched.errors)} ${(await watched.page.content()).slice(0, 1500)} ${e}`,
    );
  });
  await watched.page.getByRole('dialog').waitFor();
  return watched;
}

/** A login started as a browser starts it: the nonce the provider would sign and the nonce cookie. */
async function startedLogin(base: string, returnParam = 'state') {
  const response = await fetch(`${base}/api/auth/login?${returnParam}=${encodeURIComponent(pagePath)}`, {
    redirect: 'manual',
  });
  const nonce = new URL(response.headers.get('location') ?? '').searchParams.get('nonce') ?? '';
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { nonce, cookie };
}

/** An ID token signed with the provider's own key (or `key`), claims as the provider sets them unless overridden. */
async function idToken(claims: JWTPayload, key = oidc.signingKey) {
  return new SignJWT({
    iss: oidc.issuer,
    aud: CLIENT_ID,
    sub: 'mallory',
    api_key: 'key-of-mallory',
    exp: Math.floor(Date.now() / 1000) + 300,
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: oidc.signingKey.kid ?? '' })
    .sign(await importJWK(key, 'RS256'));
}

describe('the docs login against a loopback OpenID Connect provider', () => {
  it('logs in through the provider, fills the Bearer token with the injected key, and logs out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const { page, errors } = await openExplorer(context);
    expect(await page.getByLabel('Bearer token').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Login to send a real request' }).click();
    await page.waitForURL((url) => url.origin === oidc.issuer);
    await page.locator('input[name="login"]').fill('reader-7');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === pagePath, { timeout: 30_000 });
    await page.getByRole('dialog').waitFor();
    await page.getByText('Logged in').waitFor();
    expect(await page.getByLabel('Bearer token').inputValue()).toBe('key-of-reader-7');
    expect(new URL(page.url()).searchParams.get('explorer')).toBe('getPet');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'docs-login-logged-in.png') });

    // Host-only (no Domain: the docs host alone), HttpOnly, on the auth paths only.
    const sessions = (await context.cookies()).filter((cookie) => cookie.name === 'sextant_login');
    expect(sessions).toEqual([
      expect.objectContaining({
        domain: '127.0.0.1',
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'Lax',
        secure: false,
      }),
    ]);
    expect(await page.evaluate(() => document.cookie)).not.toContain('sextant_login');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login to send a real request' }).waitFor();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('sextant_login');
    const config = await page.evaluate(() => fetch('/api/auth/api-key-injection').then((r) => r.json()));
    expect(config).toEqual({
      enabled: true,
      authenticated: false,
      authorizationUrl: '/api/auth/login',
      returnToQueryParam: 'state',
    });
    // The docs site's pages log nothing; the provider's own pages (its fonts, its favicon) are not ours.
    expect(errors.filter((error) => !/ @ https?:\/\//.test(error) || error.includes(` @ ${origin}`))).toEqual(
      [],
    );
    await context.close();
  });

  it('refuses a forged, foreign, expired or replayed token and says why on the page', async () => {
    const strangerKey = await exportJWK((await generateKeyPair('RS256', { extractable: true })).privateKey);
    const cases: [string, (nonce: string) => Promise<string>, string][] = [
      [
        'forged',
        (nonce) => idToken({ nonce }, strangerKey),
        "The login token's signature does not match the site's signing keys",
      ],
      [
        'another issuer',
        (nonce) => idToken({ nonce, iss: 'http://evil.example' }),
        'issued by another identity provider',
      ],
      [
        'another audience',
        (nonce) => idToken({ nonce, aud: 'another-app' }),
        'issued for another application',
      ],
      [
        'expired',
        (nonce) => idToken({ nonce, exp: Math.floor(Date.now() / 1000) - 600 }),
        'The login token has expired',
      ],
      ['replayed', () => idToken({ nonce: 'the-nonce-of-another-login' }), 'its nonce does not match'],
    ];
    for (const [name, token, message] of cases) {
      const context = await browser.newContext();
      const { nonce, cookie } = await startedLogin(origin);
      const [cookieName, cookieValue] = cookie.split('=') as [string, string];
      await context.addCookies([{ name: cookieName, value: cookieValue, url: `${origin}/api/auth/` }]);
      const { page } = await openExplorer(
        context,
        `${origin}/api/auth/callback#id_token=${await token(nonce)}&state=${encodeURIComponent(`${pagePath}?explorer=getPet`)}`,
      );
      const alert = page.getByRole('alert').filter({ hasText: message });
      await alert.waitFor();
      expect(await page.getByLabel('Bearer token').inputValue(), name).toBe('');
      expect(
        (await context.cookies(origin)).map((c) => c.name),
        name,
      ).not.toContain('sextant_login');
      if (name === 'forged') await page.screenshot({ path: join(SCREENSHOT_DIR, 'docs-login-refused.png') });
      await context.close();
    }
  });

  it('never returns a reader to another host', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(
      `${origin}/api/auth/login?state=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(response?.status()).toBe(400);
    expect(new URL(page.url()).origin).toBe(origin);
    expect(await response?.json()).toEqual({
      error: 'LoginReturnAddressError',
      content: {
        message: 'Login refused: the return address "https://evil.example/" is not a page of this docs site.',
      },
    });
    const { nonce, cookie } = await startedLogin(origin);
    const back = await fetch(
      `${origin}/api/auth/callback?id_token=${await idToken({ nonce })}&state=${encodeURIComponent('//evil.example/x')}`,
      { headers: { cookie }, redirect: 'manual' },
    );
    const location = new URL(back.headers.get('location') ?? '', origin);
    expect(location.origin).toBe(origin);
    expect(location.searchParams.get('error')).toBe('invalid_return_url');
    expect(back.headers.get('set-cookie')).not.toMatch(/sextant_login=ey/);
    await context.close();
  });
});

describe('the docs login verified with an HMAC secret from the server environment', () => {
  const hmacToken = (nonce: string, secret: string) =>
    new SignJWT({ nonce, key: 'acme-hmac-key' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));

  it('logs in with a token of the shared secret and refuses one of another secret', async () => {
    const good = await startedLogin(hmacOrigin, 'return_to');
    const back = await fetch(
      `${hmacOrigin}/api/auth/callback?token=${await hmacToken(good.nonce, HMAC_SECRET)}&return_to=${encodeURIComponent(pagePath)}`,
      { headers: { cookie: good.cookie }, redirect: 'manual' },
    );
    expect(back.headers.get('location')).toBe(pagePath);
    const session = (back.headers.get('set-cookie') ?? '').match(/sextant_login=[^;]+/)?.[0] ?? '';
    const config = await fetch(`${hmacOrigin}/api/auth/api-key-injection`, { headers: { cookie: session } });
    expect(await config.json()).toMatchObject({ authenticated: true, access_token: 'acme-hmac-key' });

    const bad = await startedLogin(hmacOrigin, 'return_to');
    const refused = await fetch(
      `${hmacOrigin}/api/auth/callback?token=${await hmacToken(bad.nonce, 'a-guessed-secret')}&return_to=${encodeURIComponent(pagePath)}`,
      { headers: { cookie: bad.cookie }, redirect: 'manual' },
    );
    const location = new URL(refused.headers.get('location') ?? '', hmacOrigin);
    expect(location.searchParams.get('error_description')).toBe(
      "The login token's signature does not match the site's HMAC secret: it was not issued by the site's login.",
    );
  });
});
