/**
 * A docs site's own login (docs.yml `login`, HMAC mode here; the JWKS mode against a real OpenID
 * Connect provider is e2e/docs-login.e2e.ts) through the real server and docs host: the config
 * route, the start of a login (nonce cookie, redirect to the provider), the callback (the JWT
 * from the query or relayed from the fragment), logout, and every refusal: a token with another
 * secret, another nonce, no login cookie, a return address off the site, no credential.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFixtureProject } from '@sextant/docs-project/testing';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';

const SECRET_ENV = 'SEXTANT_LOGIN_SITE_TEST';
const SECRET = 'the-shared-secret-of-the-site-login-test';
const host = { host: 'docs.test' };

let app: FastifyInstance;
let plain: FastifyInstance;

beforeAll(async () => {
  process.env[SECRET_ENV] = SECRET;
  const dir = await writeFixtureProject();
  const docsYml = await readFile(join(dir, 'docs.yml'), 'utf8');
  await writeFile(
    join(dir, 'docs.yml'),
    `${docsYml}login:\n  authorizationUrl: https://login.acme.test/start?client=docs\n  returnToQueryParam: return_to\n  credentialParam: token\n  apiKeyClaim: acme.api_key\n  hmacSecretEnv: ${SECRET_ENV}\n`,
  );
  const options = { mode: 'local', parts: { registry: false, proxy: false, wsProxy: false } } as const;
  app = await buildServer({ ...options, trustProxy: true, docs: { projectDir: dir } });
  plain = await buildServer({ ...options, docs: { projectDir: await writeFixtureProject() } });
}, 60_000);
afterAll(async () => {
  delete process.env[SECRET_ENV];
  await app?.close();
  await plain?.close();
});

const token = (nonce: string, secret = SECRET) =>
  new SignJWT({ nonce, acme: { api_key: 'acme-live-key' } })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(secret));
const cookiesOf = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat();
const cookieHeader = (setCookie: string | string[] | undefined) =>
  cookiesOf(setCookie)
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair?.endsWith('='))
    .join('; ');
const config = async (cookie = '') =>
  (await app.inject({ url: '/api/auth/api-key-injection', headers: { ...host, cookie } })).json();

/** Starts a login from `page`; the nonce the provider is asked to sign and the browser's cookie. */
async function start(page = '/api/pets?x=1') {
  const response = await app.inject({
    url: `/api/auth/login?return_to=${encodeURIComponent(page)}`,
    headers: host,
  });
  expect(response.statusCode).toBe(302);
  const target = new URL(String(response.headers.location));
  return {
    target,
    nonce: target.searchParams.get('nonce') ?? '',
    cookie: cookieHeader(response.headers['set-cookie']),
    response,
  };
}
const errorOf = (location: unknown) => {
  const url = new URL(String(location), 'http://docs.test');
  return {
    path: url.pathname,
    error: url.searchParams.get('error'),
    description: url.searchParams.get('error_description'),
  };
};

