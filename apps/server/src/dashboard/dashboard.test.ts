/**
 * The dashboard API on a real server (PGlite, hosted mode, two organizations, console host
 * 127.0.0.1): sign-in, the session and its CSRF token, sign-out, expiry; the reads are scoped to
 * the caller's organization (a member sees their own tokens, an admin every member's; another
 * organization gets UserNotInOrgError), page, and refuse hostile queries with a 400; the
 * same-origin rule. The session cookie: `__Host-`, Secure, SameSite=Strict, Path=/ over https
 * (a TLS socket, or X-Forwarded-Proto from a proxy trusted by --trust-proxy, never a client's
 * own), the plain name over http; over https a plain-named cookie is not read. The console host:
 * on a docs host the dashboard answers 404 and a session cookie is ignored, bearer tokens work on
 * every host, no docs site is served on the console host; hosted mode without a console host
 * has no dashboard and reads no cookie.
 */
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { createdMember, startRegistryServer, type TestServer } from '../registry/testing/servers.js';
import {
  csrfTokenOf,
  SESSION_COOKIE,
  SESSION_COOKIE_SECURE,
  sessionCookie,
  sessionIdOf,
  sessionRequestProblem,
} from './session.js';

let server: TestServer;
let acme: { token: string; orgId: string };
let other: { token: string; orgId: string };
let member: { token: string; tokenId: string };

const API = '/_sextant/dashboard/api';

async function call(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown>; setCookie: string | null }> {
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    json: (await response.json()) as Record<string, unknown>,
    setCookie: response.headers.get('set-cookie'),
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  server = await startRegistryServer({ mode: 'hosted', consoleHost: '127.0.0.1' });
  const a = await server.app.registry.createOrganization('acme');
  const b = await server.app.registry.createOrganization('other');
  acme = { token: a.token, orgId: a.orgId };
  other = { token: b.token, orgId: b.orgId };
  const m = createdMember(await server.app.registry.addMember('mia', 'acme'));
  member = { token: m.token, tokenId: m.tokenId };
  const client = createRegistryClient({ baseUrl: server.baseUrl, token: acme.token, maxRetries: 0 });
  for (let i = 0; i < 3; i++) await client.generateToken({ body: { orgId: 'acme', description: `t${i}` } });
});

afterAll(async () => {
  await server?.close();
});

describe('session rules', () => {
  it('reads the cookie, derives the CSRF token from the session and checks the origin', () => {
    const id = 'a'.repeat(43);
    expect(sessionIdOf({ cookie: `x=1; ${SESSION_COOKIE}=${id}` }, false)).toBe(id);
    expect(sessionIdOf({ cookie: `${SESSION_COOKIE}=bad value;` }, false)).toBeUndefined();
    expect(csrfTokenOf(id)).not.toBe(csrfTokenOf('b'.repeat(43)));
    const good = { host: 'h.test', origin: 'http://h.test', 'x-sextant-csrf': csrfTokenOf(id) };
    expect(sessionRequestProblem(good, 'POST', id)).toBeUndefined();
    expect(sessionRequestProblem({ ...good, origin: 'http://evil.test' }, 'POST', id)).toMatch(/origin/);
    expect(sessionRequestProblem({ ...good, origin: 'not a url' }, 'POST', id)).toMatch(/origin/);
    expect(sessionRequestProblem({ ...good, 'sec-fetch-site': 'same-site' }, 'POST', id)).toMatch(/origin/);
    expect(
      sessionRequestProblem({ ...good, 'x-sextant-csrf': csrfTokenOf('c'.repeat(43)) }, 'POST', id),
    ).toMatch(/does not match/);
    expect(sessionRequestProblem({ host: 'h.test', 'x-sextant-csrf': csrfTokenOf(id) }, 'POST', id)).toMatch(
      /Origin or Sec-Fetch-Site/,
    );
    // A safe read needs no Origin; it still needs the CSRF header.
    expect(
      sessionRequestProblem({ host: 'h.test', 'x-sextant-csrf': csrfTokenOf(id) }, 'GET', id),
    ).toBeUndefined();
    expect(sessionRequestProblem({ host: 'h.test' }, 'GET', id)).toMatch(/no x-sextant-csrf/);
  });

  it('names the cookie by scheme: __Host- and Secure over https, and reads only that name', () => {
    const id = 'b'.repeat(43);
    expect(sessionCookie(id, 43200, true)).toBe(
      `__Host-sx_dashboard=${id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure`,
    );
    expect(sessionCookie(id, 43200, false)).toBe(
      `sx_dashboard=${id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200`,
    );
    expect(sessionIdOf({ cookie: `${SESSION_COOKIE_SECURE}=${id}` }, true)).toBe(id);
    // Over https a plain-named cookie (a sibling host could have planted it domain-wide) is not read.
    expect(sessionIdOf({ cookie: `${SESSION_COOKIE}=${id}` }, true)).toBeUndefined();
    expect(sessionIdOf({ cookie: `${SESSION_COOKIE_SECURE}=${id}` }, false)).toBeUndefined();
    // The first cookie of the name counts (a browser sends the most specific one first).
    expect(
      sessionIdOf(
        { cookie: `${SESSION_COOKIE_SECURE}=${id}; ${SESSION_COOKIE_SECURE}=${'c'.repeat(43)}` },
        true,
      ),
    ).toBe(id);
  });
});

