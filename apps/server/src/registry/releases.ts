/**
 * Generators, their releases and CLI releases. Versions must be semantic versions
 * (InvalidVersionError); a prerelease is an RC, anything else GA. Lists and "latest" order by
 * semver precedence, not by text or insertion time. A generator belongs to the organization
 * that created it (its members change it and its releases); CLI releases are operators' alone.
 */

import type { changelogEntrySchema } from '@sextant/registry-client';
import semver from 'semver';
import type { z } from 'zod';
import { type Handlers, iso, pageNumber } from './context.js';
import { fail } from './errors.js';
import { requireCaller, requireOperator, requireOwner, targetOrg } from './identity.js';

type ChangelogEntry = z.output<typeof changelogEntrySchema>;

/** A valid semver or InvalidVersionError naming `field`. */
function requireVersion(version: string, field: string): string {
  const valid = semver.valid(version);
  if (!valid) fail('InvalidVersionError', `${field}: "${version}" is not a semantic version`);
  return valid;
}

function releaseTypeOf(version: string): 'GA' | 'RC' {
  return semver.prerelease(version) ? 'RC' : 'GA';
}

interface ReleaseRow {
  version: string;
  release_type: string;
  ir_version: number;
  data: Record<string, unknown>;
  created_at: Date;
}

function toRelease(row: ReleaseRow) {
  return {
    version: row.version,
    irVersion: row.ir_version,
    changelogEntries: (row.data.changelogEntries ?? []) as ChangelogEntry[],
    ...(typeof row.data.migration === 'string' ? { migration: row.data.migration } : {}),
    releaseType: row.release_type as 'GA' | 'RC',
    createdAt: iso(row.created_at),
  };
}

const newestFirst = (a: ReleaseRow, b: ReleaseRow) => semver.rcompare(a.version, b.version);

/** The newest release matching type, range and IR version. */
function pickLatest(
  rows: ReleaseRow[],
  filter: {
    releaseType: 'GA' | 'RC';
    versionConstraint?: string | undefined;
    irVersion?: number | undefined;
  },
): ReleaseRow | undefined {
  let range: string | undefined;
  if (filter.versionConstraint !== undefined) {
    range = semver.validRange(filter.versionConstraint) ?? undefined;
    if (!range)
      fail('InvalidVersionError', `versionConstraint: "${filter.versionConstraint}" is not a semver range`);
  }
  return rows
    .filter((row) => row.release_type === filter.releaseType)
    .filter((row) => filter.irVersion === undefined || row.ir_version === filter.irVersion)
    .filter((row) => !range || semver.satisfies(row.version, range, { includePrerelease: true }))
    .sort(newestFirst)[0];
}

function changelog(rows: ReleaseRow[], from: string, to: string) {
  const low = requireVersion(from, 'fromVersion');
  const high = requireVersion(to, 'toVersion');
  return {
    entries: rows
      .filter((row) => semver.gte(row.version, low) && semver.lte(row.version, high))
      .sort(newestFirst)
      .map((row) => ({ version: row.version, changelogEntries: toRelease(row).changelogEntries })),
  };
}

function paginate<T>(items: T[], page: number | undefined, pageSize: number | undefined) {
  const number = pageNumber(page);
  const size = pageSize ?? 100;
  const start = (number - 1) * size;
  return { items: items.slice(start, start + size), page: number, hasMore: items.length > start + size };
}

export const releaseHandlers: Handlers<
  | 'upsertCliRelease'
  | 'getCliRelease'
  | 'listCliReleases'
  | 'getLatestCliRelease'
  | 'getCliChangelog'
  | 'getMinCliForIr'
  | 'upsertGenerator'
  | 'getGenerator'
  | 'listGenerators'
  | 'getGeneratorByImage'
  | 'upsertGeneratorRelease'
  | 'getGeneratorRelease'
  | 'listGeneratorReleases'
  | 'getLatestGeneratorRelease'
  | 'getGeneratorChangelog'
