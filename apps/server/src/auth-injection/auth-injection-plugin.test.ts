/**
 * The API-key injection routes through `app.inject()`: the demo login round trip (consent,
 * callback, session cookie, config with the token, logout), denial and bad codes coming back as
 * `error` / `error_description`, no open redirects, the disabled answer, and a real OAuth
 * provider's token endpoint over a socket.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { authInjectionPart, authInjectionPlugin, configuredAuthInjection } from './auth-injection-plugin.js';
import type { AuthInjectionOptions } from './options.js';
import { safeReturnPath } from './sessions.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function build(authInjection?: AuthInjectionOptions) {
  const app = Fastify();
  await app.register(authInjectionPlugin, { authInjection });
  apps.push(app);
  return app;
}

const host = { host: 'docs.test' };

function cookieOf(setCookie: string | string[] | undefined): string {
  const value = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return (value ?? '').split(';')[0] ?? '';
}

describe('api-key injection with the demo provider', () => {
  it('logs a reader in and out through the consent page and the callback', async () => {
    const app = await build({ provider: { type: 'demo' } });
    const first = await app.inject({ url: '/api/auth/api-key-injection', headers: host });
    expect(first.headers['cache-control']).toBe('no-store');
    const config = first.json();
    expect(config).toMatchObject({ enabled: true, authenticated: false, returnToQueryParam: 'state' });
    expect(config).not.toHaveProperty('access_token');
    const authorize = new URL(config.authorizationUrl, 'http://docs.test');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://docs.test/api/auth/callback');
    authorize.searchParams.set('state', '/api/pets?explorer=getPet');

    const consent = await app.inject({ url: `${authorize.pathname}${authorize.search}`, headers: host });
    expect(consent.headers['content-type']).toContain('text/html');
    expect(consent.body).toContain('Sign in as Demo Reader');
    const allow = await app.inject({
      url: `${authorize.pathname}${authorize.search}&decision=allow`,
      headers: host,
    });
    expect(allow.statusCode).toBe(302);
    const callback = new URL(String(allow.headers.location));
    expect(callback.pathname).toBe('/api/auth/callback');
    expect(callback.searchParams.get('state')).toBe('/api/pets?explorer=getPet');

    const back = await app.inject({ url: `${callback.pathname}${callback.search}`, headers: host });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/api/pets?explorer=getPet');
    expect(String(back.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    const cookie = cookieOf(back.headers['set-cookie']);

    const loggedIn = (
      await app.inject({ url: '/api/auth/api-key-injection', headers: { ...host, cookie } })
    ).json();
    expect(loggedIn).toMatchObject({ enabled: true, authenticated: true });
    expect(loggedIn.access_token).toMatch(/^demo_/);

    const replay = await app.inject({ url: `${callback.pathname}${callback.search}`, headers: host });
    expect(new URL(String(replay.headers.location), 'http://x').searchParams.get('error')).toBe(
      'login_failed',
    );

    const logout = await app.inject({
      url: '/api/auth/logout?redirect=%2Fapi%2Fpets',
      headers: { ...host, cookie },
    });
    expect(logout.headers.location).toBe('/api/pets');
    expect(String(logout.headers['set-cookie'])).toContain('Max-Age=0');
    const after = (
      await app.inject({ url: '/api/auth/api-key-injection', headers: { ...host, cookie } })
    ).json();
    expect(after).toMatchObject({ authenticated: false });
  });

  it('sends a denial back to the page as error and error_description', async () => {
    const app = await build({ provider: { type: 'demo' } });
    const redirectUri = encodeURIComponent('http://docs.test/api/auth/callback');
    const deny = await app.inject({
      url: `/demo-idp/authorize?redirect_uri=${redirectUri}&state=%2Fdocs&decision=deny`,
      headers: host,
    });
    const callback = new URL(String(deny.headers.location));
    const back = await app.inject({ url: `${callback.pathname}${callback.search}`, headers: host });
    const target = new URL(String(back.headers.location), 'http://x');
    expect(target.pathname).toBe('/docs');
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('error_description')).toBe(
      'You declined to sign in to the demo identity provider.',
    );
  });

  it('refuses foreign redirect URIs and never redirects off-site', async () => {
    const app = await build({ provider: { type: 'demo' } });
    const evil = await app.inject({
      url: `/demo-idp/authorize?redirect_uri=${encodeURIComponent('https://evil.example/api/auth/callback')}`,
      headers: host,
    });
    expect(evil.statusCode).toBe(400);
    const callback = await app.inject({
      url: '/api/auth/callback?error=x&state=https%3A%2F%2Fevil.example',
      headers: host,
    });
    expect(callback.headers.location).toBe('/?error=x');
    const logout = await app.inject({ url: '/api/auth/logout?redirect=%2F%2Fevil.example', headers: host });
    expect(logout.headers.location).toBe('/');
    expect(safeReturnPath('/\\evil')).toBe('/');
    expect(safeReturnPath('/ok?a=1#h')).toBe('/ok?a=1#h');
    const missing = await app.inject({ url: '/api/auth/callback?state=%2Fp', headers: host });
    expect(new URL(String(missing.headers.location), 'http://x').searchParams.get('error')).toBe(
      'invalid_request',
    );
  });

  it('honours a custom return parameter name', async () => {
    const app = await build({ provider: { type: 'demo' }, returnToQueryParam: 'return_to' });
    expect(
      (await app.inject({ url: '/api/auth/api-key-injection', headers: host })).json().returnToQueryParam,
    ).toBe('return_to');
    const back = await app.inject({ url: '/api/auth/callback?error=e&return_to=%2Fhere', headers: host });
    expect(back.headers.location).toBe('/here?error=e');
  });
});

describe('api-key injection without a provider', () => {
  it('answers enabled: false', async () => {
    const app = await build(undefined);
    expect((await app.inject({ url: '/api/auth/api-key-injection' })).json()).toEqual({ enabled: false });
  });
});

describe('api-key injection with a real OAuth provider', () => {
  it('exchanges the code at the token endpoint, and reports its refusal', async () => {
    const seen: string[] = [];
    const idp = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push(body);
        const params = new URLSearchParams(body);
        res.setHeader('content-type', 'application/json');
        if (params.get('code') === 'good') res.end(JSON.stringify({ access_token: 'real-token' }));
        else
          res
            .writeHead(400)
            .end(JSON.stringify({ error: 'invalid_grant', error_description: 'Code expired' }));
      });
    });
    await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
    const port = (idp.address() as AddressInfo).port;
    try {
      const app = await build({
        provider: {
          type: 'oauth',
          authorizationEndpoint: 'https://idp.example/authorize',
          tokenEndpoint: `http://127.0.0.1:${port}/token`,
          clientId: 'docs',
          clientSecret: 's3cret',
          scope: 'api',
        },
      });
      const config = (await app.inject({ url: '/api/auth/api-key-injection', headers: host })).json();
      expect(config.authorizationUrl).toBe(
        'https://idp.example/authorize?client_id=docs&redirect_uri=http%3A%2F%2Fdocs.test%2Fapi%2Fauth%2Fcallback&response_type=code&scope=api',
      );
      const ok = await app.inject({ url: '/api/auth/callback?code=good&state=%2Fp', headers: host });
      expect(ok.headers.location).toBe('/p');
      expect(new URLSearchParams(seen[0]).get('client_secret')).toBe('s3cret');
      const cookie = cookieOf(ok.headers['set-cookie']);
      expect(
        (await app.inject({ url: '/api/auth/api-key-injection', headers: { ...host, cookie } })).json()
          .access_token,
      ).toBe('real-token');
      const bad = await app.inject({ url: '/api/auth/callback?code=old&state=%2Fp', headers: host });
      expect(new URL(String(bad.headers.location), 'http://x').searchParams.get('error_description')).toBe(
        'Code expired',
      );
    } finally {
      await new Promise<void>((r) => idp.close(() => r()));
    }
  });
});

describe('which identity provider a server part uses', () => {
  it('offers no login in local mode unless a provider is configured or the demo login is asked for', async () => {
    expect(configuredAuthInjection({ mode: 'local' }, {})).toBeUndefined();
    expect(configuredAuthInjection({ mode: 'hosted' }, { SEXTANT_DEMO_LOGIN: '1' })).toBeUndefined();
    expect(configuredAuthInjection({ mode: 'local' }, { SEXTANT_DEMO_LOGIN: '1' })).toEqual({
      provider: { type: 'demo' },
    });
    expect(
      configuredAuthInjection({ mode: 'local', authInjection: false }, { SEXTANT_DEMO_LOGIN: '1' }),
    ).toBe(undefined);
    const oauth: AuthInjectionOptions = {
      provider: {
        type: 'oauth',
        authorizationEndpoint: 'https://idp/a',
        tokenEndpoint: 'https://idp/t',
        clientId: 'c',
      },
    };
    expect(configuredAuthInjection({ mode: 'hosted', authInjection: oauth }, {})).toBe(oauth);
  });
  it('answers enabled: false in local mode with no provider, so the playground hides Login', async () => {
    const previous = process.env.SEXTANT_DEMO_LOGIN;
    delete process.env.SEXTANT_DEMO_LOGIN;
    try {
      const app = Fastify();
      await app.register(authInjectionPart, { mode: 'local' });
      apps.push(app);
      const response = await app.inject({ url: '/api/auth/api-key-injection', headers: host });
      expect(response.json()).toEqual({ enabled: false });
      expect((await app.inject({ url: '/demo-idp/authorize', headers: host })).statusCode).toBe(404);
    } finally {
      if (previous !== undefined) process.env.SEXTANT_DEMO_LOGIN = previous;
    }
  });
});
