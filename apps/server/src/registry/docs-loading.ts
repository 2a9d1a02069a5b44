/**
 * Registered docs, read: a site by domain or URL (through the docs cache), a docs version by id,
 * and the bundles and linked files copied into the blob store.
 */
import type { DocsDefinition } from '@sextant/definition';
import type { LoadedDocs } from '@sextant/registry-client';
import { packJson, unpackJson } from './compression.js';
import { type Handlers, iso, type RegistryContext } from './context.js';
import { ensureLinkedFiles } from './docs-files.js';
import { fail } from './errors.js';
import { orgsOf, requireCaller, requireMember } from './identity.js';
import { parseDocsAddress, requireUrl } from './urls.js';

async function loadOrFail(ctx: RegistryContext, input: string): Promise<LoadedDocs> {
  const address = requireUrl(input);
  const docs = await ctx.docsCache.load(address);
  if (!docs) fail('DomainNotRegisteredError', `No docs are served at "${address.url}"`);
  return docs;
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

export const docsLoadingHandlers: Handlers<
  | 'loadDocsForDomainLegacy'
  | 'loadDocsForDomain'
  | 'loadDocsForUrl'
  | 'loadPrivateDocsForUrl'
  | 'ensureDocsInBlobStore'
  | 'prepopulateBlobStore'
  | 'getDocsConfigById'
> = {
  loadDocsForDomainLegacy: (ctx, { params }) => loadOrFail(ctx, params.domain),
  loadDocsForDomain: (ctx, { body }) => loadOrFail(ctx, body.domain),
  loadDocsForUrl: (ctx, { body }) => loadOrFail(ctx, body.url),
  async loadPrivateDocsForUrl(ctx, { body }, call) {
    requireCaller(call.caller);
    const docs = await loadOrFail(ctx, body.url);
    await requireMember(ctx.db, call.caller, docs.orgId);
    return docs;
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
};
