/**
 * Identity: users, organizations and their tokens. A token secret is random, shown once and
 * stored as a SHA-256 hash; bearer auth looks the hash up and refuses revoked tokens. A token is
 * scoped: an org token acts only in its one organization (whatever else its user belongs to), an
 * operator token acts as the platform operator. Write calls check that the token's organization
 * is the one that owns the target and that its user is still a member (or admin) of it; operator
 * tokens alone change global state. No call returns a credential of an existing user: adding one
 * to an organization is an invitation that user accepts with their own token.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { OrgRole } from '@sextant/registry-client';
import type { Kysely } from 'kysely';
import { sessionRequestProblem, sessionToken } from '../dashboard/index.js';
import type { Database } from '../storage/index.js';
import { CALLER_COLUMNS, type Caller, callerOfTokenRow } from './caller.js';
import { fail } from './errors.js';

export type { Caller } from './caller.js';

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
    .select(CALLER_COLUMNS)
    .where('tokens.secret_hash', '=', hashSecret(match[1]))
    .executeTakeFirst();
  if (!row) fail('UnauthorizedError', 'Unknown token');
  if (row.revoked_at) fail('UnauthorizedError', 'This token was revoked');
  return callerOfTokenRow(row);
}

/**
 * The caller of a request: the bearer token when sent, else the dashboard session `sessionId`
 * (same origin and the session's CSRF header required: CsrfCheckFailedError), else undefined.
 * The session id is the one `app.consoleHost.sessionIdOf` reads: undefined on any host but the
 * console host, so there a session cookie is ignored and only a bearer token authenticates.
 */
export async function authenticateRequest(
  db: Kysely<Database>,
  request: { headers: IncomingHttpHeaders; method: string },
  sessionId: string | undefined,
): Promise<Caller | undefined> {
  const { headers } = request;
  if (headers.authorization !== undefined && headers.authorization !== '')
    return authenticate(db, headers.authorization);
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

/**
 * The organizations the caller's token acts in: its one organization while its user is a member
 * of it, else none (an operator token acts in none as a member).
 */
export async function orgsOf(db: Kysely<Database>, caller: Caller): Promise<string[]> {
  if (caller.orgId === null) return [];
  const row = await db
    .selectFrom('memberships')
    .select('org_id')
    .where('user_id', '=', caller.userId)
    .where('org_id', '=', caller.orgId)
    .executeTakeFirst();
  return row ? [row.org_id] : [];
}

/** The role of the caller's user in `orgId`, whichever organization the token acts in; UserNotInOrgError when none. */
async function membershipRole(db: Kysely<Database>, who: Caller, orgId: string): Promise<OrgRole> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('user_id', '=', who.userId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) fail('UserNotInOrgError', `The token's user is not a member of organization "${orgId}"`);
  return row.role;
}

/** The caller's role in `orgId`, or UserNotInOrgError (UnauthorizedError without a token). */
export async function roleIn(
  db: Kysely<Database>,
  caller: Caller | undefined,
  orgId: string,
): Promise<{ who: Caller; role: OrgRole }> {
  const who = requireCaller(caller);
  if (who.orgId !== orgId)
    fail(
      'UserNotInOrgError',
      who.orgId === null
        ? `An operator token does not act as a member of organization "${orgId}"`
        : `This token acts in organization "${who.orgId}" only, not "${orgId}": use a token of "${orgId}"`,
    );
  return { who, role: await membershipRole(db, who, orgId) };
}

/**
 * Fails unless the caller's user belongs to `orgId`, whichever organization the token acts in:
 * for the receiving side of a transfer, where the user's membership is the organization's consent.
 */
export async function requireUserInOrg(
  db: Kysely<Database>,
  caller: Caller | undefined,
  orgId: string,
): Promise<Caller> {
  const who = requireCaller(caller);
  await membershipRole(db, who, orgId);
  return who;
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
  const [own] = await orgsOf(db, caller);
  if (!own) fail('OrgIdRequiredError', 'orgId is required: this token acts in no organization');
  return own;
}

/** Fails unless the caller is a platform operator. */
export function requireOperator(caller: Caller | undefined, what: string): Caller {
  const who = requireCaller(caller);
  if (!who.isOperator)
    fail('OperatorRoleRequiredError', `Only a platform operator may ${what}; use an operator token`);
  return who;
}

/** What a new token acts as: in one organization, as the operator, or (the local admin) both. */
export type TokenScope = { orgId: string; operator?: boolean } | { orgId: null; operator: true };

/** Creates a token for a user; returns the secret (never stored) and the token id. */
export async function createToken(
  db: Kysely<Database>,
  userId: string,
  scope: TokenScope,
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
      org_id: scope.orgId,
      operator: scope.operator === true,
    })
    .execute();
  return { tokenId, token };
}

/** Revokes every live token of `userId` that acts in `orgId` (the member left the organization). */
export async function revokeOrgTokens(db: Kysely<Database>, userId: string, orgId: string): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('org_id', '=', orgId)
    .where('revoked_at', 'is', null)
    .execute();
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
 * What adding a member did: a new user was created with a first token (returned once), an
 * existing member's role was set, or an existing user was invited (no credential is returned:
 * the user accepts with their own token).
 */
export type AddedMember =
  | ({ status: 'created' } & MemberToken)
  | { status: 'updated' | 'invited'; orgId: string; userId: string; role: OrgRole };

