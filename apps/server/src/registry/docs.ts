/**
 * Docs sites: init a registration (v1 by domain, v2 by URL with base path and custom domains,
 * preview at a generated URL), register a docs definition with the API definitions it uses,
 * then load by domain or URL, and manage the URL records (metadata, archive, ownership, delete).
 * Every write is one transaction and invalidates the affected sites on every replica. A host name
 * (every port) and every path under it belong to one organization (host-ownership.ts).
 */

import { randomBytes, randomUUID } from 'node:crypto';
import type { DocsDefinition } from '@sextant/definition';
import type { DocsFileDeclaration, LoadedDocs } from '@sextant/registry-client';
import type { Kysely } from 'kysely';
import { EmptyDocsSiteGroupError } from '../errors.js';
import type { Database } from '../storage/index.js';
import { packJson, unpackJson } from './compression.js';
import { type CallContext, type Handlers, iso, pageNumber, type RegistryContext } from './context.js';
import {
  checkDeclaredSizes,
  declareFiles,
  ensureLinkedFiles,
  linkDeclaredFiles,
  receiveUpload,
} from './docs-files.js';
import { fail } from './errors.js';
import { checkHosts, hostOwner, onHostName, takeHosts } from './host-ownership.js';
import {
  type Caller,
  orgsOf,
  requireCaller,
  requireMember,
  requireOrg,
  requireUserInOrg,
} from './identity.js';
import { type DocsAddress, hostName, parseDocsAddress, requireDomain, requireUrl } from './urls.js';
import { validateStoredFileTypes } from './validate-stored.js';

async function loadOrFail(ctx: RegistryContext, input: string): Promise<LoadedDocs> {
  const address = requireUrl(input);
  const docs = await ctx.docsCache.load(address);
  if (!docs) fail('DomainNotRegisteredError', `No docs are served at "${address.url}"`);
  return docs;
}

async function urlRow(ctx: RegistryContext, input: string) {
  const address = requireUrl(input);
  const url = await ctx.docsCache.resolve(address);
  const row =
    url && (await ctx.db.selectFrom('docs_urls').selectAll().where('url', '=', url).executeTakeFirst());
  if (!row) fail('DocsNotFoundError', `No docs are registered at "${address.url}"`);
  return row;
}

/** Hosts of stored URLs (`host/base` → `host`). */
function hostsOf(urls: readonly string[]): string[] {
  return urls.map((url) => parseDocsAddress(url)?.domain ?? url);
}

/**
 * Fails unless the caller may act on `host`: operators on any host, others only on hosts of
 * their organizations (DomainNotRegisteredError when nobody owns it).
 */
async function requireHostAccess(
  db: Kysely<Database>,
  caller: Caller | undefined,
  host: string,
): Promise<void> {
  const who = requireCaller(caller);
  if (who.isOperator) return;
  const owner = await hostOwner(db, host);
  if (!owner) fail('DomainNotRegisteredError', `No docs site is registered at "${host}"`);
  await requireMember(db, who, owner);
}

async function startRegistration(
  ctx: RegistryContext,
  call: CallContext,
  orgId: string,
  kind: 'v1' | 'v2' | 'preview',
  main: DocsAddress,
  custom: DocsAddress[],
  apiId: string | undefined,
  declaredFiles: readonly DocsFileDeclaration[] = [],
) {
  await requireOrg(ctx.db, orgId);
  await requireMember(ctx.db, call.caller, orgId);
  checkDeclaredSizes(declaredFiles);
  validateStoredFileTypes(declaredFiles);
  const urls = [main.url];
  const customUrls = custom.map((address) => address.url).filter((url) => url !== main.url);
  await checkHosts(ctx.db, ctx.domains, orgId, hostsOf([...urls, ...customUrls]), kind === 'preview');
  const docsRegistrationId = randomUUID();
  const files = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('docs_registrations')
      .values({
        id: docsRegistrationId,
        org_id: orgId,
        kind,
        urls: JSON.stringify(urls),
        custom_urls: JSON.stringify(customUrls),
        api_id: apiId ?? null,
      })
      .execute();
    return declareFiles(trx, docsRegistrationId, orgId, declaredFiles);
  });
  return { docsRegistrationId, urls: [...urls, ...customUrls], files };
}

