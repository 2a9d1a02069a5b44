/**
 * Identity: users, organizations and their tokens. A token secret is random, shown once and
 * stored as a SHA-256 hash; bearer auth looks the hash up and refuses revoked tokens. Write
 * calls check that the token's user is a member (or admin) of the organization that owns the
 * target; platform operators (`users.is_operator`) alone change global state.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { OrgRole } from '@sextant/registry-client';
import type { Kysely } from 'kysely';
import { sessionIdOf, sessionRequestProblem, sessionToken } from '../dashboard/session.js';
import type { Database } from '../storage/index.js';
import { fail } from './errors.js';

/** The authenticated caller. */
export interface Caller {
  userId: string;
  tokenId: string;
  /** A platform operator: creates organizations, publishes CLI releases, manages every site. */
  isOperator: boolean;
}

const TOKEN_PREFIX = 'sxt_';

/** SHA-256 of a token secret, hex. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Reads `Authorization: Bearer …`; undefined when absent, UnauthorizedError when unknown or revoked. */
export async function authenticate(
  db: Kysely<Database>,
  header: string | undefined,
): Promise<Caller | undefined> {
  if (header === undefined || header === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) fail('UnauthorizedError', 'The Authorization header must be "Bearer <token>"');
  const row = await db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.id', 'tokens.user_id', 'tokens.revoked_at', 'users.is_operator'])
    .where('tokens.secret_hash', '=', hashSecret(match[1]))
    .executeTakeFirst();
  if (!row) fail('UnauthorizedError', 'Unknown token');
  if (row.revoked_at) fail('UnauthorizedError', 'This token was revoked');
  return { userId: row.user_id, tokenId: row.id, isOperator: row.is_operator };
}

/**
 * The caller of a request: the bearer token when sent, else the dashboard session in the cookie
 * (same origin and the session's CSRF header required: CsrfCheckFailedError), else undefined.
 */
export async function authenticateRequest(
  db: Kysely<Database>,
  request: { headers: IncomingHttpHeaders; method: string },
): Promise<Caller | undefined> {
  const { headers } = request;
  if (headers.authorization !== undefined && headers.authorization !== '')
    return authenticate(db, headers.authorization);
  const sessionId = sessionIdOf(headers);
  if (sessionId === undefined) return undefined;
  const problem = sessionRequestProblem(headers, request.method, sessionId);
  if (problem) fail('CsrfCheckFailedError', problem);
  const session = await sessionToken(db, sessionId);
  if (!session)
    fail(
      'UnauthorizedError',
      'The dashboard session ended (signed out, expired, or its token was revoked): sign in again',
    );
  return session;
}

/** The caller, or UnauthorizedError. */
export function requireCaller(caller: Caller | undefined): Caller {
  if (!caller) fail('UnauthorizedError', 'This call needs a bearer token');
  return caller;
}

/** Fails with OrgIdNotFound when the organization does not exist. */
export async function requireOrg(db: Kysely<Database>, orgId: string): Promise<void> {
  const org = await db.selectFrom('organizations').select('id').where('id', '=', orgId).executeTakeFirst();
  if (!org) fail('OrgIdNotFound', `No organization has id "${orgId}"`);
}

/** The caller's organization ids. */
export async function orgsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('memberships').select('org_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.org_id);
}

/** The caller's role in `orgId`, or UserNotInOrgError (UnauthorizedError without a token). */
async function roleIn(
  db: Kysely<Database>,
  caller: Caller | undefined,
  orgId: string,
): Promise<{ who: Caller; role: OrgRole }> {
  const who = requireCaller(caller);
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('user_id', '=', who.userId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) fail('UserNotInOrgError', `The token's user is not a member of organization "${orgId}"`);
  return { who, role: row.role };
}

/** Fails unless the caller is a member of `orgId` (UnauthorizedError without a token). */
export async function requireMember(
  db: Kysely<Database>,
  caller: Caller | undefined,
  orgId: string,
): Promise<Caller> {
  return (await roleIn(db, caller, orgId)).who;
}

