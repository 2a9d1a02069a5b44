/**
 * The dashboard's reads the registry contract has no call for: an organization's tokens (a
 * member sees their own, an admin every member's), its API definitions with their titles and
 * version counts, one API's versions (newest first, named by their spec version) and its
 * snippet templates. Each pages with
 * `page`/`pageSize` and answers `hasMore`; the caller must be a member of the organization.
 */
import type { ApiRow, TemplateRow, TokenRow, VersionRow } from '@sextant/registry-client';
import type { Kysely } from 'kysely';
import { type Caller, iso, namesOf, requireAdmin, requireMember, unpackJson } from '../registry/index.js';
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

/**
 * The title and spec version of stored definitions, by id; rows stored before they were kept
 * (migration 014) are read once and filled in.
 */
async function namesById(
  db: Kysely<Database>,
  rows: readonly { id: string; title: string | null; spec_version: string | null }[],
): Promise<Map<string, { title: string | null; version: string | null }>> {
  const names = new Map(rows.map((row) => [row.id, { title: row.title, version: row.spec_version }]));
  const missing = rows.filter((row) => row.title === null).map((row) => row.id);
  for (const id of missing) {
    const stored = await db
      .selectFrom('api_definitions')
      .select('definition_gz')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!stored) continue;
    const filled = namesOf(await unpackJson<unknown>(stored.definition_gz).catch(() => undefined));
    if (filled.title === null) continue;
    await db.updateTable('api_definitions').set(filled).where('id', '=', id).execute();
    names.set(id, { title: filled.title, version: filled.spec_version });
  }
  return names;
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
          .select(['api_id', 'id', 'title', 'spec_version'])
          .distinctOn('api_id')
          .where('org_id', '=', p.orgId)
          .where('api_id', 'in', ids)
          .orderBy('api_id')
          .orderBy('seq', 'desc')
          .execute();
  const latestId = new Map(latest.map((row) => [row.api_id, row.id]));
  const names = await namesById(db, latest);
  return {
    apis: rows.map((row) => {
      const name = names.get(latestId.get(row.api_id) ?? '');
      return {
        apiId: row.api_id,
        title: name?.title ?? row.api_id,
        latestVersion: name?.version ?? null,
        versions: Number(row.versions),
        latestId: latestId.get(row.api_id) ?? '',
        latestAt: iso(row.latest_at),
      };
    }),
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
    .select(['id', 'created_at', 'size_bytes', 'sha256', 'title', 'spec_version'])
    .where('org_id', '=', p.orgId)
    .where('api_id', '=', p.apiId)
    .orderBy('seq', 'desc')
    .limit(p.pageSize + 1)
    .offset(offset(p))
    .execute();
  const { rows, hasMore } = paged(found, p.pageSize);
  const names = await namesById(db, rows);
  return {
    versions: rows.map((row) => ({
      apiDefinitionId: row.id,
      title: names.get(row.id)?.title ?? p.apiId,
      version: names.get(row.id)?.version ?? null,
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