async function finishRegistration(
  ctx: RegistryContext,
  call: CallContext,
  registrationId: string,
  body: { docsDefinition: DocsDefinition; apiDefinitionIds: string[] | Record<string, string> },
) {
  const registration = await ctx.db
    .selectFrom('docs_registrations')
    .selectAll()
    .where('id', '=', registrationId)
    .executeTakeFirst();
  if (!registration) fail('DocsRegistrationIdNotFound', `No docs registration has id "${registrationId}"`);
  await requireMember(ctx.db, call.caller, registration.org_id);
  const keyed: Record<string, string> = Array.isArray(body.apiDefinitionIds)
    ? Object.fromEntries(body.apiDefinitionIds.map((id) => [id, id]))
    : body.apiDefinitionIds;
  const apiIds = [...new Set(Object.values(keyed))];
  if (apiIds.length > 0) {
    const found = await ctx.db.selectFrom('api_definitions').select('id').where('id', 'in', apiIds).execute();
    const missing = apiIds.find((id) => !found.some((row) => row.id === id));
    if (missing) fail('ApiDoesNotExistError', `apiDefinitionIds: no API definition has id "${missing}"`);
  }
  const { gz } = await packJson(body.docsDefinition);
  const docsConfigId = randomUUID();
  const all = [
    ...registration.urls.map((url) => ({ url, custom: false })),
    ...registration.custom_urls.map((url) => ({ url, custom: true })),
  ];
  await ctx.db.transaction().execute(async (trx) => {
    await takeHosts(
      trx,
      ctx.domains,
      registration.org_id,
      hostsOf(all.map((entry) => entry.url)),
      registration.kind === 'preview',
    );
    await trx
      .insertInto('docs_definitions')
      .values({
        id: docsConfigId,
        org_id: registration.org_id,
        registration_id: registration.id,
        definition_gz: gz,
        api_definition_ids: JSON.stringify(keyed),
      })
      .execute();
    await linkDeclaredFiles(trx, registration.id, registration.org_id, docsConfigId);
    for (const entry of all) {
      const address = parseDocsAddress(entry.url);
      if (!address) continue;
      await trx
        .insertInto('docs_urls')
        .values({
          url: address.url,
          domain: address.domain,
          base_path: address.basePath,
          org_id: registration.org_id,
          docs_definition_id: docsConfigId,
          is_custom: entry.custom,
          is_preview: registration.kind === 'preview',
          metadata: '{}',
        })
        .onConflict((oc) =>
          oc.column('url').doUpdateSet({
            // The host is this organization's (locked above): a row left by an older owner follows it.
            org_id: registration.org_id,
            docs_definition_id: docsConfigId,
            updated_at: new Date(),
            is_archived: false,
          }),
        )
        .execute();
    }
    await trx
      .updateTable('docs_registrations')
      .set({ completed_at: new Date() })
      .where('id', '=', registration.id)
      .execute();
  });
  const urls = all.map((entry) => entry.url);
  await ctx.docsCache.invalidate(urls);
  return { docsConfigId, urls };
}

function previewAddress(orgId: string, previewDomain: string): DocsAddress {
  const label = `${orgId
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, 40)}-preview-${randomBytes(5).toString('hex')}`;
  return requireDomain(`${label}.${previewDomain}`);
}

function fileIdsOf(docs: LoadedDocs): string[] {
  return Object.values(docs.files ?? {}).map((file) => file.fileId);
}

function blobKey(docsConfigId: string): string {
  return `docs/${docsConfigId}.json.gz`;
}