> = {
  async upsertCliRelease(ctx, { body }, call) {
    requireOperator(call.caller, 'publish CLI releases');
    const version = requireVersion(body.version, 'version');
    const values = {
      version,
      release_type: releaseTypeOf(version),
      ir_version: body.irVersion,
      data: JSON.stringify({ changelogEntries: body.changelogEntries }),
    };
    const row = await ctx.db
      .insertInto('cli_releases')
      .values(values)
      .onConflict((oc) => oc.column('version').doUpdateSet({ ...values, created_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRelease(row);
  },
  async getCliRelease(ctx, { params }) {
    const version = requireVersion(params.version, 'version');
    const row = await ctx.db
      .selectFrom('cli_releases')
      .selectAll()
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) fail('CliVersionNotFoundError', `No CLI release has version "${version}"`);
    return toRelease(row);
  },
  async listCliReleases(ctx, { query }) {
    const rows = (await ctx.db.selectFrom('cli_releases').selectAll().execute()).sort(newestFirst);
    const { items, page, hasMore } = paginate(rows, query.page, query.pageSize);
    return { releases: items.map(toRelease), page, hasMore };
  },
  async getLatestCliRelease(ctx, { body }) {
    const row = pickLatest(await ctx.db.selectFrom('cli_releases').selectAll().execute(), body);
    if (!row) fail('NoValidClisFoundError', `No ${body.releaseType} CLI release matches`);
    return toRelease(row);
  },
  async getCliChangelog(ctx, { body }) {
    return changelog(
      await ctx.db.selectFrom('cli_releases').selectAll().execute(),
      body.fromVersion,
      body.toVersion,
    );
  },
  async getMinCliForIr(ctx, { params }) {
    const rows = await ctx.db
      .selectFrom('cli_releases')
      .selectAll()
      .where('release_type', '=', 'GA')
      .where('ir_version', '>=', params.id)
      .execute();
    const row = rows.sort((a, b) => semver.compare(a.version, b.version))[0];
    if (!row) fail('NoValidClisFoundError', `No GA CLI release produces IR version ${params.id} or newer`);
    return toRelease(row);
  },

  async upsertGenerator(ctx, { body }, call) {
    const caller = requireCaller(call.caller);
    const { orgId: requestedOrg, ...generator } = body;
    const existing = await ctx.db
      .selectFrom('generators')
      .select('org_id')
      .where('id', '=', body.id)
      .executeTakeFirst();
    if (existing) await requireOwner(ctx.db, caller, existing.org_id, `generator "${body.id}"`);
    // A new generator goes to the organization named (or the caller's only one); naming another
    // organization for an existing one moves it, for a member of both.
    const owner =
      existing && (requestedOrg === undefined || requestedOrg === existing.org_id)
        ? existing.org_id
        : await targetOrg(ctx.db, caller, requestedOrg);
    const values = {
      id: body.id,
      docker_image: body.dockerImage,
      org_id: owner,
      data: JSON.stringify(generator),
    };
    await ctx.db.transaction().execute(async (trx) => {
      const other = await trx
        .selectFrom('generators')
        .select('id')
        .where('docker_image', '=', body.dockerImage)
        .where('id', '!=', body.id)
        .executeTakeFirst();
      if (other)
        fail('BadRequestError', `dockerImage: "${body.dockerImage}" is used by generator "${other.id}"`);
      await trx
        .insertInto('generators')
        .values(values)
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updated_at: new Date() }))
        .execute();
    });
    return generator;
  },
  async getGenerator(ctx, { params }) {
    const row = await ctx.db
      .selectFrom('generators')
      .select('data')
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!row) fail('NoValidGeneratorsFoundError', `No generator has id "${params.id}"`);
    return row.data as never;
  },
  async listGenerators(ctx) {
    const rows = await ctx.db.selectFrom('generators').select('data').orderBy('id').execute();
    return { generators: rows.map((row) => row.data) as never };
  },
  async getGeneratorByImage(ctx, { body }) {
    const row = await ctx.db
      .selectFrom('generators')
      .select('data')
      .where('docker_image', '=', body.dockerImage)
      .executeTakeFirst();
    return { generator: (row?.data ?? null) as never };
  },
  async upsertGeneratorRelease(ctx, { body }, call) {
    requireCaller(call.caller);
    const version = requireVersion(body.version, 'version');
    const generator = await ctx.db
      .selectFrom('generators')
      .select(['id', 'org_id'])
      .where('id', '=', body.generatorId)
      .executeTakeFirst();
    if (!generator)
      fail('NoValidGeneratorsFoundError', `generatorId: no generator has id "${body.generatorId}"`);
    await requireOwner(ctx.db, call.caller, generator.org_id, `generator "${body.generatorId}"`);
    const values = {
      generator_id: body.generatorId,
      version,
      release_type: releaseTypeOf(version),
      ir_version: body.irVersion,
      data: JSON.stringify({ changelogEntries: body.changelogEntries, migration: body.migration }),
    };
    const row = await ctx.db
      .insertInto('generator_releases')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['generator_id', 'version']).doUpdateSet({ ...values, created_at: new Date() }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return { generatorId: row.generator_id, ...toRelease(row) };
  },
  async getGeneratorRelease(ctx, { params }) {
    const version = requireVersion(params.version, 'version');
    const row = await ctx.db
      .selectFrom('generator_releases')
      .selectAll()
      .where('generator_id', '=', params.id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) fail('GeneratorVersionNotFoundError', `Generator "${params.id}" has no release "${version}"`);
    return { generatorId: row.generator_id, ...toRelease(row) };
  },
  async listGeneratorReleases(ctx, { params, query }) {
    const rows = (
      await ctx.db
        .selectFrom('generator_releases')
        .selectAll()
        .where('generator_id', '=', params.id)
        .execute()
    ).sort(newestFirst);
    const { items, page, hasMore } = paginate(rows, query.page, query.pageSize);
    return {
      releases: items.map((row) => ({ generatorId: row.generator_id, ...toRelease(row) })),
      page,
      hasMore,
    };
  },
  async getLatestGeneratorRelease(ctx, { body }) {
    const rows = await ctx.db
      .selectFrom('generator_releases')
      .selectAll()
      .where('generator_id', '=', body.generatorId)
      .execute();
    const row = pickLatest(rows, body);
    if (!row)
      fail(
        'NoValidGeneratorsFoundError',
        `Generator "${body.generatorId}" has no ${body.releaseType} release that matches`,
      );
    return { generatorId: body.generatorId, ...toRelease(row) };
  },
  async getGeneratorChangelog(ctx, { params, body }) {
    const rows = await ctx.db
      .selectFrom('generator_releases')
      .selectAll()
      .where('generator_id', '=', params.id)
      .execute();
    return changelog(rows, body.fromVersion, body.toVersion);
  },
};