describe('dashboard API', () => {
  it('signs in, answers the session with its CSRF token, signs out', async () => {
    const origin = { origin: server.baseUrl };
    const wrong = await call('POST', `${API}/session`, origin, { token: 'sxt_nope' });
    expect(wrong.status).toBe(401);
    expect((wrong.json.content as { message: string }).message).toMatch(/not valid/);
    const empty = await call('POST', `${API}/session`, origin, { token: '' });
    expect([empty.status, empty.json.error]).toEqual([400, 'BadRequestError']);
    const signed = await call('POST', `${API}/session`, origin, { token: acme.token });
    expect(signed.status).toBe(200);
    expect(signed.setCookie).toMatch(
      /^sx_dashboard=[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
    expect(signed.json).toMatchObject({
      userId: 'acme-admin',
      orgs: [{ orgId: 'acme', role: 'admin' }],
      mode: 'hosted',
    });
    const cookie = (signed.setCookie ?? '').split(';')[0] ?? '';
    const again = await call('GET', `${API}/session`, { cookie });
    expect(again.json.csrfToken).toBe(signed.json.csrfToken);
    const csrf = String(signed.json.csrfToken);
    // Sign-out needs the CSRF header like any state change.
    expect((await call('DELETE', `${API}/session`, { cookie, ...origin })).status).toBe(403);
    const out = await call('DELETE', `${API}/session`, { cookie, ...origin, 'x-sextant-csrf': csrf });
    expect(out.status).toBe(200);
    expect(out.setCookie).toMatch(/Max-Age=0/);
    expect((await call('GET', `${API}/session`, { cookie })).status).toBe(401);
  });

  it('a session past its expiry is over', async () => {
    const signed = await call('POST', `${API}/session`, { origin: server.baseUrl }, { token: acme.token });
    const cookie = (signed.setCookie ?? '').split(';')[0] ?? '';
    const { db } = await server.app.registry.database();
    await db
      .withTables<{ dashboard_sessions: { expires_at: Date } }>()
      .updateTable('dashboard_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await call('GET', `${API}/session`, { cookie })).status).toBe(401);
  });

  it("lists tokens: a member their own, an admin every member's, another organization none", async () => {
    const mine = await call('GET', `${API}/tokens?orgId=acme`, bearer(member.token));
    expect((mine.json.tokens as { userId: string }[]).map((t) => t.userId)).toEqual(['mia']);
    expect((mine.json.tokens as { current: boolean }[])[0]?.current).toBe(true);
    const all = await call('GET', `${API}/tokens?orgId=acme&pageSize=2`, bearer(acme.token));
    expect(all.json.hasMore).toBe(true);
    expect(all.json.tokens).toHaveLength(2);
    const users = new Set<string>();
    for (let page = 1; page < 10; page++) {
      const answer = await call(
        'GET',
        `${API}/tokens?orgId=acme&pageSize=2&page=${page}`,
        bearer(acme.token),
      );
      for (const t of answer.json.tokens as { userId: string }[]) users.add(t.userId);
      if (!answer.json.hasMore) break;
    }
    expect([...users].sort()).toEqual(['acme-admin', 'mia']);
    const foreign = await call('GET', `${API}/tokens?orgId=acme`, bearer(other.token));
    expect([foreign.status, foreign.json.error]).toEqual([403, 'UserNotInOrgError']);
    for (const path of [
      '/apis?orgId=acme',
      '/apis/versions?orgId=acme&apiId=x',
      '/snippet-templates?orgId=acme',
    ]) {
      const answer = await call('GET', API + path, bearer(other.token));
      expect([path, answer.status]).toEqual([path, 403]);
    }
    expect((await call('GET', `${API}/tokens?orgId=acme`, {})).status).toBe(401);
  });

  it('refuses hostile queries with a 400, never a 500', async () => {
    for (const query of ['pageSize=1000000', 'page=-1', 'page=abc', 'orgId=', 'orgId=acme&extra=1']) {
      const answer = await call(
        'GET',
        `${API}/tokens?${query.startsWith('orgId') ? '' : 'orgId=acme&'}${query}`,
        bearer(acme.token),
      );
      expect([query, answer.status, answer.json.error]).toEqual([query, 400, 'BadRequestError']);
    }
    const huge = await call(
      'POST',
      `${API}/session`,
      { origin: server.baseUrl },
      { token: 'x'.repeat(20_000) },
    );
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });

  it('serves unknown or escaping asset names as 404, with the CSP', async () => {
    const missing = await fetch(`${server.baseUrl}/_sextant/dashboard/assets/../../../package.json`);
    expect(missing.status).toBe(404);
    const asset = await fetch(`${server.baseUrl}/_sextant/dashboard/assets/nope.js`);
    expect(asset.status).toBe(404);
    expect(asset.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('the session cookie over https', () => {
  let proxied: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    // Behind a TLS-terminating proxy on loopback, trusted with --trust-proxy loopback.
    proxied = await buildServer({
      mode: 'hosted',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
      consoleHost: 'console.sextant.test',
      trustProxy: 'loopback',
    });
    await proxied.registry.ready();
    token = (await proxied.registry.createOrganization('tls')).token;
  }, 60_000);
  afterAll(async () => {
    await proxied?.close();
  });

  const signIn = (headers: Record<string, string>) =>
    proxied.inject({
      method: 'POST',
      url: `${API}/session`,
      headers: { host: 'console.sextant.test', origin: 'https://console.sextant.test', ...headers },
      payload: { token },
    });

  it('is __Host-, Secure, SameSite=Strict and Path=/ when the trusted proxy says https', async () => {
    const signed = await signIn({ 'x-forwarded-proto': 'https' });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['set-cookie']).toMatch(
      /^__Host-sx_dashboard=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure$/,
    );
    const cookie = String(signed.headers['set-cookie']).split(';')[0] ?? '';
    const csrf = (signed.json() as { csrfToken: string }).csrfToken;
    const https = { host: 'console.sextant.test', 'x-forwarded-proto': 'https', cookie };
    const session = await proxied.inject({ url: `${API}/session`, headers: https });
    expect([session.statusCode, (session.json() as { csrfToken: string }).csrfToken]).toEqual([200, csrf]);
    // The same cookie over plain http is another name: not read.
    const plain = await proxied.inject({
      url: `${API}/session`,
      headers: { ...https, 'x-forwarded-proto': 'http' },
    });
    expect(plain.statusCode).toBe(401);
    const out = await proxied.inject({
      method: 'DELETE',
      url: `${API}/session`,
      headers: { ...https, origin: 'https://console.sextant.test', 'x-sextant-csrf': csrf },
    });
    expect(out.headers['set-cookie']).toMatch(
      /^__Host-sx_dashboard=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0; Secure$/,
    );
  });

  it('is the plain name without Secure over http', async () => {
    const signed = await signIn({});
    expect(signed.headers['set-cookie']).toMatch(
      /^sx_dashboard=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
  });

  it("never believes a client's own X-Forwarded-Proto", async () => {
    const untrusting = await buildServer({
      mode: 'hosted',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
      consoleHost: 'console.sextant.test',
    });
    try {
      await untrusting.registry.ready();
      const { token: own } = await untrusting.registry.createOrganization('plain');
      const signed = await untrusting.inject({
        method: 'POST',
        url: `${API}/session`,
        headers: {
          host: 'console.sextant.test',
          origin: 'http://console.sextant.test',
          'x-forwarded-proto': 'https',
        },
        payload: { token: own },
      });
      expect(signed.headers['set-cookie']).toMatch(
        /^sx_dashboard=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/,
      );
    } finally {
      await untrusting.close();
    }
  });
});

describe('the console host', () => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await buildServer({
      mode: 'hosted',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
      consoleHost: 'console.sextant.test',
      registry: { allowDomains: ['docs.acme.test'] },
    });
    await app.registry.ready();
    admin = (await app.registry.createOrganization('acme')).token;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  /** Signs in on the console host; the cookie and CSRF token of the session. */
  async function consoleSession(): Promise<{ cookie: string; csrf: string }> {
    const signed = await app.inject({
      method: 'POST',
      url: `${API}/session`,
      headers: { host: 'console.sextant.test', origin: 'http://console.sextant.test' },
      payload: { token: admin },
    });
    expect(signed.statusCode).toBe(200);
    return {
      cookie: String(signed.headers['set-cookie']).split(';')[0] ?? '',
      csrf: (signed.json() as { csrfToken: string }).csrfToken,
    };
  }

  it('serves the dashboard on the console host (any port, any case) and 404 on every other host', async () => {
    for (const host of ['console.sextant.test', 'console.sextant.test:8443', 'CONSOLE.sextant.test'])
      expect([host, (await app.inject({ url: `${API}/session`, headers: { host } })).statusCode]).toEqual([
        host,
        401,
      ]);
    for (const host of [
      'docs.acme.test',
      'docs.acme.test:8080',
      'console.sextant.test.',
      'evil.console.sextant.test',
      '127.0.0.1',
    ]) {
      for (const url of ['/_sextant/dashboard', `${API}/session`, '/_sextant/dashboard/assets/x.js'])
        expect([host, url, (await app.inject({ url, headers: { host } })).statusCode]).toEqual([
          host,
          url,
          404,
        ]);
      const signIn = await app.inject({
        method: 'POST',
        url: `${API}/session`,
        headers: { host, origin: `http://${host}` },
        payload: { token: admin },
      });
      expect([host, signIn.statusCode, signIn.headers['set-cookie']]).toEqual([host, 404, undefined]);
    }
  });

  it('a session cookie counts on the console host only: a docs host ignores it, bearer tokens work on any host', async () => {
    const { cookie, csrf } = await consoleSession();
    const call = (host: string, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/dashboard/get-docs-sites-for-org',
        headers: { host, origin: `http://${host}`, 'x-sextant-csrf': csrf, ...headers },
        payload: { orgId: 'acme' },
      });
    expect((await call('console.sextant.test', { cookie })).statusCode).toBe(200);
    for (const host of ['docs.acme.test', 'docs.acme.test:8080', 'console.sextant.test.']) {
      const ignored = await call(host, { cookie });
      expect([host, ignored.statusCode, (ignored.json() as { error: string }).error]).toEqual([
        host,
        401,
        'UnauthorizedError',
      ]);
      const bearer = await call(host, { authorization: `Bearer ${admin}` });
      expect([host, bearer.statusCode]).toEqual([host, 200]);
    }
  });

  it('serves no docs site on the console host, on any port', async () => {
    for (const host of ['console.sextant.test', 'console.sextant.test:8080', 'console.sextant.test.'])
      expect([host, (await app.inject({ url: '/', headers: { host } })).statusCode]).toEqual([host, 404]);
  });

  it('refuses a console host that tenants may be served on', async () => {
    await expect(
      buildServer({
        mode: 'hosted',
        parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
        consoleHost: 'docs.acme.test',
        registry: { allowDomains: ['docs.acme.test:8080'] },
      }),
    ).rejects.toThrow(/also approved as a docs host/);
    await expect(
      buildServer({
        mode: 'hosted',
        consoleHost: 'x.preview.localhost',
        parts: { registry: false, proxy: false, wsProxy: false, docsHost: false },
      }),
    ).rejects.toThrow(/preview domain/);
    await expect(
      buildServer({
        mode: 'hosted',
        consoleHost: 'https://console.test/',
        parts: { registry: false, proxy: false, wsProxy: false, docsHost: false },
      }),
    ).rejects.toThrow(/not a host name/);
  });

  it('without a console host, hosted mode has no dashboard and reads no session cookie', async () => {
    const lines: string[] = [];
    const headless = await buildServer({
      mode: 'hosted',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
      logger: { write: (line) => void lines.push(line) },
    });
    try {
      await headless.registry.ready();
      const { token: own } = await headless.registry.createOrganization('solo');
      for (const host of ['127.0.0.1', 'localhost', 'console.sextant.test']) {
        expect((await headless.inject({ url: '/_sextant/dashboard', headers: { host } })).statusCode).toBe(
          404,
        );
        const signIn = await headless.inject({
          method: 'POST',
          url: `${API}/session`,
          headers: { host, origin: `http://${host}` },
          payload: { token: own },
        });
        expect(signIn.statusCode).toBe(404);
      }
      expect(lines.some((line) => line.includes('console off: no --console-host'))).toBe(true);
    } finally {
      await headless.close();
    }
  });
});