async function writeBundle(
  ctx: RegistryContext,
  docs: LoadedDocs,
): Promise<{ key: string; written: boolean }> {
  const key = blobKey(docs.docsConfigId);
  if (await ctx.blobs.has(key)) return { key, written: false };
  await ctx.blobs.put(key, (await packJson(docs)).gz);
  return { key, written: true };
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

export const docsHandlers: Handlers<
  | 'initDocsRegistration'
  | 'finishDocsRegistration'
  | 'initDocsRegistrationV2'
  | 'initDocsPreview'
  | 'finishDocsRegistrationV2'
  | 'uploadDocsFile'
  | 'loadDocsForDomainLegacy'
  | 'loadDocsForDomain'
  | 'loadDocsForUrl'
  | 'loadPrivateDocsForUrl'
  | 'getOrganizationForUrl'
  | 'getMetadataForUrl'
  | 'ensureDocsInBlobStore'
  | 'prepopulateBlobStore'
  | 'listDocsUrls'
  | 'getDocsConfigById'
  | 'transferDocsOwnership'
  | 'setDocsIsArchived'
  | 'setDocsMetadataForUrl'
  | 'addSearchPreviewWhitelist'
  | 'removeSearchPreviewWhitelist'
  | 'listSearchPreviewWhitelist'
  | 'deleteDocs'
  | 'getDocsSitesForOrg'
  | 'invalidateDocsCache'
> = {
  initDocsRegistration: (ctx, { body }, call) =>
    startRegistration(ctx, call, body.orgId, 'v1', requireDomain(body.domain), [], undefined, body.files),
  initDocsRegistrationV2: (ctx, { body }, call) =>
    startRegistration(
      ctx,
      call,
      body.orgId,
      'v2',
      requireDomain(body.domain),
      (body.customDomains ?? []).map((domain) => requireDomain(domain, 'InvalidCustomDomainError')),
      body.apiId,
      body.files,
    ),
  initDocsPreview: (ctx, { body }, call) =>
    startRegistration(
      ctx,
      call,
      body.orgId,
      'preview',
      previewAddress(body.orgId, ctx.previewDomain),
      [],
      body.apiId,
      body.files,
    ),
  uploadDocsFile: (ctx, { params, body }, call) => receiveUpload(ctx, call, params.uploadId, body),
  finishDocsRegistration: (ctx, { params, body }, call) => finishRegistration(ctx, call, params.id, body),
  finishDocsRegistrationV2: (ctx, { params, body }, call) => finishRegistration(ctx, call, params.id, body),

  loadDocsForDomainLegacy: (ctx, { params }) => loadOrFail(ctx, params.domain),
  loadDocsForDomain: (ctx, { body }) => loadOrFail(ctx, body.domain),
  loadDocsForUrl: (ctx, { body }) => loadOrFail(ctx, body.url),
  async loadPrivateDocsForUrl(ctx, { body }, call) {
    requireCaller(call.caller);
    const docs = await loadOrFail(ctx, body.url);
    await requireMember(ctx.db, call.caller, docs.orgId);
    return docs;
  },
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
  async ensureDocsInBlobStore(ctx, { body }, call) {
    requireCaller(call.caller);
    const docs = await loadOrFail(ctx, body.url);
    await requireMember(ctx.db, call.caller, docs.orgId);
    const bundle = await writeBundle(ctx, docs);
    return { ...bundle, files: await ensureLinkedFiles(ctx, fileIdsOf(docs)) };
  },
  async prepopulateBlobStore(ctx, { body }, call) {
    const caller = requireCaller(call.caller);
    if (body.orgId) await requireMember(ctx.db, caller, body.orgId);
    const orgs = body.orgId ? [body.orgId] : await orgsOf(ctx.db, caller);
    if (orgs.length === 0) return { total: 0, written: 0 };
    const rows = await ctx.db
      .selectFrom('docs_urls')
      .select('url')
      .where('org_id', 'in', orgs)
      .where('is_archived', '=', false)
      .execute();
    let written = 0;
    const files = { total: 0, copied: 0, missing: 0 };
    for (const row of rows) {
      const address = parseDocsAddress(row.url);
      const docs = address && (await ctx.docsCache.load(address));
      if (!docs) continue;
      if ((await writeBundle(ctx, docs)).written) written++;
      const ensured = await ensureLinkedFiles(ctx, fileIdsOf(docs));
      files.total += ensured.total;
      files.copied += ensured.copied;
      files.missing += ensured.missing;
    }
    return { total: rows.length, written, files };
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
  async getDocsConfigById(ctx, { params }, call) {
    const row = await ctx.db
      .selectFrom('docs_definitions')
      .selectAll()
      .where('id', '=', params.id)
      .executeTakeFirst();
    const missing = () => fail('DocsDefinitionNotFoundError', `No docs definition has id "${params.id}"`);
    if (!row) return missing();
    // Deleted or archived docs are gone for the public: readable only while served at a live URL.
    const member = call.caller && (await orgsOf(ctx.db, call.caller)).includes(row.org_id);
    if (!member) {
      const served = await ctx.db
        .selectFrom('docs_urls')
        .select('url')
        .where('docs_definition_id', '=', row.id)
        .where('is_archived', '=', false)
        .executeTakeFirst();
      if (!served) return missing();
    }
    return {
      docsConfigId: row.id,
      orgId: row.org_id,
      apiDefinitionIds: row.api_definition_ids,
      definition: await unpackJson<DocsDefinition>(row.definition_gz),
      createdAt: iso(row.created_at),
    };
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
  async addSearchPreviewWhitelist(ctx, { body }, call) {
    const { domain } = requireDomain(body.domain);
    await requireHostAccess(ctx.db, call.caller, domain);
    await ctx.db
      .insertInto('search_preview_whitelist')
      .values({ domain })
      .onConflict((oc) => oc.column('domain').doNothing())
      .execute();
    return {};
  },
  async removeSearchPreviewWhitelist(ctx, { body }, call) {
    const { domain } = requireDomain(body.domain);
    await requireHostAccess(ctx.db, call.caller, domain);
    await ctx.db.deleteFrom('search_preview_whitelist').where('domain', '=', domain).execute();
    return {};
  },
  async listSearchPreviewWhitelist(ctx) {
    const rows = await ctx.db
      .selectFrom('search_preview_whitelist')
      .select('domain')
      .orderBy('domain')
      .execute();
    return { domains: rows.map((row) => row.domain) };
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
  async invalidateDocsCache(ctx, { body }, call) {
    const caller = requireCaller(call.caller);
    if (body.url === undefined) {
      if (caller.isOperator) {
        await ctx.docsCache.invalidate('all');
        return {};
      }
      const orgs = await orgsOf(ctx.db, caller);
      const rows =
        orgs.length === 0
          ? []
          : await ctx.db.selectFrom('docs_urls').select('url').where('org_id', 'in', orgs).execute();
      if (rows.length > 0) await ctx.docsCache.invalidate(rows.map((entry) => entry.url));
      return {};
    }
    const address = requireUrl(body.url);
    await requireHostAccess(ctx.db, caller, address.domain);
    const url = (await ctx.docsCache.resolve(address)) ?? address.url;
    await ctx.docsCache.invalidate([url]);
    return {};
  },
};
