/**
 * The dashboard's reads the registry contract has no call for: an organization's tokens (a
 * member sees their own, an admin every member's), its API definitions with their version
 * counts, one API's versions (newest first) and its snippet templates. Each pages with
 * `page`/`pageSize` and answers `hasMore`; the caller must be a member of the organization.
 */
import type { ApiRow, TemplateRow, TokenRow, VersionRow } from '@sextant/dashboard';
import type { Kysely } from 'kysely';
import { iso } from '../registry/context.js';
import { type Caller, requireAdmin, requireMember } from '../registry/identity.js';
import type { Database } from '../storage/index.js';

interface Page {
  orgId: string;
  page: number;
  pageSize: number;
}

/** Rows `limit + 1` asked for → the page and whether more follow. */
function paged<T>(rows: T[], pageSize: number): { rows: T[]; hasMore: boolean } {
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

const offset = (p: Page) => (p.page - 1) * p.pageSize;

async function isAdmin(db: Kysely<Database>, caller: Caller, orgId: string): Promise<boolean> {
  try {
    await requireAdmin(db, caller, orgId);
    return true;
  } catch {
    return false;
  }
}

/** Tokens acting in the organization: the caller's (an admin: every member's), newest first. */
export async function listTokens(
  db: Kysely<Database>,
  caller: Caller,
  p: Page,
): Promise<{ tokens: TokenRow[]; hasMore: boolean }> {
  await requireMember(db, caller, p.orgId);
  const admin = await isAdmin(db, caller, p.orgId);
  let query = db
    .selectFrom('tokens')
    .select(['id', 'user_id', 'description', 'created_at', 'revoked_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(p.pageSize + 1)
    .offset(offset(p));
  // Tokens acting in this organization: an admin sees every member's, a member their own.
  query = query.where('org_id', '=', p.orgId);
  if (!admin) query = query.where('user_id', '=', caller.userId);
  const { rows, hasMore } = paged(await query.execute(), p.pageSize);
  return {
    tokens: rows.map((row) => ({
      tokenId: row.id,
      userId: row.user_id,
      description: row.description,
      createdAt: iso(row.created_at),
      revokedAt: row.revoked_at ? iso(row.revoked_at) : null,
      current: row.id === caller.tokenId,
    })),
    hasMore,
  };
}

/** The organization's APIs (by api id) with their number of versions and newest version. */
export async function listApis(
  db: Kysely<Database>,
  caller: Caller,
  p: Page,
): Promise<{ apis: ApiRow[]; hasMore: boolean }> {
  await requireMember(db, caller, p.orgId);
  const grouped = await db
    .selectFrom('api_definitions')
    .select((eb) => [
      'api_id',
      eb.fn.countAll<number>().as('versions'),
      eb.fn.max('created_at').as('latest_at'),
    ])
    .where('org_id', '=', p.orgId)
    .groupBy('api_id')
    .orderBy('api_id')
    .limit(p.pageSize + 1)
    .offset(offset(p))
    .execute();
  const { rows, hasMore } = paged(grouped, p.pageSize);
  const ids = rows.map((row) => row.api_id);
  const latest =
    ids.length === 0
      ? []
      : await db
          .selectFrom('api_definitions')
          .select(['api_id', 'id'])
          .distinctOn('api_id')
          .where('org_id', '=', p.orgId)
          .where('api_id', 'in', ids)
          .orderBy('api_id')
          .orderBy('seq', 'desc')
          .execute();
  const latestId = new Map(latest.map((row) => [row.api_id, row.id]));
  return {
    apis: rows.map((row) => ({
      apiId: row.api_id,
      versions: Number(row.versions),
      latestId: latestId.get(row.api_id) ?? '',
      latestAt: iso(row.latest_at),
    })),
    hasMore,
  };
}

/** The versions of one API, newest first. */
export async function listVersions(
  db: Kysely<Database>,
  caller: Caller,
  p: Page & { apiId: string },
): Promise<{ versions: VersionRow[]; hasMore: boolean }> {
  await requireMember(db, caller, p.orgId);
  const found = await db
    .selectFrom('api_definitions')
    .select(['id', 'created_at', 'size_bytes', 'sha256'])
    .where('org_id', '=', p.orgId)
    .where('api_id', '=', p.apiId)
    .orderBy('seq', 'desc')
    .limit(p.pageSize + 1)
    .offset(offset(p))
    .execute();
  const { rows, hasMore } = paged(found, p.pageSize);
  return {
    versions: rows.map((row) => ({
      apiDefinitionId: row.id,
      createdAt: iso(row.created_at),
      sizeBytes: Number(row.size_bytes),
      sha256: row.sha256,
    })),
    hasMore,
  };
}

/** The organization's snippet templates, newest first. */
export async function listTemplates(
  db: Kysely<Database>,
  caller: Caller,
  p: Page,
): Promise<{ templates: TemplateRow[]; hasMore: boolean }> {
  await requireMember(db, caller, p.orgId);
  const found = await db
    .selectFrom('snippet_templates')
    .select(['api_id', 'method', 'path', 'sdk_type', 'sdk_package', 'sdk_version', 'created_at'])
    .where('org_id', '=', p.orgId)
    .orderBy('created_at', 'desc')
    .orderBy('api_id')
    .orderBy('path')
    .orderBy('method')
    .limit(p.pageSize + 1)
    .offset(offset(p))
    .execute();
  const { rows, hasMore } = paged(found, p.pageSize);
  return {
    templates: rows.map((row) => ({
      apiId: row.api_id,
      method: row.method,
      path: row.path,
      sdkType: row.sdk_type,
      sdkPackage: row.sdk_package,
      sdkVersion: row.sdk_version,
      createdAt: iso(row.created_at),
    })),
    hasMore,
  };
}
