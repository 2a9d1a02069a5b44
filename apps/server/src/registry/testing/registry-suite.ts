/**
 * The integration suite: the typed client against a real server over HTTP, every call of the
 * route table, run once on PGlite and once on PostgreSQL (the `*.test.ts` files beside the
 * plugin pick the database). Steps share state in order, like a real publish would.
 */
import { createHash } from 'node:crypto';
import {
  createRegistryClient,
  type DocsFileStatus,
  MAX_DOCS_FILE_BYTES,
  type NamedErrorName,
  type RegistryClient,
  RegistryClientError,
  RegistryNamedError,
  routes,
} from '@sextant/registry-client';
import { expect, it } from 'vitest';
import { docsDefinition, endpoint, petStore, queryParameter } from './fixtures.js';
import { createdMember, type createFakeDns, type TestServer } from './servers.js';

/** Awaits `promise` and checks it fails with the named registry error. */
export async function expectNamed(
  promise: Promise<unknown>,
  name: NamedErrorName,
): Promise<RegistryNamedError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected ${name}`).toBeInstanceOf(RegistryNamedError);
  expect((error as RegistryNamedError).errorName).toBe(name);
  return error as RegistryNamedError;
}

/**
 * Defines the suite; `server()` returns the started server (set up in beforeAll), in local mode,
 * whose DNS resolver for domain claims is `dns`.
 */
export function registrySuite(server: () => TestServer, dns: ReturnType<typeof createFakeDns>): void {
  let admin: RegistryClient;
  /** The local admin's token of "acme", which it joins by invitation (below). */
  let adminInAcme: RegistryClient;
  let anonymous: RegistryClient;
  let other: RegistryClient;
  let otherUserId = '';
  const state = { v1: '', v2: '', v3: '', docsConfigId: '', previewUrl: '' };
  const calls = new Set<string>();
  const track = (client: RegistryClient): RegistryClient =>
    new Proxy(client, {
      get(target, name: string) {
        calls.add(name);
        return target[name as keyof RegistryClient];
      },
    });

  it('starts with a local organization and its admin token; tokens can be generated and revoked', async () => {
    const { baseUrl, token, orgId } = server();
    expect(orgId).toBe('local');
    admin = track(createRegistryClient({ baseUrl, token, baseDelayMs: 10 }));
    anonymous = track(createRegistryClient({ baseUrl, baseDelayMs: 10 }));
    const created = await server().app.registry.createOrganization('acme');
    otherUserId = created.userId;
    other = track(createRegistryClient({ baseUrl, token: created.token, baseDelayMs: 10 }));

    const generated = await admin.generateToken({ body: { orgId: 'local', description: 'ci' } });
    expect(generated.token).toMatch(/^sxt_/);
    const ci = createRegistryClient({ baseUrl, token: generated.token });
    await ci.generateToken({ body: { orgId: 'local' } });
    await admin.revokeToken({ body: { tokenId: generated.tokenId } });
    await expectNamed(ci.generateToken({ body: { orgId: 'local' } }), 'UnauthorizedError');
    await expectNamed(anonymous.generateToken({ body: { orgId: 'local' } }), 'UnauthorizedError');
    await expectNamed(other.generateToken({ body: { orgId: 'local' } }), 'UserNotInOrgError');
    await expectNamed(admin.generateToken({ body: { orgId: 'nope' } }), 'OrgIdNotFound');
    // acme's admin cannot revoke local's admin token: no shared organization.
    const mine = await admin.generateToken({ body: { orgId: 'local' } });
    await expectNamed(other.revokeToken({ body: { tokenId: mine.tokenId } }), 'UserNotInOrgError');
  });

  it('registers API definitions, loads them by id and loads the latest of the same API', async () => {
    const first = petStore([endpoint('listPets', '/pets'), endpoint('getPet', '/pets/{petId}')]);
    state.v1 = (
      await admin.registerApiDefinition({ body: { orgId: 'local', apiId: 'pets', definition: first } })
    ).apiDefinitionId;
    const loaded = await admin.loadApiDefinition({ params: { id: state.v1 } });
    expect(loaded).toEqual({ ...first, id: state.v1 });

    // v2 removes getPet (breaking); v3 adds an optional query parameter to listPets (minor).
    const second = petStore([endpoint('listPets', '/pets')]);
    state.v2 = (
      await admin.registerApiDefinition({ body: { orgId: 'local', apiId: 'pets', definition: second } })
    ).apiDefinitionId;
    const third = petStore([endpoint('listPets', '/pets', [queryParameter('limit')])]);
    state.v3 = (
      await admin.registerApiDefinition({ body: { orgId: 'local', apiId: 'pets', definition: third } })
    ).apiDefinitionId;
    const latest = await anonymous.loadLatestApiDefinition({ params: { id: state.v1 } });
    expect(latest.id).toBe(state.v3);
    expect(Object.keys(latest.endpoints)).toEqual(['listPets']);

    await expectNamed(anonymous.loadApiDefinition({ params: { id: 'missing' } }), 'ApiDoesNotExistError');
    await expectNamed(
      anonymous.loadLatestApiDefinition({ params: { id: 'missing' } }),
      'ApiDoesNotExistError',
    );
    await expectNamed(
      anonymous.registerApiDefinition({ body: { orgId: 'local', apiId: 'pets', definition: first } }),
      'UnauthorizedError',
    );
    await expectNamed(
      other.registerApiDefinition({ body: { orgId: 'local', apiId: 'pets', definition: first } }),
      'UserNotInOrgError',
    );
  });

  it('diffs two definitions and computes the next SDK version', async () => {
    const removed = await anonymous.diffApiDefinitions({
      query: { previousApiDefinitionId: state.v1, currentApiDefinitionId: state.v2 },
    });
    expect(removed.bump).toBe('MAJOR');
    expect(JSON.stringify(removed.diff)).toContain('endpoint-removed');
    expect(removed.markdown).toMatch(/getPet|pets\/\{petId\}/);
    const added = await anonymous.diffApiDefinitions({
      query: { previousApiDefinitionId: state.v2, currentApiDefinitionId: state.v3 },
    });
    expect(added.bump).toBe('MINOR');
    await expectNamed(
      anonymous.diffApiDefinitions({
        query: { previousApiDefinitionId: 'x', currentApiDefinitionId: state.v1 },
      }),
      'ApiDoesNotExistError',
    );

    const body = {
      orgId: 'local',
      packageName: '@acme/pets',
      language: 'typescript',
      apiDefinitionId: state.v2,
    };
    await expectNamed(admin.computeSemanticVersion({ body }), 'SDKNotFound');
    const major = await admin.computeSemanticVersion({
      body: { ...body, previous: { version: '1.4.2', apiDefinitionId: state.v1 }, record: true },
    });
    expect(major).toEqual({ version: '2.0.0', bump: 'MAJOR', previousVersion: '1.4.2' });
    const minor = await admin.computeSemanticVersion({ body: { ...body, apiDefinitionId: state.v3 } });
    expect(minor).toEqual({ version: '2.1.0', bump: 'MINOR', previousVersion: '2.0.0' });
    await expectNamed(
      admin.computeSemanticVersion({
        body: { ...body, previous: { version: 'two', apiDefinitionId: state.v1 } },
      }),
      'FailedToComputeExistingVersion',
    );
    await expectNamed(other.computeSemanticVersion({ body }), 'UserNotInOrgError');
  });

  it('gives each kind of change its bump: diff route and semantic-version route agree', async () => {
    const register = async (definition: ReturnType<typeof petStore>) =>
      (await admin.registerApiDefinition({ body: { orgId: 'local', apiId: 'bumps', definition } }))
        .apiDefinitionId;
    const base = await register(
      petStore([endpoint('listPets', '/pets'), endpoint('getPet', '/pets/{petId}')]),
    );
    const pairs = [
      ['removed endpoint', petStore([endpoint('listPets', '/pets')]), 'MAJOR', '2.0.0'],
      [
        'new required parameter',
        petStore([
          endpoint('listPets', '/pets', [queryParameter('owner', true)]),
          endpoint('getPet', '/pets/{petId}'),
        ]),
        'MAJOR',
        '2.0.0',
      ],
      [
        'new optional field',
        petStore([
          endpoint('listPets', '/pets', [queryParameter('limit')]),
          endpoint('getPet', '/pets/{petId}'),
        ]),
        'MINOR',
        '1.5.0',
      ],
      [
        'changed type',
        petStore([endpoint('listPets', '/pets'), endpoint('getPet', '/pets/{petId}')], {
          type: 'primitive',
          value: { type: 'string' },
        }),
        'MAJOR',
        '2.0.0',
      ],
      [
        'description only',
        petStore([
          endpoint('listPets', '/pets', [], 'Lists every pet.'),
          endpoint('getPet', '/pets/{petId}'),
        ]),
        'PATCH',
        '1.4.3',
      ],
    ] as const;
    for (const [kind, definition, bump, version] of pairs) {
      const current = await register(definition);
      const diff = await anonymous.diffApiDefinitions({
        query: { previousApiDefinitionId: base, currentApiDefinitionId: current },
      });
      expect(diff.bump, kind).toBe(bump);
      const next = await admin.computeSemanticVersion({
        body: {
          orgId: 'local',
          packageName: 'bumps',
          language: 'python',
          apiDefinitionId: current,
          previous: { version: '1.4.2', apiDefinitionId: base },
        },
      });
      expect(next, kind).toEqual({ version, bump, previousVersion: '1.4.2' });
    }
  });

  it('registers docs (v2 with base path and custom domain) and loads them by URL', async () => {
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
    adminInAcme = track(
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
    void otherUserId;
  });

  it('keeps a search preview whitelist and invalidates the docs cache', async () => {
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

  it('stores CLI releases and orders them by semver', async () => {
    const release = (version: string, irVersion: number) =>
      admin.upsertCliRelease({
        body: { version, irVersion, changelogEntries: [{ type: 'feat', summary: `cli ${version}` }] },
      });
    expect((await release('1.0.0', 50)).releaseType).toBe('GA');
    expect((await release('1.1.0-rc.1', 51)).releaseType).toBe('RC');
    await release('1.9.0', 52);
    await release('1.10.0', 53);
    expect((await anonymous.getLatestCliRelease({ body: {} })).version).toBe('1.10.0');
    expect((await anonymous.getLatestCliRelease({ body: { releaseType: 'RC' } })).version).toBe('1.1.0-rc.1');
    expect((await anonymous.getLatestCliRelease({ body: { versionConstraint: '<1.5.0' } })).version).toBe(
      '1.0.0',
    );
    expect((await anonymous.getLatestCliRelease({ body: { irVersion: 52 } })).version).toBe('1.9.0');
    await expectNamed(
      anonymous.getLatestCliRelease({ body: { versionConstraint: '>5' } }),
      'NoValidClisFoundError',
    );
    await expectNamed(
      anonymous.getLatestCliRelease({ body: { versionConstraint: 'what' } }),
      'InvalidVersionError',
    );
    const changelog = await anonymous.getCliChangelog({ body: { fromVersion: '1.0.0', toVersion: '1.9.0' } });
    expect(changelog.entries.map((entry) => entry.version)).toEqual(['1.9.0', '1.1.0-rc.1', '1.0.0']);
    expect(changelog.entries[0]?.changelogEntries).toEqual([{ type: 'feat', summary: 'cli 1.9.0' }]);
    expect((await anonymous.getMinCliForIr({ params: { id: 52 } })).version).toBe('1.9.0');
    await expectNamed(anonymous.getMinCliForIr({ params: { id: 99 } }), 'NoValidClisFoundError');
    expect((await anonymous.getCliRelease({ params: { version: '1.9.0' } })).irVersion).toBe(52);
    await expectNamed(anonymous.getCliRelease({ params: { version: '9.9.9' } }), 'CliVersionNotFoundError');
    await expectNamed(anonymous.getCliRelease({ params: { version: 'latest' } }), 'InvalidVersionError');
    await expectNamed(release('one', 1), 'InvalidVersionError');
    const page = await anonymous.listCliReleases({ query: { page: 1, pageSize: 3 } });
    expect(page.releases.map((entry) => entry.version)).toEqual(['1.10.0', '1.9.0', '1.1.0-rc.1']);
    expect(page.hasMore).toBe(true);
    expect(
      (await anonymous.listCliReleases({ query: { page: 2, pageSize: 3 } })).releases.map(
        (entry) => entry.version,
      ),
    ).toEqual(['1.0.0']);
    await expectNamed(anonymous.listCliReleases({ query: { page: -1 } }), 'InvalidPageError');
  });

  it('stores generators and their releases', async () => {
    const generator = {
      id: 'ts-sdk',
      displayName: 'TypeScript SDK',
      generatorType: 'sdk' as const,
      generatorLanguage: 'typescript',
      dockerImage: 'sextant/ts-sdk',
    };
    expect(await admin.upsertGenerator({ body: { ...generator, orgId: 'local' } })).toEqual(generator);
    await admin.upsertGenerator({
      body: { ...generator, id: 'py-sdk', dockerImage: 'sextant/py-sdk', orgId: 'local' },
    });
    // The caller's user belongs to "local" and "acme", but its token acts in "local" only.
    await expectNamed(
      admin.upsertGenerator({
        body: { ...generator, id: 'go-sdk', dockerImage: 'sextant/go-sdk', orgId: 'acme' },
      }),
      'UserNotInOrgError',
    );
    await expectNamed(
      adminInAcme.upsertGenerator({
        body: { ...generator, id: 'go-sdk', dockerImage: 'sextant/go-sdk', orgId: 'local' },
      }),
      'UserNotInOrgError',
    );
    expect(await anonymous.getGenerator({ params: { id: 'ts-sdk' } })).toEqual(generator);
    await expectNamed(anonymous.getGenerator({ params: { id: 'go-sdk' } }), 'NoValidGeneratorsFoundError');
    expect((await anonymous.listGenerators({})).generators.map((entry) => entry.id)).toEqual([
      'py-sdk',
      'ts-sdk',
    ]);
    expect(
      (await anonymous.getGeneratorByImage({ body: { dockerImage: 'sextant/ts-sdk' } })).generator?.id,
    ).toBe('ts-sdk');
    expect((await anonymous.getGeneratorByImage({ body: { dockerImage: 'none' } })).generator).toBeNull();

    for (const [version, irVersion] of [
      ['0.9.0', 50],
      ['2.0.0-rc.2', 55],
      ['2.0.0-rc.10', 55],
      ['1.2.0', 53],
    ] as const) {
      await admin.upsertGeneratorRelease({
        body: {
          generatorId: 'ts-sdk',
          version,
          irVersion,
          changelogEntries: [{ type: 'fix', summary: version }],
        },
      });
    }
    await expectNamed(
      admin.upsertGeneratorRelease({ body: { generatorId: 'go-sdk', version: '1.0.0', irVersion: 1 } }),
      'NoValidGeneratorsFoundError',
    );
    expect((await anonymous.getLatestGeneratorRelease({ body: { generatorId: 'ts-sdk' } })).version).toBe(
      '1.2.0',
    );
    expect(
      (await anonymous.getLatestGeneratorRelease({ body: { generatorId: 'ts-sdk', releaseType: 'RC' } }))
        .version,
    ).toBe('2.0.0-rc.10');
    await expectNamed(
      anonymous.getLatestGeneratorRelease({ body: { generatorId: 'ts-sdk', versionConstraint: '^3' } }),
      'NoValidGeneratorsFoundError',
    );
    const release = await anonymous.getGeneratorRelease({ params: { id: 'ts-sdk', version: '1.2.0' } });
    expect(release).toMatchObject({ generatorId: 'ts-sdk', irVersion: 53, releaseType: 'GA' });
    await expectNamed(
      anonymous.getGeneratorRelease({ params: { id: 'ts-sdk', version: '7.0.0' } }),
      'GeneratorVersionNotFoundError',
    );
    const list = await anonymous.listGeneratorReleases({ params: { id: 'ts-sdk' }, query: { pageSize: 10 } });
    expect(list.releases.map((entry) => entry.version)).toEqual([
      '2.0.0-rc.10',
      '2.0.0-rc.2',
      '1.2.0',
      '0.9.0',
    ]);
    const changelog = await anonymous.getGeneratorChangelog({
      params: { id: 'ts-sdk' },
      body: { fromVersion: '1.0.0', toVersion: '2.0.0-rc.5' },
    });
    expect(changelog.entries.map((entry) => entry.version)).toEqual(['2.0.0-rc.2', '1.2.0']);
    await expectNamed(
      anonymous.getGeneratorChangelog({
        params: { id: 'ts-sdk' },
        body: { fromVersion: 'x', toVersion: '1.0.0' },
      }),
      'InvalidVersionError',
    );
  });

  it('stores GitHub repositories and pull requests', async () => {
    const repository = {
      owner: 'acme',
      name: 'pets-ts',
      orgId: 'local',
      defaultBranch: 'main',
      isPrivate: false,
    };
    expect(await admin.upsertRepository({ body: repository })).toEqual(repository);
    await expectNamed(
      admin.upsertRepository({ body: { owner: 'acme', name: 'pets-py', orgId: 'acme' } }),
      'UserNotInOrgError',
    );
    await adminInAcme.upsertRepository({ body: { owner: 'acme', name: 'pets-py', orgId: 'acme' } });
    expect(await anonymous.getRepository({ params: { owner: 'acme', repo: 'pets-ts' } })).toEqual(repository);
    await expectNamed(anonymous.getRepository({ params: { owner: 'acme', repo: 'none' } }), 'SDKNotFound');
    const listed = await anonymous.listRepositories({ body: { owner: 'acme', pageSize: 1 } });
    expect(listed.repositories.map((entry) => entry.name)).toEqual(['pets-py']);
    expect(listed.hasMore).toBe(true);
    expect((await anonymous.listRepositories({ body: { orgId: 'local' } })).repositories).toHaveLength(1);
    await expectNamed(anonymous.listRepositories({ body: { page: 0 } }), 'InvalidPageError');
    await expectNamed(
      other.upsertRepository({ body: { ...repository, orgId: 'local' } }),
      'UserNotInOrgError',
    );

    for (const [number, state] of [
      [1, 'open'],
      [2, 'closed'],
      [3, 'merged'],
    ] as const) {
      await admin.upsertPullRequest({
        body: { owner: 'acme', repo: 'pets-ts', number, title: `PR ${number}`, author: 'ana', state },
      });
    }
    await admin.upsertPullRequest({
      body: { owner: 'acme', repo: 'pets-ts', number: 1, title: 'PR 1', state: 'merged' },
    });
    expect(
      (await anonymous.getPullRequest({ params: { owner: 'acme', repo: 'pets-ts', number: 1 } })).state,
    ).toBe('merged');
    const merged = await anonymous.listPullRequests({ body: { repo: 'pets-ts', state: ['merged'] } });
    expect(merged.pullRequests.map((entry) => entry.number)).toEqual([3, 1]);
    expect(
      (await anonymous.listPullRequests({ body: { author: 'ana' } })).pullRequests.map(
        (entry) => entry.number,
      ),
    ).toEqual([3, 2]);
    await admin.deletePullRequest({ params: { owner: 'acme', repo: 'pets-ts', number: 2 } });
    await expectNamed(
      anonymous.getPullRequest({ params: { owner: 'acme', repo: 'pets-ts', number: 2 } }),
      'SDKNotFound',
    );
    await expectNamed(
      admin.deletePullRequest({ params: { owner: 'acme', repo: 'pets-ts', number: 2 } }),
      'SDKNotFound',
    );
    await admin.deleteRepository({ params: { owner: 'acme', repo: 'pets-ts' } });
    await expectNamed(anonymous.getRepository({ params: { owner: 'acme', repo: 'pets-ts' } }), 'SDKNotFound');
    expect((await anonymous.listPullRequests({ body: { repo: 'pets-ts' } })).pullRequests).toEqual([]);
    await expectNamed(admin.deleteRepository({ params: { owner: 'acme', repo: 'pets-ts' } }), 'SDKNotFound');
  });

  it('stores snippets per endpoint and loads them by page', async () => {
    const endpointRef = { method: 'GET' as const, path: '/pets/{petId}' };
    const created = await admin.createSnippets({
      body: {
        orgId: 'local',
        apiId: 'pets',
        endpoint: endpointRef,
        snippets: [
          { language: 'typescript', sdkPackage: '@acme/pets', code: 'await client.pets.get("1")' },
          { language: 'python', code: 'client.pets.get("1")' },
        ],
      },
    });
    expect(created).toEqual({ created: 2 });
    // Neither orgId nor apiId: a caller in one organization with one API needs to name neither.
    const solo = await server().app.registry.createOrganization('solo');
    const soloClient = createRegistryClient({ baseUrl: server().baseUrl, token: solo.token });
    await soloClient.registerApiDefinition({
      body: { orgId: 'solo', apiId: 'only', definition: petStore([]) },
    });
    expect(
      await soloClient.createSnippets({
        body: { endpoint: endpointRef, snippets: [{ language: 'go', code: 'Get()' }] },
      }),
    ).toEqual({
      created: 1,
    });
    expect(
      (await soloClient.getSnippetsForEndpoint({ body: { endpoint: endpointRef } })).snippets[0]?.code,
    ).toBe('Get()');
    // "local" has several APIs and its admin joined "acme" (above): both ids must be named.
    const found = await admin.getSnippetsForEndpoint({
      body: { orgId: 'local', apiId: 'pets', endpoint: endpointRef, languages: ['python'] },
    });
    expect(found.snippets.map((entry) => entry.code)).toEqual(['client.pets.get("1")']);
    await expectNamed(
      anonymous.getSnippetsForEndpoint({ body: { endpoint: endpointRef } }),
      'OrgIdRequiredError',
    );
    await expectNamed(
      anonymous.getSnippetsForEndpoint({
        body: { orgId: 'local', apiId: 'pets', endpoint: { method: 'GET', path: '/none' } },
      }),
      'EndpointNotFound',
    );
    await expectNamed(
      anonymous.getSnippetsForEndpoint({ body: { orgId: 'local', apiId: 'nope', endpoint: endpointRef } }),
      'OrgIdAndApiIdNotFound',
    );
    await admin.registerApiDefinition({
      body: { orgId: 'local', apiId: 'stores', definition: petStore([]) },
    });
    await expectNamed(
      anonymous.getSnippetsForEndpoint({ body: { orgId: 'local', endpoint: endpointRef } }),
      'ApiIdRequiredError',
    );
    await expectNamed(
      other.createSnippets({
        body: {
          orgId: 'local',
          apiId: 'pets',
          endpoint: endpointRef,
          snippets: [{ language: 'go', code: 'x' }],
        },
      }),
      'UserNotInOrgError',
    );

    const many = Array.from({ length: 149 }, (_, index) => ({
      language: 'curl' as const,
      code: `curl ${index}`,
    }));
    await admin.createSnippets({
      body: { orgId: 'local', apiId: 'pets', endpoint: { method: 'POST', path: '/pets' }, snippets: many },
    });
    const first = await anonymous.loadSnippets({
      query: { page: 1 },
      body: { orgId: 'local', apiId: 'pets' },
    });
    expect(first.nextPage).toBe(2);
    expect(first.snippets['/pets/{petId}']?.GET).toHaveLength(2);
    expect(first.snippets['/pets']?.POST).toHaveLength(98);
    const second = await anonymous.loadSnippets({
      query: { page: 2 },
      body: { orgId: 'local', apiId: 'pets' },
    });
    expect(second.nextPage).toBeNull();
    expect(second.snippets['/pets']?.POST?.at(-1)?.code).toBe('curl 148');
    await expectNamed(
      anonymous.loadSnippets({ query: { page: 0 }, body: { orgId: 'local', apiId: 'pets' } }),
      'InvalidPageError',
    );
  });

  it('stores snippet templates one by one and in batches', async () => {
    const template = (version: string, text: string) => ({
      sdk: { language: 'typescript' as const, package: '@acme/pets', version },
      endpointId: { method: 'GET' as const, path: '/pets' },
      snippetTemplate: {
        type: 'v1' as const,
        clientInstantiation: 'const client = new PetsClient();',
        functionInvocation: { type: 'generic' as const, templateString: text },
      },
    });
    expect(
      await admin.registerSnippetTemplate({
        body: { orgId: 'local', apiId: 'pets', snippet: template('1.2.0', 'v1.2') },
      }),
    ).toEqual({ registered: 1 });
    const batch = await admin.registerSnippetTemplateBatch({
      body: {
        orgId: 'local',
        apiId: 'pets',
        apiDefinitionId: state.v3,
        snippets: [template('1.10.0', 'v1.10'), template('1.9.0', 'v1.9'), template('1.10.0', 'v1.10 again')],
      },
    });
    expect(batch).toEqual({ registered: 2 });
    const newest = await anonymous.getSnippetTemplate({
      body: {
        orgId: 'local',
        apiId: 'pets',
        endpointId: { method: 'GET', path: '/pets' },
        sdk: { language: 'typescript', package: '@acme/pets' },
      },
    });
    expect(newest).toMatchObject({
      sdk: { version: '1.10.0' },
      snippetTemplate: { functionInvocation: { templateString: 'v1.10 again' } },
      apiDefinitionId: state.v3,
    });
    const exact = await anonymous.getSnippetTemplate({
      body: {
        orgId: 'local',
        apiId: 'pets',
        endpointId: { method: 'GET', path: '/pets' },
        sdk: { language: 'typescript', package: '@acme/pets', version: '1.2.0' },
      },
    });
    expect(exact.snippetTemplate.functionInvocation).toEqual({ type: 'generic', templateString: 'v1.2' });
    await expectNamed(
      anonymous.getSnippetTemplate({
        body: {
          orgId: 'local',
          apiId: 'pets',
          endpointId: { method: 'GET', path: '/pets' },
          sdk: { language: 'go', package: 'x' },
        },
      }),
      'SnippetNotFound',
    );
    await expectNamed(
      other.registerSnippetTemplateBatch({
        body: { orgId: 'local', apiId: 'pets', snippets: [template('1.0.0', 'x')] },
      }),
      'UserNotInOrgError',
    );
  });

  it('stores docs files: declared at init, uploaded once per content, checked, linked at register, per organization', async () => {
    const logo = Buffer.from(`\x89PNG logo ${Math.random()}`);
    const diagram = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg"><title>${Math.random()}</title></svg>`,
    );
    const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    const files = [
      { path: 'assets/logo.png', sha256: sha(logo), size: logo.length, contentType: 'image/png' },
      { path: 'images/copy-of-logo.png', sha256: sha(logo), size: logo.length, contentType: 'image/png' },
      {
        path: 'images/diagram.svg',
        sha256: sha(diagram),
        size: diagram.length,
        contentType: 'image/svg+xml',
      },
    ];
    const uploadOf = (status: DocsFileStatus | undefined) => {
      if (status?.status !== 'upload') throw new Error(`expected an upload target, got ${status?.status}`);
      return status.upload;
    };
    const init = await admin.initDocsRegistrationV2({
      body: { orgId: 'local', domain: 'files.acme.test', files },
    });
    expect(init.files.map((file) => [file.path, file.status])).toEqual([
      ['assets/logo.png', 'upload'],
      ['images/copy-of-logo.png', 'upload'],
      ['images/diagram.svg', 'upload'],
    ]);
    const logoUpload = uploadOf(init.files[0]);
    // Same content, one upload.
    expect(uploadOf(init.files[1]).uploadId).toBe(logoUpload.uploadId);
    expect(logoUpload).toMatchObject({
      method: 'PUT',
      path: `/v2/registry/docs/files/${logoUpload.uploadId}`,
    });
    const diagramUpload = uploadOf(init.files[2]);

    const params = { uploadId: logoUpload.uploadId };
    await expectNamed(anonymous.uploadDocsFile({ params, body: logo }), 'UnauthorizedError');
    await expectNamed(other.uploadDocsFile({ params, body: logo }), 'UserNotInOrgError');
    const tampered = Buffer.from(logo);
    tampered.writeUInt8(tampered.readUInt8(0) ^ 1, 0);
    const mismatch = await expectNamed(
      admin.uploadDocsFile({ params, body: tampered }),
      'DocsFileHashMismatchError',
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.message).toContain('"assets/logo.png"');
    const short = await expectNamed(
      admin.uploadDocsFile({ params, body: logo.subarray(1) }),
      'DocsFileSizeMismatchError',
    );
    expect(short.message).toContain(`declared ${logo.length} bytes at init, received ${logo.length - 1}`);
    await expectNamed(
      admin.uploadDocsFile({ params: { uploadId: 'no-such-upload' }, body: logo }),
      'DocsFileUploadNotFoundError',
    );

    const definition = {
      docsDefinition: docsDefinition('Files', 'pets'),
      apiDefinitionIds: { pets: state.v3 },
    };
    const early = await expectNamed(
      admin.finishDocsRegistrationV2({ params: { id: init.docsRegistrationId }, body: definition }),
      'DocsFilesNotUploadedError',
    );
    expect(early.message).toContain('"images/diagram.svg"');

    const stored = await admin.uploadDocsFile({ params, body: logo });
    expect(stored).toMatchObject({ sha256: sha(logo), size: logo.length });
    // Uploading the same bytes again is harmless.
    expect((await admin.uploadDocsFile({ params, body: logo })).fileId).toBe(stored.fileId);
    await admin.uploadDocsFile({ params: { uploadId: diagramUpload.uploadId }, body: diagram });
    await admin.finishDocsRegistrationV2({ params: { id: init.docsRegistrationId }, body: definition });

    const docs = await anonymous.loadDocsForUrl({ body: { url: 'files.acme.test' } });
    expect(docs.files['assets/logo.png']).toEqual({
      fileId: stored.fileId,
      sha256: sha(logo),
      size: logo.length,
      contentType: 'image/png',
    });
    expect(docs.files['images/copy-of-logo.png']?.fileId).toBe(stored.fileId);
    expect(docs.files['images/diagram.svg']?.contentType).toBe('image/svg+xml');
    expect(Buffer.from((await server().app.registry.readDocsFile(stored.fileId)) ?? [])).toEqual(logo);
    // A docs host running alone reads the same bytes by the site's URL and content hash only.
    const read = await anonymous.readDocsFileForUrl({ query: { url: 'files.acme.test', sha256: sha(logo) } });
    expect(read).toMatchObject({ sha256: sha(logo), size: logo.length, contentType: 'image/png' });
    expect(Buffer.from(read.base64, 'base64')).toEqual(logo);
    await expectNamed(
      anonymous.readDocsFileForUrl({
        query: { url: 'files.acme.test', sha256: sha(Buffer.from('not linked')) },
      }),
      'DocsFileNotLinkedError',
    );

    // Publishing the same files again: nothing to upload.
    const again = await admin.initDocsRegistrationV2({
      body: { orgId: 'local', domain: 'files.acme.test', files },
    });
    expect(again.files.map((file) => file.status)).toEqual(['stored', 'stored', 'stored']);
    expect(again.files[0]).toMatchObject({ status: 'stored', fileId: stored.fileId });
    // Another organization never shares the bytes: it uploads its own.
    const elsewhere = await other.initDocsRegistrationV2({
      body: { orgId: 'acme', domain: 'files.acme-corp.test', files: files.slice(0, 1) },
    });
    expect(elsewhere.files[0]?.status).toBe('upload');

    const huge = await expectNamed(
      admin.initDocsPreview({
        body: { orgId: 'local', files: [{ ...files[0]!, size: MAX_DOCS_FILE_BYTES + 1 }] },
      }),
      'DocsFileTooLargeError',
    );
    expect(huge.message).toContain('"assets/logo.png"');
    for (const path of ['../secret.png', '/etc/passwd', 'a//b.png', 'a/./b.png']) {
      const refused = await admin
        .initDocsRegistration({
          body: { orgId: 'local', domain: 'files-v1.acme.test', files: [{ ...files[0]!, path }] },
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused, path).toBeInstanceOf(RegistryClientError);
      expect((refused as RegistryClientError).status, path).toBe(400);
    }
    const v1 = await admin.initDocsRegistration({
      body: { orgId: 'local', domain: 'files-v1.acme.test', files: files.slice(2) },
    });
    expect(v1.files[0]).toMatchObject({ path: 'images/diagram.svg', status: 'stored' });
  });

  it('creates organizations (operators), manages members and tokens (admins) and proves domain claims', async () => {
    const { baseUrl } = server();
    const created = await admin.createOrganization({ body: { orgId: 'beta' } });
    expect(created).toMatchObject({ orgId: 'beta', userId: 'beta-admin', role: 'admin' });
    await expectNamed(admin.createOrganization({ body: { orgId: 'beta' } }), 'OrganizationExistsError');
    await expectNamed(other.createOrganization({ body: { orgId: 'gamma' } }), 'OperatorRoleRequiredError');
    const beta = track(createRegistryClient({ baseUrl, token: created.token, baseDelayMs: 10 }));
    const member = createdMember(
      await beta.addOrganizationMember({ body: { orgId: 'beta', userId: 'bea' } }),
    );
    expect(member).toMatchObject({ orgId: 'beta', userId: 'bea', role: 'member' });
    const bea = createRegistryClient({ baseUrl, token: member.token, baseDelayMs: 10 });
    const beaSecond = createRegistryClient({
      baseUrl,
      token: (await bea.generateToken({ body: { orgId: 'beta' } })).token,
      maxRetries: 0,
    });
    await expectNamed(
      bea.addOrganizationMember({ body: { orgId: 'beta', userId: 'mallory', role: 'admin' } }),
      'OrgAdminRoleRequiredError',
    );
    await expectNamed(bea.revokeToken({ body: { tokenId: created.tokenId } }), 'OrgAdminRoleRequiredError');
    await expectNamed(
      other.removeOrganizationMember({ body: { orgId: 'beta', userId: 'bea' } }),
      'UserNotInOrgError',
    );
    await beta.revokeToken({ body: { tokenId: member.tokenId } });
    await expectNamed(bea.generateToken({ body: { orgId: 'beta' } }), 'UnauthorizedError');
    // An existing member is not handed a new token: their role is set.
    expect(await beta.addOrganizationMember({ body: { orgId: 'beta', userId: 'bea' } })).toEqual({
      status: 'updated',
      orgId: 'beta',
      userId: 'bea',
      role: 'member',
    });
    await beaSecond.generateToken({ body: { orgId: 'beta' } });
    // Removing a member revokes every token of theirs acting in the organization.
    await beta.removeOrganizationMember({ body: { orgId: 'beta', userId: 'bea' } });
    await expectNamed(beaSecond.generateToken({ body: { orgId: 'beta' } }), 'UnauthorizedError');
    // Back as an existing user: invited, no credential returned.
    expect(await beta.addOrganizationMember({ body: { orgId: 'beta', userId: 'bea' } })).toEqual({
      status: 'invited',
      orgId: 'beta',
      userId: 'bea',
      role: 'member',
    });

    const domain = 'claimed.acme-corp.test';
    const claim = await other.createDomainClaim({ body: { orgId: 'acme', domain } });
    expect(claim).toMatchObject({ domain, recordName: `_sextant-challenge.${domain}`, verified: false });
    expect((await other.createDomainClaim({ body: { orgId: 'acme', domain } })).recordValue).toBe(
      claim.recordValue,
    );
    await expectNamed(
      other.verifyDomainClaim({ body: { orgId: 'acme', domain } }),
      'DomainClaimNotVerifiedError',
    );
    dns.set(claim.recordName, ['v=spf1 -all', claim.recordValue]);
    expect(await other.verifyDomainClaim({ body: { orgId: 'acme', domain } })).toMatchObject({
      verified: true,
    });
    await expectNamed(
      admin.createDomainClaim({ body: { orgId: 'local', domain } }),
      'DomainBelongsToAnotherOrgError',
    );
    await expectNamed(
      other.verifyDomainClaim({ body: { orgId: 'acme', domain: 'never-claimed.test' } }),
      'DomainClaimNotFoundError',
    );
    await expectNamed(
      other.createDomainClaim({ body: { orgId: 'acme', domain: `${domain}/guides` } }),
      'InvalidDomainError',
    );
  });

  it('publishes its OpenAPI 3.1 document and every call was exercised', async () => {
    const response = await fetch(`${server().baseUrl}/openapi.json`);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    for (const spec of Object.values(routes)) {
      expect(
        document.paths[spec.path]?.[spec.method.toLowerCase()],
        `${spec.method} ${spec.path}`,
      ).toBeDefined();
    }
    expect([...calls].filter((name) => name in routes).sort()).toEqual(Object.keys(routes).sort());
  });
}