/** Fails unless the caller is an admin of `orgId` (operators pass: they administer the platform). */
export async function requireAdmin(
  db: Kysely<Database>,
  caller: Caller | undefined,
  orgId: string,
): Promise<Caller> {
  if (requireCaller(caller).isOperator) return requireCaller(caller);
  const { who, role } = await roleIn(db, caller, orgId);
  if (role !== 'admin')
    fail(
      'OrgAdminRoleRequiredError',
      `Only an admin of organization "${orgId}" may do this; ask one of them`,
    );
  return who;
}

/**
 * Fails unless the caller may change a resource owned by `orgId`: a member of it, or, for a
 * resource with no owner (made before organizations owned it), a platform operator.
 */
export async function requireOwner(
  db: Kysely<Database>,
  caller: Caller | undefined,
  orgId: string | null,
  what: string,
): Promise<Caller> {
  if (orgId === null) return requireOperator(caller, `change ${what}, which belongs to no organization`);
  return requireMember(db, caller, orgId);
}

/** The organization a new resource goes to: the one named, else the caller's only one (OrgIdRequiredError). */
export async function targetOrg(
  db: Kysely<Database>,
  caller: Caller,
  orgId: string | undefined,
): Promise<string> {
  if (orgId) {
    await requireOrg(db, orgId);
    await requireMember(db, caller, orgId);
    return orgId;
  }
  const orgs = await orgsOf(db, caller.userId);
  if (orgs.length !== 1 || !orgs[0])
    fail('OrgIdRequiredError', `orgId is required: the caller belongs to ${orgs.length} organizations`);
  return orgs[0];
}

/** Fails unless the caller is a platform operator. */
export function requireOperator(caller: Caller | undefined, what: string): Caller {
  const who = requireCaller(caller);
  if (!who.isOperator)
    fail('OperatorRoleRequiredError', `Only a platform operator may ${what}; use an operator token`);
  return who;
}

/** Creates a token for a user; returns the secret (never stored) and the token id. */
export async function createToken(
  db: Kysely<Database>,
  userId: string,
  description?: string,
): Promise<{ tokenId: string; token: string }> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const tokenId = randomUUID();
  await db
    .insertInto('tokens')
    .values({
      id: tokenId,
      user_id: userId,
      secret_hash: hashSecret(token),
      description: description ?? null,
    })
    .execute();
  return { tokenId, token };
}

/** A user's new token in an organization. */
export interface MemberToken {
  orgId: string;
  userId: string;
  role: OrgRole;
  tokenId: string;
  token: string;
}

/**
 * Creates an organization and its first admin (a user, created when new) with a first token, in
 * one transaction; OrganizationExistsError when the id is taken.
 */
export async function createOrganization(
  db: Kysely<Database>,
  orgId: string,
  userId: string = `${orgId}-admin`,
): Promise<MemberToken> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('organizations')
      .values({ id: orgId })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) fail('OrganizationExistsError', `Organization "${orgId}" exists already; pick another id`);
    return addMember(trx, userId, orgId, 'admin');
  });
}

/** Adds a user (created when new) to an organization with `role`, or sets the role; returns a new token. */
export async function addMember(
  db: Kysely<Database>,
  userId: string,
  orgId: string,
  role: OrgRole = 'member',
): Promise<MemberToken> {
  await db
    .insertInto('users')
    .values({ id: userId })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('memberships')
    .values({ user_id: userId, org_id: orgId, role })
    .onConflict((oc) => oc.columns(['user_id', 'org_id']).doUpdateSet({ role }))
    .execute();
  const created = await createToken(db, userId, `${role} of ${orgId}`);
  return { orgId, userId, role, ...created };
}

/** Creates a platform operator (user `operator` unless named) when missing and a new token for it. */
export async function createOperatorToken(
  db: Kysely<Database>,
  userId = 'operator',
): Promise<{ userId: string; tokenId: string; token: string }> {
  await db
    .insertInto('users')
    .values({ id: userId, is_operator: true })
    .onConflict((oc) => oc.column('id').doUpdateSet({ is_operator: true }))
    .execute();
  return { userId, ...(await createToken(db, userId, 'platform operator')) };
}
