/**
 * Identity, as an attacker holding organization A's admin and member tokens would try it (issue
 * #24): fast-check draws sequences of registry calls — the identity calls with every victim id
 * (B's admin and member, the operator, users of A, a user of an earlier run's B) plus any token
 * call of the contract with its identity fields pointed at B or the operator — and sends each with
 * a credential the attacker holds, including every token a previous answer handed out. Each run
 * gets two fresh organizations. After every sequence, on PGlite and PostgreSQL:
 * - every credential the attacker holds (and a dashboard session opened on it) acts in A only,
 *   never as the operator;
 * - B's members, roles and invitations, the operators and the organizations are unchanged;
 * - B's and the operator's tokens still work.
 */
import { type RouteName, type RouteSpec, routes } from '@sextant/registry-client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openSession, sessionToken } from '../dashboard/session.js';
import { authenticate } from './identity.js';
import { type Json, type Schema, sample } from './testing/json-schema-sample.js';
import {
  createdMember,
  openTestDatabase,
  startRegistryServer,
  TEST_DATABASES,
  type TestServer,
} from './testing/servers.js';

const TOKEN_PATTERN = /sxt_[A-Za-z0-9_-]{20,}/g;

/** Token calls with a JSON body and no path parameters: the contract's own shapes. */
const BODY_ROUTES = (Object.entries(routes) as [RouteName, RouteSpec][])
  .filter(([, spec]) => spec.auth === 'token' && spec.body && !spec.params && !spec.path.includes('{'))
  .map(([name, spec]) => ({
    name,
    spec,
    keys: Object.keys((z.toJSONSchema(spec.body as z.ZodType, { io: 'input' }) as Schema).properties ?? {}),
    base: sample(z.toJSONSchema(spec.body as z.ZodType, { io: 'input' }) as Schema) as Record<string, Json>,
  }));

/** Who a call names, resolved against the run's organizations when sent. */
const ORGS = ['A', 'B', 'missing'] as const;
const USERS = ['A-admin', 'A-member', 'B-admin', 'B-member', 'operator', 'earlier-B-admin', 'new'] as const;
type OrgSymbol = (typeof ORGS)[number];
type UserSymbol = (typeof USERS)[number];

/** One call of the attacker: which credential (index into the held ones), which route, what body. */
interface Move {
  credential: number;
  route: RouteName;
  org: OrgSymbol;
  user: UserSymbol;
  /** Index into the victims' token ids. */
  victimToken: number;
  role: 'admin' | 'member';
}

/** A run's organizations and users. */
interface Run {
  a: string;
  b: string;
  names: Record<UserSymbol, string>;
  victimTokenIds: string[];
}

const IDENTITY_ROUTES: RouteName[] = [
  'addOrganizationMember',
  'removeOrganizationMember',
  'generateToken',
  'revokeToken',
  'acceptOrganizationInvitation',
  'listOrganizationInvitations',
  'createOrganization',
];

const move: fc.Arbitrary<Move> = fc.record({
  // A's admin token most often, else any credential held (its member's, or one handed out).
  credential: fc.oneof(
    { arbitrary: fc.constant(0), weight: 2 },
    { arbitrary: fc.nat({ max: 50 }), weight: 1 },
  ),
  route: fc.oneof(
    { arbitrary: fc.constantFrom(...IDENTITY_ROUTES), weight: 3 },
    { arbitrary: fc.constantFrom(...BODY_ROUTES.map((entry) => entry.name)), weight: 2 },
  ),
  // The attacker's own organization most often: it acts where its role is.
  org: fc.oneof(
    { arbitrary: fc.constant<OrgSymbol>('A'), weight: 3 },
    { arbitrary: fc.constant<OrgSymbol>('B'), weight: 2 },
    { arbitrary: fc.constant<OrgSymbol>('missing'), weight: 1 },
  ),
  user: fc.constantFrom(...USERS),
  victimToken: fc.nat({ max: 20 }),
  role: fc.constantFrom('admin' as const, 'member' as const),
});

/** The request body of a move: the route's minimal body with its identity fields filled in. */
function bodyOf(next: Move, run: Run): Record<string, Json> {
  const orgId = next.org === 'A' ? run.a : next.org === 'B' ? run.b : `${run.a}-missing`;
  const userId = next.user === 'new' ? `${run.a}-newcomer-${next.victimToken}` : run.names[next.user];
  const tokenId = run.victimTokenIds[next.victimToken % run.victimTokenIds.length] ?? 'none';
  const fields: Record<string, Json> = {
    orgId,
    targetOrgId: orgId,
    userId,
    adminUserId: userId,
    tokenId,
    role: next.role,
  };
  const entry = BODY_ROUTES.find((candidate) => candidate.name === next.route);
  const body: Record<string, Json> = { ...(entry?.base ?? {}) };
  for (const key of entry?.keys ?? []) if (key in fields) body[key] = fields[key] ?? null;
  if (next.route === 'createOrganization') body.orgId = `${run.a}-new`;
  return body;
}

