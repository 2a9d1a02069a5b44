/**
 * GitHub repositories and pull requests (states open, closed, merged): get, list with filters
 * and pages, upsert, delete. A repository belongs to an organization: only its members change
 * it and its pull requests (one with no owner, made before repositories had one, only operators).
 */

import type { Kysely } from 'kysely';
import type { Database } from '../storage/index.js';
import { type Handlers, pageNumber } from './context.js';
import { fail } from './errors.js';
import { type Caller, requireCaller, requireOwner, targetOrg } from './identity.js';

/** Fails unless the caller may change repository `owner/name` and its pull requests; SDKNotFound when unknown. */
async function requireRepository(
  db: Kysely<Database>,
  caller: Caller | undefined,
  owner: string,
  name: string,
): Promise<void> {
  const repository = await db
    .selectFrom('github_repositories')
    .select('org_id')
    .where('owner', '=', owner)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!repository) fail('SDKNotFound', `No repository ${owner}/${name}: upsert the repository first`);
  await requireOwner(db, caller, repository.org_id, `repository ${owner}/${name}`);
}

function page<T>(rows: T[], size: number) {
  return { items: rows.slice(0, size), hasMore: rows.length > size };
}

export const githubHandlers: Handlers<
  | 'getRepository'
  | 'listRepositories'
  | 'upsertRepository'
  | 'deleteRepository'
  | 'getPullRequest'
  | 'listPullRequests'
  | 'upsertPullRequest'
  | 'deletePullRequest'
> = {
  async getRepository(ctx, { params }) {
    const row = await ctx.db
      .selectFrom('github_repositories')
      .select('data')
      .where('owner', '=', params.owner)
      .where('name', '=', params.repo)
      .executeTakeFirst();
    if (!row) fail('SDKNotFound', `No repository ${params.owner}/${params.repo}`);
    return row.data as never;
  },
  async listRepositories(ctx, { body }) {
    const number = pageNumber(body.page);
    const size = body.pageSize ?? 100;
    let query = ctx.db.selectFrom('github_repositories').select('data');
    if (body.owner) query = query.where('owner', '=', body.owner);
    if (body.orgId) query = query.where('org_id', '=', body.orgId);
    const rows = await query
      .orderBy('owner')
      .orderBy('name')
      .limit(size + 1)
      .offset((number - 1) * size)
      .execute();
    const { items, hasMore } = page(rows, size);
    return { repositories: items.map((row) => row.data) as never, hasMore };
  },
  async upsertRepository(ctx, { body }, call) {
    const caller = requireCaller(call.caller);
    const existing = await ctx.db
      .selectFrom('github_repositories')
      .select('org_id')
      .where('owner', '=', body.owner)
      .where('name', '=', body.name)
      .executeTakeFirst();
    if (existing)
      await requireOwner(ctx.db, caller, existing.org_id, `repository ${body.owner}/${body.name}`);
    const orgId =
      existing?.org_id && (body.orgId === undefined || body.orgId === existing.org_id)
        ? existing.org_id
        : await targetOrg(ctx.db, caller, body.orgId);
    const values = {
      owner: body.owner,
      name: body.name,
      org_id: orgId,
      data: JSON.stringify(body),
    };
    await ctx.db
      .insertInto('github_repositories')
      .values(values)
      .onConflict((oc) => oc.columns(['owner', 'name']).doUpdateSet({ ...values, updated_at: new Date() }))
      .execute();
    return body;
  },
  async deleteRepository(ctx, { params }, call) {
    requireCaller(call.caller);
    await requireRepository(ctx.db, call.caller, params.owner, params.repo);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('github_pull_requests')
        .where('owner', '=', params.owner)
        .where('repo', '=', params.repo)
        .execute();
      await trx
        .deleteFrom('github_repositories')
        .where('owner', '=', params.owner)
        .where('name', '=', params.repo)
        .execute();
    });
    return {};
  },
  async getPullRequest(ctx, { params }) {
    const row = await ctx.db
      .selectFrom('github_pull_requests')
      .select('data')
      .where('owner', '=', params.owner)
      .where('repo', '=', params.repo)
      .where('number', '=', params.number)
      .executeTakeFirst();
    if (!row) fail('SDKNotFound', `No pull request ${params.owner}/${params.repo}#${params.number}`);
    return row.data as never;
  },
  async listPullRequests(ctx, { body }) {
    const number = pageNumber(body.page);
    const size = body.pageSize ?? 100;
    let query = ctx.db.selectFrom('github_pull_requests').select('data');
    if (body.owner) query = query.where('owner', '=', body.owner);
    if (body.repo) query = query.where('repo', '=', body.repo);
    if (body.author) query = query.where('author', '=', body.author);
    if (body.state && body.state.length > 0) query = query.where('state', 'in', body.state);
    const rows = await query
      .orderBy('owner')
      .orderBy('repo')
      .orderBy('number', 'desc')
      .limit(size + 1)
      .offset((number - 1) * size)
      .execute();
    const { items, hasMore } = page(rows, size);
    return { pullRequests: items.map((row) => row.data) as never, hasMore };
  },
  async upsertPullRequest(ctx, { body }, call) {
    requireCaller(call.caller);
    await requireRepository(ctx.db, call.caller, body.owner, body.repo);
    const values = {
      owner: body.owner,
      repo: body.repo,
      number: body.number,
      state: body.state,
      author: body.author ?? null,
      data: JSON.stringify(body),
    };
    await ctx.db
      .insertInto('github_pull_requests')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['owner', 'repo', 'number']).doUpdateSet({ ...values, updated_at: new Date() }),
      )
      .execute();
    return body;
  },
  async deletePullRequest(ctx, { params }, call) {
    requireCaller(call.caller);
    await requireRepository(ctx.db, call.caller, params.owner, params.repo);
    const result = await ctx.db
      .deleteFrom('github_pull_requests')
      .where('owner', '=', params.owner)
      .where('repo', '=', params.repo)
      .where('number', '=', params.number)
      .executeTakeFirst();
    if (!result.numDeletedRows)
      fail('SDKNotFound', `No pull request ${params.owner}/${params.repo}#${params.number}`);
    return {};
  },
};
