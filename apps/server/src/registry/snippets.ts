/**
 * Snippets and snippet templates of an organization's API. The organization comes from the body
 * or, when absent, the caller's only organization (OrgIdRequiredError otherwise); the API from
 * the body or the organization's only registered API (ApiIdRequiredError otherwise); the pair
 * must name a registered API (OrgIdAndApiIdNotFound).
 */
import { randomUUID } from 'node:crypto';
import type { snippetTemplateSchema } from '@sextant/registry-client';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../storage/index.js';
import { type CallContext, type Handlers, iso, pageNumber, type RegistryContext } from './context.js';
import { fail } from './errors.js';
import { orgsOf, requireMember } from './identity.js';

const PAGE_SIZE = 100;
const INSERT_CHUNK = 500;

async function resolveOrgApi(
  db: Kysely<Database>,
  call: CallContext,
  input: { orgId?: string | undefined; apiId?: string | undefined },
): Promise<{ orgId: string; apiId: string }> {
  let orgId = input.orgId;
  if (!orgId && call.caller) {
    const orgs = await orgsOf(db, call.caller);
    if (orgs.length === 1) orgId = orgs[0];
  }
  if (!orgId) fail('OrgIdRequiredError', 'orgId is required (the caller has no single organization)');
  let apiId = input.apiId;
  if (!apiId) {
    const apis = await db
      .selectFrom('api_definitions')
      .select('api_id')
      .distinct()
      .where('org_id', '=', orgId)
      .limit(2)
      .execute();
    if (apis.length !== 1 || !apis[0])
      fail(
        'ApiIdRequiredError',
        `apiId is required: organization "${orgId}" has ${apis.length === 0 ? 'no' : 'several'} APIs`,
      );
    apiId = apis[0].api_id;
  }
  const exists = await db
    .selectFrom('api_definitions')
    .select('id')
    .where('org_id', '=', orgId)
    .where('api_id', '=', apiId)
    .limit(1)
    .executeTakeFirst();
  if (!exists) fail('OrgIdAndApiIdNotFound', `Organization "${orgId}" has no API "${apiId}"`);
  return { orgId, apiId };
}

interface SnippetRow {
  method: string;
  path: string;
  api_definition_id: string | null;
  data: Record<string, unknown>;
  created_at: Date;
}

function toSnippet(row: SnippetRow) {
  return {
    ...(row.data as { language: 'curl'; code: string }),
    endpoint: { method: row.method as 'GET', path: row.path },
    apiDefinitionId: row.api_definition_id,
    createdAt: iso(row.created_at),
  };
}

type TemplateInput = z.output<typeof snippetTemplateSchema>;

async function storeTemplates(
  ctx: RegistryContext,
  call: CallContext,
  body: { orgId?: string | undefined; apiId?: string | undefined; apiDefinitionId?: string | undefined },
  templates: TemplateInput[],
): Promise<{ registered: number }> {
  const { orgId, apiId } = await resolveOrgApi(ctx.db, call, body);
  await requireMember(ctx.db, call.caller, orgId);
  const rows = templates.map((entry) => ({
    org_id: orgId,
    api_id: apiId,
    method: entry.endpointId.method,
    path: entry.endpointId.path,
    sdk_type: entry.sdk.language,
    sdk_package: entry.sdk.package,
    sdk_version: entry.sdk.version,
    api_definition_id: body.apiDefinitionId ?? null,
    template: JSON.stringify(entry.snippetTemplate),
  }));
  // The last template wins when a batch names the same key twice (one statement cannot upsert a row twice).
  const unique = new Map(
    rows.map((row) => [
      JSON.stringify([row.method, row.path, row.sdk_type, row.sdk_package, row.sdk_version]),
      row,
    ]),
  );
  const values = [...unique.values()];
  await ctx.db.transaction().execute(async (trx) => {
    for (let start = 0; start < values.length; start += INSERT_CHUNK) {
      await trx
        .insertInto('snippet_templates')
        .values(values.slice(start, start + INSERT_CHUNK))
        .onConflict((oc) =>
          oc
            .columns(['org_id', 'api_id', 'method', 'path', 'sdk_type', 'sdk_package', 'sdk_version'])
            .doUpdateSet((eb) => ({
              template: eb.ref('excluded.template'),
              api_definition_id: eb.ref('excluded.api_definition_id'),
              created_at: new Date(),
            })),
        )
        .execute();
    }
  });
  return { registered: values.length };
}