async function send(
  baseUrl: string,
  token: string,
  route: RouteName,
  body: Record<string, Json>,
): Promise<{ status: number; text: string }> {
  const spec = (routes as Record<string, RouteSpec>)[route];
  if (!spec) throw new Error(`no route ${route}`);
  const response = await fetch(`${baseUrl}${spec.path}`, {
    method: spec.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** What B and the platform look like: must not change whatever A calls. */
async function snapshot(server: TestServer, b: string) {
  const { db } = await server.app.registry.database();
  const members = await db
    .selectFrom('memberships')
    .select(['user_id', 'role'])
    .where('org_id', '=', b)
    .orderBy('user_id')
    .execute();
  const invitations = await db
    .selectFrom('org_invitations')
    .select(['user_id', 'role'])
    .where('org_id', '=', b)
    .orderBy('user_id')
    .execute();
  const operators = await db.selectFrom('users').select('id').where('is_operator', '=', true).execute();
  const organizations = await db.selectFrom('organizations').select('id').orderBy('id').execute();
  return { members, invitations, operators, organizations };
}

describe.each(TEST_DATABASES)('identity under attack on $name', (database) => {
  let server: TestServer | undefined;
  let operatorToken = '';
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const opened = await openTestDatabase(database);
    if ('skipped' in opened) {
      if (process.env.CI) throw new Error(`PostgreSQL is required in CI: ${opened.skipped}`);
      return;
    }
    drop = opened.drop;
    server = await startRegistryServer({
      mode: 'hosted',
      ...(opened.databaseUrl ? { databaseUrl: opened.databaseUrl } : {}),
    });
    operatorToken = server.token;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await drop();
  });

  it('never gives A a credential, session or role that acts in B or as the operator', async () => {
    if (!server) return;
    const registry = server.app.registry;
    const { db } = await registry.database();
    const baseUrl = server.baseUrl;
    let runs = 0;
    let calls = 0;
    let handedOut = 0;
    let earlierBAdmin = 'operator';
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 8 }), async (sequence) => {
        runs++;
        const a = `a${runs}`;
        const b = `b${runs}`;
        const aAdmin = await registry.createOrganization(a);
        const bAdmin = await registry.createOrganization(b);
        const aMember = createdMember(await registry.addMember(`${a}-ann`, a));
        const bMember = createdMember(await registry.addMember(`${b}-bob`, b));
        const run: Run = {
          a,
          b,
          names: {
            'A-admin': aAdmin.userId,
            'A-member': aMember.userId,
            'B-admin': bAdmin.userId,
            'B-member': bMember.userId,
            operator: 'operator',
            'earlier-B-admin': earlierBAdmin,
            new: '',
          },
          victimTokenIds: (
            await db
              .selectFrom('tokens')
              .select('id')
              .where('user_id', 'in', ['operator', bAdmin.userId, bMember.userId, earlierBAdmin])
              .execute()
          ).map((row) => row.id),
        };
        earlierBAdmin = bAdmin.userId;
        const before = await snapshot(server as TestServer, b);
        const held = [aAdmin.token, aMember.token];
        for (const next of sequence) {
          const token = held[next.credential % held.length] as string;
          const body = bodyOf(next, run);
          const answer = await send(baseUrl, token, next.route, body);
          calls++;
          expect(answer.status, `${next.route} ${JSON.stringify(body)}: ${answer.text}`).toBeLessThan(500);
          for (const found of answer.text.match(TOKEN_PATTERN) ?? [])
            if (!held.includes(found)) {
              held.push(found);
              handedOut++;
            }
        }
        for (const token of held) {
          const caller = await authenticate(db, `Bearer ${token}`).catch(() => undefined);
          if (!caller) continue;
          expect(caller.isOperator, `token of ${caller.userId}`).toBe(false);
          expect(caller.orgId, `token of ${caller.userId}`).toBe(a);
          const session = await sessionToken(db, await openSession(db, caller.tokenId));
          expect(session).toEqual(caller);
        }
        expect(await snapshot(server as TestServer, b)).toEqual(before);
        for (const token of [operatorToken, bAdmin.token, bMember.token])
          expect(await authenticate(db, `Bearer ${token}`)).toBeDefined();
      }),
      { numRuns: 60 },
    );
    // The property was exercised: calls went out, and A's admin handed out new users' tokens.
    expect(calls).toBeGreaterThan(100);
    expect(handedOut).toBeGreaterThan(0);
    console.log(
      `identity property on ${database.name}: ${runs} runs, ${calls} calls, ${handedOut} tokens handed to A`,
    );
  });
});
