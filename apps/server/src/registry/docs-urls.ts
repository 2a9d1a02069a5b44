/**
 * The URL records of docs sites: owner and metadata by URL, the organization's URLs and sites,
 * and their management (metadata, archive, ownership transfer, delete). A host name (every port)
 * and every path under it belong to one organization (host-ownership.ts).
 */
import { EmptyDocsSiteGroupError } from '../errors.js';
import { type Handlers, iso, pageNumber, type RegistryContext } from './context.js';
import { fail } from './errors.js';
import { hostOwner, onHostName } from './host-ownership.js';
import { orgsOf, requireCaller, requireMember, requireOrg, requireUserInOrg } from './identity.js';
import { hostName, requireUrl } from './urls.js';

async function urlRow(ctx: RegistryContext, input: string) {
  const address = requireUrl(input);
  const url = await ctx.docsCache.resolve(address);
  const row =
    url && (await ctx.db.selectFrom('docs_urls').selectAll().where('url', '=', url).executeTakeFirst());
  if (!row) fail('DocsNotFoundError', `No docs are registered at "${address.url}"`);
  return row;
}

function metadataOf(row: {
  url: string;
  domain: string;
  base_path: string;
  org_id: string;
  docs_definition_id: string | null;
  is_preview: boolean;
  is_custom: boolean;
  is_archived: boolean;
  metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}) {
  return {
    url: row.url,
    domain: row.domain,
    basePath: row.base_path,
    orgId: row.org_id,
    docsConfigId: row.docs_definition_id,
    isPreview: row.is_preview,
    isCustomDomain: row.is_custom,
    isArchived: row.is_archived,
    metadata: row.metadata,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export const docsUrlHandlers: Handlers<
  | 'getOrganizationForUrl'
  | 'getMetadataForUrl'
  | 'listDocsUrls'
  | 'transferDocsOwnership'
  | 'setDocsIsArchived'
  | 'setDocsMetadataForUrl'
  | 'deleteDocs'
  | 'getDocsSitesForOrg'
> = {
  async getOrganizationForUrl(ctx, { body }) {
    const address = requireUrl(body.url);
    const url = await ctx.docsCache.resolve(address);
    const row =
      url &&
      (await ctx.db.selectFrom('docs_urls').select('org_id').where('url', '=', url).executeTakeFirst());
    if (!row) fail('DomainNotRegisteredError', `No docs are registered at "${address.url}"`);
    return { orgId: row.org_id };
  },
  async getMetadataForUrl(ctx, { body }) {
    return metadataOf(await urlRow(ctx, body.url));
  },
  async listDocsUrls(ctx, { query }, call) {
    const caller = requireCaller(call.caller);
    const page = pageNumber(query.page);
    const limit = query.limit ?? 100;
    const orgs = await orgsOf(ctx.db, caller);
    if (orgs.length === 0) return { urls: [], page, limit, hasMore: false };
    let select = ctx.db.selectFrom('docs_urls').selectAll().where('org_id', 'in', orgs);
    if (query.custom !== undefined) select = select.where('is_custom', '=', query.custom === 'true');
    const rows = await select
      .orderBy('url')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    return { urls: rows.slice(0, limit).map(metadataOf), page, limit, hasMore: rows.length > limit };
  },
  async transferDocsOwnership(ctx, { body }, call) {
    const row = await urlRow(ctx, body.url);
    await requireMember(ctx.db, call.caller, row.org_id);
    await requireOrg(ctx.db, body.targetOrgId);
    // The token acts in the site's organization; the receiving one consents through its member.
    await requireUserInOrg(ctx.db, call.caller, body.targetOrgId);
    // The host name moves with every path under it on every port: one owner per host name.
    const moved = await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('docs_hosts')
        .set({ org_id: body.targetOrgId })
        .where('host', '=', hostName(row.domain))
        .execute();
      return trx
        .updateTable('docs_urls')
        .set({ org_id: body.targetOrgId, updated_at: new Date() })
        .where(onHostName(row.domain))
        .returning('url')
        .execute();
    });
    await ctx.docsCache.invalidate(moved.map((entry) => entry.url));
    return {};
  },
  async setDocsIsArchived(ctx, { body }, call) {
    const row = await urlRow(ctx, body.url);
    await requireMember(ctx.db, call.caller, row.org_id);
    // A site archived because another organization owns its host name stays archived.
    if (!body.isArchived && (await hostOwner(ctx.db, row.domain)) !== row.org_id)
      fail(
        'DomainBelongsToAnotherOrgError',
        `"${hostName(row.domain)}" (on every port) and every path under it belong to another organization`,
      );
    await ctx.db
      .updateTable('docs_urls')
      .set({ is_archived: body.isArchived, updated_at: new Date() })
      .where('url', '=', row.url)
      .execute();
    await ctx.docsCache.invalidate([row.url]);
    return {};
  },
  async setDocsMetadataForUrl(ctx, { body }, call) {
    const row = await urlRow(ctx, body.url);
    await requireMember(ctx.db, call.caller, row.org_id);
    await ctx.db
      .updateTable('docs_urls')
      .set({ metadata: JSON.stringify({ ...row.metadata, ...body.metadata }), updated_at: new Date() })
      .where('url', '=', row.url)
      .execute();
    return {};
  },
  async deleteDocs(ctx, { body }, call) {
    const row = await urlRow(ctx, body.url);
    await requireMember(ctx.db, call.caller, row.org_id);
    await ctx.db.deleteFrom('docs_urls').where('url', '=', row.url).execute();
    await ctx.docsCache.invalidate([row.url]);
    return {};
  },
  async getDocsSitesForOrg(ctx, { body }, call) {
    await requireOrg(ctx.db, body.orgId);
    await requireMember(ctx.db, call.caller, body.orgId);
    const rows = await ctx.db
      .selectFrom('docs_urls')
      .selectAll()
      .where('org_id', '=', body.orgId)
      .orderBy('is_custom')
      .orderBy('url')
      .execute();
    const sites = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = row.docs_definition_id ?? row.url;
      sites.set(key, [...(sites.get(key) ?? []), row]);
    }
    return {
      docsSites: [...sites.values()].map((group) => {
        const main = group.find((row) => !row.is_custom) ?? group[0];
        if (!main) throw new EmptyDocsSiteGroupError();
        return {
          mainUrl: { domain: main.domain, basePath: main.base_path },
          urls: group.map((row) => ({ domain: row.domain, basePath: row.base_path })),
          docsConfigId: main.docs_definition_id,
          isPreview: main.is_preview,
          isArchived: main.is_archived,
          updatedAt: iso(new Date(Math.max(...group.map((row) => new Date(row.updated_at).getTime())))),
        };
      }),
    };
  },
};
