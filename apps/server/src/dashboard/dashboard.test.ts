/**
 * The dashboard API on a real server (PGlite, hosted mode, two organizations): sign-in, the
 * session and its CSRF token, sign-out, expiry; the reads are scoped to the caller's organization
 * (a member sees their own tokens, an admin every member's; another organization gets
 * UserNotInOrgError), page, and refuse hostile queries with a 400; the same-origin rule.
 */
import { createRegistryClient } from '@sextant/registry-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdMember, startRegistryServer, type TestServer } from '../registry/testing/servers.js';
import { csrfTokenOf, SESSION_COOKIE, sessionIdOf, sessionRequestProblem } from './session.js';

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
  server = await startRegistryServer({ mode: 'hosted' });
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
    expect(sessionIdOf({ cookie: `x=1; ${SESSION_COOKIE}=${id}` })).toBe(id);
    expect(sessionIdOf({ cookie: `${SESSION_COOKIE}=bad value;` })).toBeUndefined();
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
});

describe('dashboard API', () => {
  it('signs in, answers the session with its CSRF token, signs out', async () => {
    const origin = { origin: server.baseUrl };
    const wrong = await call('POST', `${API}/session`, origin, { token: 'sxt_nope' });
    expect(wrong.status).toBe(401);
    expect(String((wrong.json.content as string) ?? '')).toMatch(/not valid/);
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