/**
 * Creates an organization and its first admin, a new user, with a first token (acting in this
 * organization only; `operatorToken` also as operator: the local admin), in one transaction.
 * OrganizationExistsError when the id is taken, UserExistsError when the user exists.
 */
export async function createOrganization(
  db: Kysely<Database>,
  orgId: string,
  userId: string = `${orgId}-admin`,
  operatorToken = false,
): Promise<MemberToken> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('organizations')
      .values({ id: orgId })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) fail('OrganizationExistsError', `Organization "${orgId}" exists already; pick another id`);
    if (!(await insertUser(trx, userId)))
      fail(
        'UserExistsError',
        `User "${userId}" exists already: create the organization with a new admin user id, then invite "${userId}" with organizations/members/add`,
      );
    await trx.insertInto('memberships').values({ user_id: userId, org_id: orgId, role: 'admin' }).execute();
    const created = await createToken(trx, userId, { orgId, operator: operatorToken }, `admin of ${orgId}`);
    return { orgId, userId, role: 'admin' as const, ...created };
  });
}

/** Inserts a user; true when new, false when the id exists. */
async function insertUser(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .insertInto('users')
    .values({ id: userId })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds a member: a new user is created with `role` and a first token (returned once); an existing
 * member gets `role`; any other existing user is invited with `role` and joins when they accept.
 * A credential of an existing user is never made here, so an admin of one organization cannot
 * obtain one for a user of another organization, or for the operator.
 */
export async function addMember(
  db: Kysely<Database>,
  userId: string,
  orgId: string,
  role: OrgRole,
  invitedBy: string,
): Promise<AddedMember> {
  return db.transaction().execute(async (trx) => {
    if (await insertUser(trx, userId)) {
      await trx.insertInto('memberships').values({ user_id: userId, org_id: orgId, role }).execute();
      const created = await createToken(trx, userId, { orgId }, `${role} of ${orgId}`);
      return { status: 'created' as const, orgId, userId, role, ...created };
    }
    const updated = await trx
      .updateTable('memberships')
      .set({ role })
      .where('user_id', '=', userId)
      .where('org_id', '=', orgId)
      .returning('user_id')
      .executeTakeFirst();
    if (updated) return { status: 'updated' as const, orgId, userId, role };
    await trx
      .insertInto('org_invitations')
      .values({ org_id: orgId, user_id: userId, role, invited_by: invitedBy })
      .onConflict((oc) => oc.columns(['org_id', 'user_id']).doUpdateSet({ role, invited_by: invitedBy }))
      .execute();
    return { status: 'invited' as const, orgId, userId, role };
  });
}

/**
 * The caller accepts their invitation to `orgId` (with any token of their own): they become a
 * member with the invited role and get a first token of that organization, returned once.
 * InvitationNotFoundError when there is none.
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  caller: Caller,
  orgId: string,
): Promise<MemberToken> {
  return db.transaction().execute(async (trx) => {
    const invitation = await trx
      .deleteFrom('org_invitations')
      .where('org_id', '=', orgId)
      .where('user_id', '=', caller.userId)
      .returning('role')
      .executeTakeFirst();
    if (!invitation)
      fail(
        'InvitationNotFoundError',
        `User "${caller.userId}" has no invitation to organization "${orgId}": ask one of its admins`,
      );
    const { role } = invitation;
    await trx
      .insertInto('memberships')
      .values({ user_id: caller.userId, org_id: orgId, role })
      .onConflict((oc) => oc.columns(['user_id', 'org_id']).doUpdateSet({ role }))
      .execute();
    const created = await createToken(trx, caller.userId, { orgId }, `${role} of ${orgId}`);
    return { orgId, userId: caller.userId, role, ...created };
  });
}

/** The caller's pending invitations, oldest first. */
export async function invitationsOf(
  db: Kysely<Database>,
  caller: Caller,
): Promise<{ orgId: string; role: OrgRole; invitedBy: string; createdAt: string }[]> {
  const rows = await db
    .selectFrom('org_invitations')
    .select(['org_id', 'role', 'invited_by', 'created_at'])
    .where('user_id', '=', caller.userId)
    .orderBy('created_at')
    .orderBy('org_id')
    .execute();
  return rows.map((row) => ({
    orgId: row.org_id,
    role: row.role,
    invitedBy: row.invited_by,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * Removes a user from an organization: the membership, a pending invitation and every token of
 * theirs that acts in it (their dashboard sessions on those tokens end with them).
 */
export async function removeMember(db: Kysely<Database>, userId: string, orgId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('memberships').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('org_invitations')
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .execute();
    await revokeOrgTokens(trx, userId, orgId);
  });
}

/**
 * Creates a platform operator (user `operator` unless named) when missing and a new operator
 * token for it (it acts in no organization as a member).
 */
export async function createOperatorToken(
  db: Kysely<Database>,
  userId = 'operator',
): Promise<{ userId: string; tokenId: string; token: string }> {
  await db
    .insertInto('users')
    .values({ id: userId, is_operator: true })
    .onConflict((oc) => oc.column('id').doUpdateSet({ is_operator: true }))
    .execute();
  return { userId, ...(await createToken(db, userId, { orgId: null, operator: true }, 'platform operator')) };
}
