/**
 * Identity: users, organizations and their tokens. A token secret is random, shown once and
 * stored as a SHA-256 hash; bearer auth looks the hash up and refuses revoked tokens. Write
 * calls check that the token's user is a member of the organization that owns the target.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/index.js';
import { fail } from './errors.js';

/** The authenticated caller. */
export interface Caller {
  userId: string;
  tokenId: string;
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
    .select(['id', 'user_id', 'revoked_at'])
    .where('secret_hash', '=', hashSecret(match[1]))
    .executeTakeFirst();
  if (!row) fail('UnauthorizedError', 'Unknown token');
  if (row.revoked_at) fail('UnauthorizedError', 'This token was revoked');
  return { userId: row.user_id, tokenId: row.id };
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

/** Fails unless the caller is a member of `orgId` (UnauthorizedError without a token). */
export async function requireMember(
  db: Kysely<Database>,
  caller: Caller | undefined,
  orgId: string,
): Promise<Caller> {
  const who = requireCaller(caller);
  const row = await db
    .selectFrom('memberships')
    .select('org_id')
    .where('user_id', '=', who.userId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) fail('UserNotInOrgError', `The token's user is not a member of organization "${orgId}"`);
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

/**
 * Creates an organization and a user that is its member, with a first token, in one
 * transaction (local bootstrap, administration, tests).
 */
export async function createOrganization(
  db: Kysely<Database>,
  orgId: string,
  userId: string = `${orgId}-admin`,
): Promise<{ orgId: string; userId: string; tokenId: string; token: string }> {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('organizations').values({ id: orgId }).execute();
    await trx
      .insertInto('users')
      .values({ id: userId })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx.insertInto('memberships').values({ user_id: userId, org_id: orgId }).execute();
    const created = await createToken(trx, userId, 'admin');
    return { orgId, userId, ...created };
  });
}

/** Adds an existing user to an organization. */
export async function addMember(db: Kysely<Database>, userId: string, orgId: string): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ user_id: userId, org_id: orgId })
    .onConflict((oc) => oc.columns(['user_id', 'org_id']).doNothing())
    .execute();
}
