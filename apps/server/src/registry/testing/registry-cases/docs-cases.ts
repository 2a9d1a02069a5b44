/**
 * Docs sites: register (v2, v1, preview) and load, manage their URLs, the search preview whitelist
 * and cache invalidation. Run in order by `registry-suite.ts`, sharing `s`.
 */
import { createRegistryClient } from '@sextant/registry-client';
import { expect, it } from 'vitest';
import { expectNamed } from '../expect-named.js';
import { docsDefinition } from '../fixtures.js';
import type { RegistrySuiteContext } from './suite-context.js';

export function docsCases(s: RegistrySuiteContext): void {
  it('registers docs (v2 with base path and custom domain) and loads them by URL', async () => {
    const { server, admin, anonymous, other, state } = s;
    const init = await admin.initDocsRegistrationV2({
      body: { orgId: 'local', domain: 'https://Acme.test/docs/', customDomains: ['docs.acme.test'] },
    });
    expect(init.urls).toEqual(['acme.test/docs', 'docs.acme.test']);
    const heard: unknown[] = [];
    const unsubscribe = server().app.registry.onDocsInvalidated((urls) => heard.push(urls));
    const registered = await admin.finishDocsRegistrationV2({
      params: { id: init.docsRegistrationId },
      body: { docsDefinition: docsDefinition('Acme', 'pets'), apiDefinitionIds: { pets: state.v3 } },
    });
    unsubscribe();
    expect(heard).toEqual([['acme.test/docs', 'docs.acme.test']]);
    state.docsConfigId = registered.docsConfigId;

    const docs = await anonymous.loadDocsForUrl({ body: { url: 'https://acme.test/docs/api/list-pets' } });
    expect(docs.baseUrl).toEqual({ domain: 'acme.test', basePath: '/docs' });
    expect(docs.orgId).toBe('local');
    expect(docs.definition).toMatchObject({ config: { title: 'Acme' } });
    expect(docs.apis.pets?.id).toBe(state.v3);
    expect((await anonymous.loadDocsForUrl({ body: { url: 'docs.acme.test' } })).docsConfigId).toBe(
      state.docsConfigId,
    );
    const viaService = await server().app.registry.loadDocsForUrl('acme.test/docs/anything');
    expect(viaService?.docsConfigId).toBe(state.docsConfigId);
    expect(await server().app.registry.loadDocsForUrl('acme.test/other')).toBeUndefined();
    await expectNamed(
      anonymous.loadDocsForUrl({ body: { url: 'acme.test/elsewhere' } }),
      'DomainNotRegisteredError',
    );
    await expectNamed(anonymous.loadDocsForUrl({ body: { url: 'not a url' } }), 'InvalidURLError');

    const configs = await anonymous.getDocsConfigById({ params: { id: state.docsConfigId } });
    expect(configs.apiDefinitionIds).toEqual({ pets: state.v3 });
    await expectNamed(anonymous.getDocsConfigById({ params: { id: 'nope' } }), 'DocsDefinitionNotFoundError');
    await expectNamed(
      admin.finishDocsRegistrationV2({
        params: { id: 'nope' },
        body: { docsDefinition: docsDefinition('Nope', 'pets') },
      }),
      'DocsRegistrationIdNotFound',
    );
    await expectNamed(
      admin.finishDocsRegistrationV2({
        params: { id: init.docsRegistrationId },
        body: { docsDefinition: docsDefinition('Missing', 'pets'), apiDefinitionIds: ['missing'] },
      }),
      'ApiDoesNotExistError',
    );
    await expectNamed(
      other.initDocsRegistrationV2({ body: { orgId: 'acme', domain: 'acme.test/docs' } }),
      'DomainBelongsToAnotherOrgError',
    );
    await expectNamed(
      admin.initDocsRegistrationV2({ body: { orgId: 'local', domain: 'bad domain!' } }),
      'InvalidDomainError',
    );
    await expectNamed(
      admin.initDocsRegistrationV2({ body: { orgId: 'local', domain: 'ok.test', customDomains: ['-bad-'] } }),
      'InvalidCustomDomainError',
    );
    await expectNamed(
      other.initDocsRegistrationV2({ body: { orgId: 'local', domain: 'x.test' } }),
      'UserNotInOrgError',
    );
    await expectNamed(other.loadPrivateDocsForUrl({ body: { url: 'acme.test/docs' } }), 'UserNotInOrgError');
    expect((await admin.loadPrivateDocsForUrl({ body: { url: 'acme.test/docs' } })).orgId).toBe('local');
  });

  it('serves v1 docs by domain and previews at a generated URL', async () => {
    const { admin, anonymous, state } = s;
    const init = await admin.initDocsRegistration({ body: { orgId: 'local', domain: 'v1.acme.test' } });
    await admin.finishDocsRegistration({
      params: { id: init.docsRegistrationId },
      body: { docsDefinition: docsDefinition('V1', state.v1), apiDefinitionIds: [state.v1] },
    });
    const legacy = await anonymous.loadDocsForDomainLegacy({ params: { domain: 'v1.acme.test' } });
    expect(legacy.definition).toMatchObject({ config: { title: 'V1' } });
    expect(Object.keys(legacy.apis)).toEqual([state.v1]);
    expect((await anonymous.loadDocsForDomain({ body: { domain: 'v1.acme.test' } })).docsConfigId).toBe(
      legacy.docsConfigId,
    );
    await expectNamed(
      anonymous.loadDocsForDomain({ body: { domain: 'v9.acme.test' } }),
      'DomainNotRegisteredError',
    );

    const preview = await admin.initDocsPreview({ body: { orgId: 'local' } });
    state.previewUrl = preview.urls[0] ?? '';
    expect(state.previewUrl).toMatch(/^local-preview-[0-9a-f]+\.preview\.localhost$/);
    await admin.finishDocsRegistrationV2({
      params: { id: preview.docsRegistrationId },
      body: { docsDefinition: docsDefinition('Preview', 'pets'), apiDefinitionIds: { pets: state.v2 } },
    });
    expect((await anonymous.getMetadataForUrl({ body: { url: state.previewUrl } })).isPreview).toBe(true);
  });

  it('manages docs URLs: organization, metadata, archive, list, blobs, ownership, delete, dashboard', async () => {
    const { server, admin, anonymous, other, state, track } = s;
    expect(await anonymous.getOrganizationForUrl({ body: { url: 'docs.acme.test/x' } })).toEqual({
      orgId: 'local',
    });
    await expectNamed(
      anonymous.getOrganizationForUrl({ body: { url: 'none.test' } }),
      'DomainNotRegisteredError',
    );
    await admin.setDocsMetadataForUrl({ body: { url: 'acme.test/docs', metadata: { theme: 'dark' } } });
    const metadata = await anonymous.getMetadataForUrl({ body: { url: 'acme.test/docs' } });
    expect(metadata).toMatchObject({
      orgId: 'local',
      isCustomDomain: false,
      isArchived: false,
      metadata: { theme: 'dark' },
    });
    await expectNamed(anonymous.getMetadataForUrl({ body: { url: 'none.test' } }), 'DocsNotFoundError');
    await expectNamed(
      other.setDocsMetadataForUrl({ body: { url: 'acme.test/docs', metadata: {} } }),
      'UserNotInOrgError',
    );

    await admin.setDocsIsArchived({ body: { url: 'docs.acme.test', isArchived: true } });
    await expectNamed(
      anonymous.loadDocsForUrl({ body: { url: 'docs.acme.test' } }),
      'DomainNotRegisteredError',
    );
    await admin.setDocsIsArchived({ body: { url: 'docs.acme.test', isArchived: false } });
    expect((await anonymous.loadDocsForUrl({ body: { url: 'docs.acme.test' } })).orgId).toBe('local');

    const custom = await admin.listDocsUrls({ query: { custom: 'true' } });
    expect(custom.urls.map((entry) => entry.url)).toEqual(['docs.acme.test']);
    const firstPage = await admin.listDocsUrls({ query: { page: 1, limit: 2 } });
    expect(firstPage.urls).toHaveLength(2);
    expect(firstPage.hasMore).toBe(true);
    const secondPage = await admin.listDocsUrls({ query: { page: 2, limit: 2 } });
    expect(secondPage.urls.map((entry) => entry.url)).not.toContain(firstPage.urls[0]?.url);
    await expectNamed(admin.listDocsUrls({ query: { page: 0 } }), 'InvalidPageError');
    expect((await other.listDocsUrls({})).urls).toEqual([]);

    const ensured = await admin.ensureDocsInBlobStore({ body: { url: 'acme.test/docs' } });
    expect(ensured).toEqual({
      key: `docs/${state.docsConfigId}.json.gz`,
      written: true,
      files: { total: 0, copied: 0, missing: 0 },
    });
    expect((await admin.ensureDocsInBlobStore({ body: { url: 'acme.test/docs' } })).written).toBe(false);
    const prepopulated = await admin.prepopulateBlobStore({ body: {} });
    expect(prepopulated.total).toBe(4);
    expect(prepopulated.written).toBe(2);

    const sites = await admin.getDocsSitesForOrg({ body: { orgId: 'local' } });
    const acme = sites.docsSites.find((site) => site.docsConfigId === state.docsConfigId);
    expect(acme?.mainUrl).toEqual({ domain: 'acme.test', basePath: '/docs' });
    expect(acme?.urls).toHaveLength(2);
    await expectNamed(other.getDocsSitesForOrg({ body: { orgId: 'local' } }), 'UserNotInOrgError');
    await expectNamed(admin.getDocsSitesForOrg({ body: { orgId: 'ghost' } }), 'OrgIdNotFound');

    // Playground analytics: an organization with no Try-it requests has empty totals; members only.
    const range = { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' };
    const analytics = await admin.getPlaygroundAnalytics({ body: { orgId: 'local', ...range } });
    expect(analytics.totals.requests).toBe(0);
    expect(analytics.latencyMs.p50).toBeNull();
    expect(analytics.series).toEqual([]);
    await expectNamed(
      other.getPlaygroundAnalytics({ body: { orgId: 'local', ...range } }),
      'UserNotInOrgError',
    );
    await expectNamed(admin.getPlaygroundAnalytics({ body: { orgId: 'ghost', ...range } }), 'OrgIdNotFound');
    // Ask AI's question log: empty for an organization whose sites were never asked; members only.
    const questions = await admin.getAiQuestionLog({ body: { orgId: 'local' } });
    expect(questions).toMatchObject({ questions: [], hasMore: false });
    await expectNamed(other.getAiQuestionLog({ body: { orgId: 'local' } }), 'UserNotInOrgError');
    await expectNamed(admin.getAiQuestionLog({ body: { orgId: 'local', page: 0 } }), 'InvalidPageError');

    await expectNamed(
      admin.transferDocsOwnership({ body: { url: 'v1.acme.test', targetOrgId: 'acme' } }),
      'UserNotInOrgError',
    );
    expect(await server().app.registry.addMember(`local-admin`, 'acme')).toMatchObject({ status: 'invited' });
    await expectNamed(
      admin.transferDocsOwnership({ body: { url: 'v1.acme.test', targetOrgId: 'acme' } }),
      'UserNotInOrgError',
    );
    expect((await admin.listOrganizationInvitations({ body: {} })).invitations).toMatchObject([
      { orgId: 'acme', role: 'member', invitedBy: 'operator' },
    ]);
    const joined = await admin.acceptOrganizationInvitation({ body: { orgId: 'acme' } });
    expect(joined).toMatchObject({ orgId: 'acme', userId: 'local-admin', role: 'member' });
    s.adminInAcme = track(
      createRegistryClient({ baseUrl: server().baseUrl, token: joined.token, baseDelayMs: 10 }),
    );
    await expectNamed(
      admin.acceptOrganizationInvitation({ body: { orgId: 'acme' } }),
      'InvitationNotFoundError',
    );
    await admin.transferDocsOwnership({ body: { url: 'v1.acme.test', targetOrgId: 'acme' } });
    expect(await anonymous.getOrganizationForUrl({ body: { url: 'v1.acme.test' } })).toEqual({
      orgId: 'acme',
    });
    expect((await other.getDocsSitesForOrg({ body: { orgId: 'acme' } })).docsSites).toHaveLength(1);

    await admin.deleteDocs({ body: { url: state.previewUrl } });
    await expectNamed(anonymous.getMetadataForUrl({ body: { url: state.previewUrl } }), 'DocsNotFoundError');
    await expectNamed(admin.deleteDocs({ body: { url: state.previewUrl } }), 'DocsNotFoundError');
    void s.otherUserId;
  });

  it('keeps a search preview whitelist and invalidates the docs cache', async () => {
    const { server, admin, anonymous } = s;
    await admin.addSearchPreviewWhitelist({ body: { domain: 'b.preview.localhost' } });
    await admin.addSearchPreviewWhitelist({ body: { domain: 'a.preview.localhost' } });
    await admin.addSearchPreviewWhitelist({ body: { domain: 'a.preview.localhost' } });
    expect(await anonymous.listSearchPreviewWhitelist({})).toEqual({
      domains: ['a.preview.localhost', 'b.preview.localhost'],
    });
    await admin.removeSearchPreviewWhitelist({ body: { domain: 'b.preview.localhost' } });
    expect((await anonymous.listSearchPreviewWhitelist({})).domains).toEqual(['a.preview.localhost']);
    await expectNamed(
      admin.addSearchPreviewWhitelist({ body: { domain: 'not valid' } }),
      'InvalidDomainError',
    );
    await expectNamed(
      anonymous.addSearchPreviewWhitelist({ body: { domain: 'a.test' } }),
      'UnauthorizedError',
    );

    const heard: unknown[] = [];
    const unsubscribe = server().app.registry.onDocsInvalidated((urls) => heard.push(urls));
    await admin.invalidateDocsCache({ body: { url: 'https://acme.test/docs/page' } });
    await admin.invalidateDocsCache({ body: {} });
    unsubscribe();
    expect(heard).toEqual([['acme.test/docs'], 'all']);
    await expectNamed(admin.invalidateDocsCache({ body: { url: '::' } }), 'InvalidURLError');
    await expectNamed(anonymous.invalidateDocsCache({ body: {} }), 'UnauthorizedError');
  });
}