describe('a docs site with a login in docs.yml', () => {
  it('offers the login, logs in with the returned JWT and logs out', async () => {
    expect(await config()).toEqual({
      enabled: true,
      authenticated: false,
      authorizationUrl: '/api/auth/login',
      returnToQueryParam: 'return_to',
    });
    const { target, nonce, cookie, response } = await start();
    expect(`${target.origin}${target.pathname}`).toBe('https://login.acme.test/start');
    expect(target.searchParams.get('client')).toBe('docs');
    expect(target.searchParams.get('redirect_uri')).toBe('http://docs.test/api/auth/callback');
    expect(target.searchParams.get('return_to')).toBe('/api/pets?x=1');
    expect(nonce).toMatch(/^[\w-]{20,}$/);
    expect(cookiesOf(response.headers['set-cookie'])[0]).toMatch(
      /^sextant_login_nonce=[\w-]+; Path=\/api\/auth; HttpOnly; SameSite=Lax; Max-Age=600$/,
    );

    const back = await app.inject({
      url: `/api/auth/callback?token=${await token(nonce)}&return_to=%2Fapi%2Fpets%3Fx%3D1`,
      headers: { ...host, cookie },
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/api/pets?x=1');
    const session = cookieHeader(back.headers['set-cookie']);
    expect(session).toMatch(/^sextant_login=ey/);
    expect(await config(session)).toMatchObject({
      enabled: true,
      authenticated: true,
      access_token: 'acme-live-key',
    });

    const out = await app.inject({
      url: '/api/auth/logout?redirect=%2Fapi',
      headers: { ...host, cookie: session },
    });
    expect(out.headers.location).toBe('/api');
    expect(cookiesOf(out.headers['set-cookie'])[0]).toMatch(/^sextant_login=; Path=\/api\/auth;.*Max-Age=0/);
  });

  it('marks its cookies Secure behind https', async () => {
    const response = await app.inject({
      url: '/api/auth/login?return_to=%2F',
      headers: { ...host, 'x-forwarded-proto': 'https' },
    });
    expect(new URL(String(response.headers.location)).searchParams.get('redirect_uri')).toBe(
      'https://docs.test/api/auth/callback',
    );
    expect(cookiesOf(response.headers['set-cookie'])[0]).toMatch(/; Secure$/);
  });

  it('refuses a token of another secret, of another login, or without the login cookie', async () => {
    const { nonce, cookie } = await start();
    const attempts = [
      [await token(nonce, 'guessed-secret'), cookie, /does not match the site's HMAC secret/],
      [await token('someone-elses-nonce'), cookie, /nonce does not match/],
      [await token(nonce), '', /not started from this browser/],
      ['garbage', cookie, /not a valid JWT/],
    ] as const;
    for (const [credential, browserCookie, message] of attempts) {
      const back = await app.inject({
        url: `/api/auth/callback?token=${credential}&return_to=%2Fapi`,
        headers: { ...host, cookie: browserCookie },
      });
      expect(errorOf(back.headers.location)).toEqual({
        path: '/api',
        error: 'login_failed',
        description: expect.stringMatching(message),
      });
      expect(cookieHeader(back.headers['set-cookie'])).not.toMatch(/sextant_login=/);
    }
  });

  it('never sends a reader off the site', async () => {
    for (const foreign of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)']) {
      const refused = await app.inject({
        url: `/api/auth/login?return_to=${encodeURIComponent(foreign)}`,
        headers: host,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: 'LoginReturnAddressError',
        content: {
          message: expect.stringMatching(
            /^Login refused: the return address .* is not a page of this docs site\.$/,
          ),
        },
      });
      const { nonce, cookie } = await start();
      const back = await app.inject({
        url: `/api/auth/callback?token=${await token(nonce)}&return_to=${encodeURIComponent(foreign)}`,
        headers: { ...host, cookie },
      });
      expect(errorOf(back.headers.location)).toMatchObject({ path: '/', error: 'invalid_return_url' });
      expect(cookieHeader(back.headers['set-cookie'])).toBe('');
    }
    const logout = await app.inject({
      url: '/api/auth/logout?redirect=https%3A%2F%2Fevil.test',
      headers: host,
    });
    expect(logout.headers.location).toBe('/');
  });

  it('relays a credential returned in the fragment, and says when none came', async () => {
    const relay = await app.inject({ url: '/api/auth/callback', headers: host });
    expect(relay.headers['content-type']).toContain('text/html');
    expect(relay.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'sha256-/);
    expect(relay.headers['referrer-policy']).toBe('no-referrer');
    expect(relay.body).toContain('location.hash');
    const none = await app.inject({ url: '/api/auth/callback?relayed=1&return_to=%2Fapi', headers: host });
    expect(errorOf(none.headers.location)).toEqual({
      path: '/api',
      error: 'invalid_request',
      description: 'The login came back without a credential (no token parameter).',
    });
    const denied = await app.inject({
      url: '/api/auth/callback?error=access_denied&error_description=No+thanks&return_to=%2Fapi',
      headers: host,
    });
    expect(errorOf(denied.headers.location)).toEqual({
      path: '/api',
      error: 'access_denied',
      description: 'No thanks',
    });
  });
});

describe('a docs site without a login', () => {
  it('answers enabled: false and has no login route', async () => {
    const response = await plain.inject({ url: '/api/auth/api-key-injection', headers: host });
    expect(response.json()).toEqual({ enabled: false });
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await plain.inject({ url: '/api/auth/login', headers: host })).statusCode).toBe(404);
  });
});