export const snippetHandlers: Handlers<
  | 'createSnippets'
  | 'getSnippetsForEndpoint'
  | 'loadSnippets'
  | 'registerSnippetTemplate'
  | 'registerSnippetTemplateBatch'
  | 'getSnippetTemplate'
> = {
  async createSnippets(ctx, { body }, call) {
    const { orgId, apiId } = await resolveOrgApi(ctx.db, call, body);
    await requireMember(ctx.db, call.caller, orgId);
    const rows = body.snippets.map((snippet) => ({
      id: randomUUID(),
      org_id: orgId,
      api_id: apiId,
      method: body.endpoint.method,
      path: body.endpoint.path,
      language: snippet.language,
      api_definition_id: body.apiDefinitionId ?? null,
      data: JSON.stringify(snippet),
    }));
    await ctx.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await trx
          .insertInto('snippets')
          .values(rows.slice(start, start + INSERT_CHUNK))
          .execute();
      }
    });
    return { created: rows.length };
  },
  async getSnippetsForEndpoint(ctx, { body }, call) {
    const { orgId, apiId } = await resolveOrgApi(ctx.db, call, body);
    let query = ctx.db
      .selectFrom('snippets')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('api_id', '=', apiId)
      .where('method', '=', body.endpoint.method)
      .where('path', '=', body.endpoint.path);
    if (body.languages?.length) query = query.where('language', 'in', body.languages);
    const rows = await query.orderBy('seq').execute();
    if (rows.length === 0)
      fail('EndpointNotFound', `No snippets for ${body.endpoint.method} ${body.endpoint.path}`);
    return { snippets: rows.map(toSnippet) };
  },
  async loadSnippets(ctx, { query, body }, call) {
    const page = pageNumber(query.page);
    const { orgId, apiId } = await resolveOrgApi(ctx.db, call, body);
    let select = ctx.db
      .selectFrom('snippets')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('api_id', '=', apiId);
    if (body.languages?.length) select = select.where('language', 'in', body.languages);
    const rows = await select
      .orderBy('seq')
      .limit(PAGE_SIZE + 1)
      .offset((page - 1) * PAGE_SIZE)
      .execute();
    const snippets: Record<string, Record<string, ReturnType<typeof toSnippet>[]>> = {};
    for (const row of rows.slice(0, PAGE_SIZE)) {
      const byMethod = snippets[row.path] ?? {};
      snippets[row.path] = byMethod;
      byMethod[row.method] = [...(byMethod[row.method] ?? []), toSnippet(row)];
    }
    return { snippets, nextPage: rows.length > PAGE_SIZE ? page + 1 : null };
  },
  registerSnippetTemplate: (ctx, { body }, call) => storeTemplates(ctx, call, body, [body.snippet]),
  registerSnippetTemplateBatch: (ctx, { body }, call) => storeTemplates(ctx, call, body, body.snippets),
  async getSnippetTemplate(ctx, { body }, call) {
    const { orgId, apiId } = await resolveOrgApi(ctx.db, call, body);
    let query = ctx.db
      .selectFrom('snippet_templates')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('api_id', '=', apiId)
      .where('method', '=', body.endpointId.method)
      .where('path', '=', body.endpointId.path)
      .where('sdk_type', '=', body.sdk.language)
      .where('sdk_package', '=', body.sdk.package);
    if (body.sdk.version) query = query.where('sdk_version', '=', body.sdk.version);
    const rows = await query.execute();
    const { default: semver } = await import('semver');
    const row = rows.sort((a, b) => {
      const av = semver.valid(a.sdk_version);
      const bv = semver.valid(b.sdk_version);
      return av && bv ? semver.rcompare(av, bv) : b.sdk_version.localeCompare(a.sdk_version);
    })[0];
    if (!row)
      fail(
        'SnippetNotFound',
        `No ${body.sdk.language} template of ${body.sdk.package} for ${body.endpointId.method} ${body.endpointId.path}`,
      );
    return {
      sdk: { language: row.sdk_type as 'typescript', package: row.sdk_package, version: row.sdk_version },
      endpointId: { method: row.method as 'GET', path: row.path },
      snippetTemplate: row.template as TemplateInput['snippetTemplate'],
      apiDefinitionId: row.api_definition_id,
      createdAt: iso(row.created_at),
    };
  },
};
