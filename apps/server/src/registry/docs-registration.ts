/**
 * Docs registration: init (v1 by domain, v2 by URL with base path and custom domains, preview at
 * a generated URL) declares the project files, uploads bring their bytes, and finish registers the
 * docs definition with the API definitions it uses at every URL, in one transaction that takes
 * the host names (host-ownership.ts) and invalidates the sites on every replica.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type DocsDefinition, hostedLoginSecretProblem } from '@sextant/definition';
import type { DocsFileDeclaration } from '@sextant/registry-client';
import { packJson } from './compression.js';
import type { CallContext, Handlers, RegistryContext } from './context.js';
import { checkDeclaredSizes, declareFiles, linkDeclaredFiles, receiveUpload } from './docs-files.js';
import { fail } from './errors.js';
import { checkHosts, takeHosts } from './host-ownership.js';
import { requireMember, requireOrg } from './identity.js';
import { type DocsAddress, parseDocsAddress, requireDomain } from './urls.js';
import { validateStoredFileTypes } from './validate-stored.js';

/** Hosts of stored URLs (`host/base` → `host`). */
function hostsOf(urls: readonly string[]): string[] {
  return urls.map((url) => parseDocsAddress(url)?.domain ?? url);
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

/** On a hosted server a site's login reads its own organization's secret only (login-rules.ts). */
function refuseOtherOrgsLoginSecret(ctx: RegistryContext, definition: DocsDefinition, orgId: string): void {
  const name = definition.config.login?.hmacSecretEnv;
  if (ctx.domains.mode !== 'hosted' || name === undefined) return;
  const problem = hostedLoginSecretProblem(name, orgId);
  if (problem)
    fail('InvalidDocsDefinitionError', {
      message: `The docs definition cannot be stored: config.login.${problem}. Set that variable on the server and name it in docs.yml.`,
      problems: [`config.login.${problem}`],
    });
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
  refuseOtherOrgsLoginSecret(ctx, body.docsDefinition, registration.org_id);
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

export const docsRegistrationHandlers: Handlers<
  | 'initDocsRegistration'
  | 'finishDocsRegistration'
  | 'initDocsRegistrationV2'
  | 'initDocsPreview'
  | 'finishDocsRegistrationV2'
  | 'uploadDocsFile'
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
};
