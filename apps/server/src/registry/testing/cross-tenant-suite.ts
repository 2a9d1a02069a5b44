/**
 * Tenant isolation, in hosted mode: organization A owns a docs host (proven by DNS), a custom
 * domain (operator-approved), a generator and its releases, a repository and its pull requests,
 * snippets, templates, members and tokens. Organization B's admin token then tries every token
 * call of the route table on A's resources and must get the named error, and A's resources must
 * be unchanged afterwards. The table is keyed by route name and checked against the contract, so
 * a new token route without a cross-tenant case fails (type check and test). Then the
 * registration race: A and B finish registrations of the same new host at once; exactly one wins
 * and the owner recorded is the organization whose content is served.
 */
import { createHash } from 'node:crypto';
import {
  createRegistryClient,
  type NamedErrorName,
  type RegistryClient,
  type RouteName,
  type Routes,
  routes,
} from '@sextant/registry-client';
import { expect, it } from 'vitest';
import { expectNamed } from './expect-named.js';
import { docsDefinition, petStore } from './fixtures.js';
import { createdMember, type createFakeDns, type TestServer } from './servers.js';

/** Token routes: each must have a cross-tenant case. */
type TokenRoute = { [K in RouteName]: Routes[K]['auth'] extends 'token' ? K : never }[RouteName];

const RACE_HOSTS = Array.from({ length: 50 }, (_, index) => `race-${index}.tenancy.test`);

/** Hosts the operator approved for the suite (pass as `registry.allowDomains`). */
export const TENANCY_ALLOWED_HOSTS = [
  'custom-a.tenancy.test',
  'b.tenancy.test',
  'approved-first.tenancy.test',
  ...RACE_HOSTS,
];

const A = 'tenant-a';
const B = 'tenant-b';
const A_HOST = 'a.tenancy.test';
const A_URL = `${A_HOST}/docs`;
const A_CUSTOM = 'custom-a.tenancy.test';

/** What B attacks: ids of A's resources, made in the first test. */
interface Fixture {
  apiDefinitionId: string;
  pendingRegistrationId: string;
  uploadId: string;
  memberTokenId: string;
  docsConfigId: string;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const endpointRef = { method: 'GET' as const, path: '/pets' };
const template = {
  sdk: { language: 'typescript' as const, package: '@b/pets', version: '9.9.9' },
  endpointId: endpointRef,
  snippetTemplate: {
    type: 'v1' as const,
    clientInstantiation: 'const client = new Pets();',
    functionInvocation: { type: 'generic' as const, templateString: 'pwned' },
  },
};

/** B's attempt on A's resource: refused with a named error, or answered with B's own data only. */
type Case = { refuse: NamedErrorName; call: () => Promise<unknown> } | { scoped: () => Promise<void> };

/** B's attempt on A's resource for each token route. */
function cases(b: RegistryClient, f: Fixture): Record<TokenRoute, Case> {
  const refused = (refuse: NamedErrorName, call: () => Promise<unknown>): Case => ({ refuse, call });
  const definition = petStore([]);
  return {
    registerApiDefinition: refused('UserNotInOrgError', () =>
      b.registerApiDefinition({ body: { orgId: A, apiId: 'pets', definition } }),
    ),
    getDocsSitesForOrg: refused('UserNotInOrgError', () => b.getDocsSitesForOrg({ body: { orgId: A } })),
    getAiQuestionLog: refused('UserNotInOrgError', () =>
      b.getAiQuestionLog({ body: { orgId: A, url: A_URL } }),
    ),
    getPlaygroundAnalytics: refused('UserNotInOrgError', () =>
      b.getPlaygroundAnalytics({
        body: { orgId: A, url: A_URL, from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
      }),
    ),
    initDocsRegistration: refused('DomainBelongsToAnotherOrgError', () =>
      b.initDocsRegistration({ body: { orgId: B, domain: A_HOST } }),
    ),
    finishDocsRegistration: refused('UserNotInOrgError', () =>
      b.finishDocsRegistration({
        params: { id: f.pendingRegistrationId },
        body: { docsDefinition: docsDefinition('B', 'pets') },
      }),
    ),
    ensureDocsInBlobStore: refused('UserNotInOrgError', () =>
      b.ensureDocsInBlobStore({ body: { url: A_URL } }),
    ),
    loadPrivateDocsForUrl: refused('UserNotInOrgError', () =>
      b.loadPrivateDocsForUrl({ body: { url: A_URL } }),
    ),
    // Lists the caller's own organizations' URLs only.
    listDocsUrls: {
      scoped: async () => {
        const listed = await b.listDocsUrls({});
        expect(listed.urls.filter((entry) => entry.orgId !== B)).toEqual([]);
      },
    },
    prepopulateBlobStore: refused('UserNotInOrgError', () => b.prepopulateBlobStore({ body: { orgId: A } })),
    // A path under A's host, as its own site: A owns every path under the host.
    initDocsRegistrationV2: refused('DomainBelongsToAnotherOrgError', () =>
      b.initDocsRegistrationV2({ body: { orgId: B, domain: `${A_HOST}/guides` } }),
    ),
    initDocsPreview: refused('UserNotInOrgError', () => b.initDocsPreview({ body: { orgId: A } })),
    uploadDocsFile: refused('UserNotInOrgError', () =>
      b.uploadDocsFile({ params: { uploadId: f.uploadId }, body: new Uint8Array([1, 2, 3]) }),
    ),
    finishDocsRegistrationV2: refused('UserNotInOrgError', () =>
      b.finishDocsRegistrationV2({
        params: { id: f.pendingRegistrationId },
        body: { docsDefinition: docsDefinition('B', 'pets') },
      }),
    ),
    transferDocsOwnership: refused('UserNotInOrgError', () =>
      b.transferDocsOwnership({ body: { url: A_URL, targetOrgId: B } }),
    ),
    setDocsIsArchived: refused('UserNotInOrgError', () =>
      b.setDocsIsArchived({ body: { url: A_URL, isArchived: true } }),
    ),
    setDocsMetadataForUrl: refused('UserNotInOrgError', () =>
      b.setDocsMetadataForUrl({ body: { url: A_URL, metadata: { pwned: true } } }),
    ),
    addSearchPreviewWhitelist: refused('UserNotInOrgError', () =>
      b.addSearchPreviewWhitelist({ body: { domain: A_CUSTOM } }),
    ),
    removeSearchPreviewWhitelist: refused('UserNotInOrgError', () =>
      b.removeSearchPreviewWhitelist({ body: { domain: A_HOST } }),
    ),
    deleteDocs: refused('UserNotInOrgError', () => b.deleteDocs({ body: { url: A_URL } })),
    upsertCliRelease: refused('OperatorRoleRequiredError', () =>
      b.upsertCliRelease({ body: { version: '99.0.0', irVersion: 1 } }),
    ),
    upsertGeneratorRelease: refused('UserNotInOrgError', () =>
      b.upsertGeneratorRelease({ body: { generatorId: 'a-sdk', version: '9.9.9', irVersion: 1 } }),
    ),
    upsertGenerator: refused('UserNotInOrgError', () =>
      b.upsertGenerator({
        body: {
          id: 'a-sdk',
          displayName: 'A SDK',
          generatorType: 'sdk',
          dockerImage: 'evil/a-sdk',
          orgId: B,
        },
      }),
    ),
    invalidateDocsCache: refused('UserNotInOrgError', () =>
      b.invalidateDocsCache({ body: { url: `https://${A_URL}/page` } }),
    ),
    upsertRepository: refused('UserNotInOrgError', () =>
      b.upsertRepository({ body: { owner: 'tenant-a', name: 'sdk', orgId: B, url: 'https://evil.test' } }),
    ),
    deleteRepository: refused('UserNotInOrgError', () =>
      b.deleteRepository({ params: { owner: 'tenant-a', repo: 'sdk' } }),
    ),
    upsertPullRequest: refused('UserNotInOrgError', () =>
      b.upsertPullRequest({
        body: { owner: 'tenant-a', repo: 'sdk', number: 1, title: 'pwned', state: 'merged' },
      }),
    ),
    deletePullRequest: refused('UserNotInOrgError', () =>
      b.deletePullRequest({ params: { owner: 'tenant-a', repo: 'sdk', number: 1 } }),
    ),
    computeSemanticVersion: refused('UserNotInOrgError', () =>
      b.computeSemanticVersion({
        body: {
          orgId: A,
          packageName: '@a/pets',
          language: 'typescript',
          apiDefinitionId: f.apiDefinitionId,
          previous: { version: '1.0.0', apiDefinitionId: f.apiDefinitionId },
          record: true,
        },
      }),
    ),
    createSnippets: refused('UserNotInOrgError', () =>
      b.createSnippets({
        body: {
          orgId: A,
          apiId: 'pets',
          endpoint: endpointRef,
          snippets: [{ language: 'curl', code: 'pwned' }],
        },
      }),
    ),
    registerSnippetTemplate: refused('UserNotInOrgError', () =>
      b.registerSnippetTemplate({ body: { orgId: A, apiId: 'pets', snippet: template } }),
    ),
    registerSnippetTemplateBatch: refused('UserNotInOrgError', () =>
      b.registerSnippetTemplateBatch({ body: { orgId: A, apiId: 'pets', snippets: [template] } }),
    ),
    generateToken: refused('UserNotInOrgError', () => b.generateToken({ body: { orgId: A } })),
    revokeToken: refused('UserNotInOrgError', () => b.revokeToken({ body: { tokenId: f.memberTokenId } })),
    createOrganization: refused('OperatorRoleRequiredError', () =>
      b.createOrganization({ body: { orgId: 'tenant-c' } }),
    ),
    addOrganizationMember: refused('UserNotInOrgError', () =>
      b.addOrganizationMember({ body: { orgId: A, userId: `${B}-admin`, role: 'admin' } }),
    ),
    removeOrganizationMember: refused('UserNotInOrgError', () =>
      b.removeOrganizationMember({ body: { orgId: A, userId: `${A}-admin` } }),
    ),
    // B has no invitation to A: joining A is refused, and B's pending list shows only B's own.
    acceptOrganizationInvitation: refused('InvitationNotFoundError', () =>
      b.acceptOrganizationInvitation({ body: { orgId: A } }),
    ),
    listOrganizationInvitations: {
      scoped: async () => {
        expect((await b.listOrganizationInvitations({ body: {} })).invitations).toEqual([]);
      },
    },
    createDomainClaim: refused('DomainBelongsToAnotherOrgError', () =>
      b.createDomainClaim({ body: { orgId: B, domain: A_HOST } }),
    ),
    verifyDomainClaim: refused('DomainBelongsToAnotherOrgError', () =>
      b.verifyDomainClaim({ body: { orgId: B, domain: A_HOST } }),
    ),
  };
}

/** Registers docs at `domain` (plus custom domains) for the client's organization. */
async function publish(
  client: RegistryClient,
  orgId: string,
  domain: string,
  title: string,
  customDomains: string[] = [],
): Promise<string> {
  const init = await client.initDocsRegistrationV2({ body: { orgId, domain, customDomains } });
  const { docsConfigId } = await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: docsDefinition(title, 'pets') },
  });
  return docsConfigId;
}

/** Defines the suite on a hosted-mode server whose `token` is an operator's and whose DNS is `dns`. */
export function crossTenantSuite(
  server: () => TestServer,
  dns: ReturnType<typeof createFakeDns>,
  options: { raceRuns: number },
): void {
  let operator: RegistryClient;
  let anonymous: RegistryClient;
  let a: RegistryClient;
  let b: RegistryClient;
  const fixture: Fixture = {
    apiDefinitionId: '',
    pendingRegistrationId: '',
    uploadId: '',
    memberTokenId: '',
    docsConfigId: '',
  };
  const client = (token?: string) =>
    createRegistryClient({ baseUrl: server().baseUrl, ...(token ? { token } : {}), maxRetries: 0 });

  it('an operator creates the organizations; A proves its host by DNS and owns its resources', async () => {
    operator = client(server().token);
    anonymous = client();
    a = client((await operator.createOrganization({ body: { orgId: A } })).token);
    b = client((await operator.createOrganization({ body: { orgId: B } })).token);

    // A host nobody owns needs a proof: a DNS TXT record, or an operator's approval.
    await expectNamed(
      a.initDocsRegistrationV2({ body: { orgId: A, domain: A_URL } }),
      'DomainNotClaimedError',
    );
    const claim = await a.createDomainClaim({ body: { orgId: A, domain: A_HOST } });
    expect(claim.recordName).toBe(`_sextant-challenge.${A_HOST}`);
    await expectNamed(
      a.verifyDomainClaim({ body: { orgId: A, domain: A_HOST } }),
      'DomainClaimNotVerifiedError',
    );
    // B cannot steal a claim in progress by proving it first with A's token value either: it has its own.
    const rival = await b.createDomainClaim({ body: { orgId: B, domain: A_HOST } });
    expect(rival.recordValue).not.toBe(claim.recordValue);
    dns.set(claim.recordName, [claim.recordValue]);
    await expectNamed(
      b.verifyDomainClaim({ body: { orgId: B, domain: A_HOST } }),
      'DomainClaimNotVerifiedError',
    );
    expect((await a.verifyDomainClaim({ body: { orgId: A, domain: A_HOST } })).verified).toBe(true);
    await expectNamed(
      b.verifyDomainClaim({ body: { orgId: B, domain: A_HOST } }),
      'DomainBelongsToAnotherOrgError',
    );

    fixture.apiDefinitionId = (
      await a.registerApiDefinition({ body: { orgId: A, apiId: 'pets', definition: petStore([]) } })
    ).apiDefinitionId;
    fixture.docsConfigId = await publish(a, A, A_URL, 'A docs', [A_CUSTOM]);
    const bytes = new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg"><title>A</title></svg>`);
    const pending = await a.initDocsRegistrationV2({
      body: {
        orgId: A,
        domain: `${A_HOST}/next`,
        files: [{ path: 'logo.svg', sha256: sha(bytes), size: bytes.length, contentType: 'image/svg+xml' }],
      },
    });
    fixture.pendingRegistrationId = pending.docsRegistrationId;
    const file = pending.files[0];
    if (file?.status !== 'upload') throw new Error('expected an upload');
    fixture.uploadId = file.upload.uploadId;
    await a.addSearchPreviewWhitelist({ body: { domain: A_HOST } });

    await a.upsertGenerator({
      body: { id: 'a-sdk', displayName: 'A SDK', generatorType: 'sdk', dockerImage: 'a/sdk' },
    });
    await a.upsertGeneratorRelease({ body: { generatorId: 'a-sdk', version: '1.0.0', irVersion: 1 } });
    await a.upsertRepository({ body: { owner: 'tenant-a', name: 'sdk' } });
    await a.upsertPullRequest({
      body: { owner: 'tenant-a', repo: 'sdk', number: 1, title: 'A', state: 'open' },
    });
    await a.createSnippets({
      body: {
        orgId: A,
        apiId: 'pets',
        endpoint: endpointRef,
        snippets: [{ language: 'curl', code: 'curl a' }],
      },
    });
    fixture.memberTokenId = createdMember(
      await a.addOrganizationMember({ body: { orgId: A, userId: 'ann' } }),
    ).tokenId;
  });

  it("refuses B's token on A's resources for every token call of the registry, with the named error", async () => {
    const table = cases(b, fixture);
    const tokenRoutes = Object.entries(routes)
      .filter(([, spec]) => spec.auth === 'token')
      .map(([name]) => name)
      .sort();
    expect(Object.keys(table).sort()).toEqual(tokenRoutes);
    const heard: unknown[] = [];
    const unsubscribe = server().app.registry.onDocsInvalidated((urls) => heard.push(urls));
    let refusals = 0;
    for (const [name, entry] of Object.entries(table) as [string, Case][]) {
      if ('scoped' in entry) {
        await entry.scoped();
        continue;
      }
      const refused = await expectNamed(entry.call(), entry.refuse).catch((failure: Error) => {
        throw new Error(`${name}: ${failure.message}`);
      });
      expect(refused.status, name).toBeGreaterThanOrEqual(400);
      expect(refused.status, name).toBeLessThan(500);
      refusals++;
    }
    expect(refusals).toBe(Object.values(table).filter((entry) => 'refuse' in entry).length);
    // A custom domain already A's, under B's own approved host registration.
    await expectNamed(
      b.initDocsRegistrationV2({ body: { orgId: B, domain: 'b.tenancy.test', customDomains: [A_CUSTOM] } }),
      'DomainBelongsToAnotherOrgError',
    );
    // B flushing "all" flushes only B's sites (none yet), never A's.
    await b.invalidateDocsCache({ body: {} });
    unsubscribe();
    expect(heard.flat()).not.toContain('all');
    expect(heard.flat().filter((url) => String(url).includes(A_HOST))).toEqual([]);
  });

  it("leaves A's resources as they were", async () => {
    const docs = await anonymous.loadDocsForUrl({ body: { url: `https://${A_URL}/guides/x` } });
    expect(docs.orgId).toBe(A);
    expect(docs.definition).toMatchObject({ config: { title: 'A docs' } });
    expect((await anonymous.getOrganizationForUrl({ body: { url: `${A_URL}/guides` } })).orgId).toBe(A);
    expect((await anonymous.loadDocsForUrl({ body: { url: A_CUSTOM } })).orgId).toBe(A);
    expect((await a.getMetadataForUrl({ body: { url: A_URL } })).metadata).toEqual({});
    expect((await anonymous.getGenerator({ params: { id: 'a-sdk' } })).dockerImage).toBe('a/sdk');
    expect(
      (await anonymous.listGeneratorReleases({ params: { id: 'a-sdk' } })).releases.map((r) => r.version),
    ).toEqual(['1.0.0']);
    expect(await anonymous.getRepository({ params: { owner: 'tenant-a', repo: 'sdk' } })).not.toHaveProperty(
      'url',
    );
    expect(
      (await anonymous.getPullRequest({ params: { owner: 'tenant-a', repo: 'sdk', number: 1 } })).title,
    ).toBe('A');
    expect((await anonymous.listSearchPreviewWhitelist({})).domains).toEqual([A_HOST]);
    await expectNamed(anonymous.getCliRelease({ params: { version: '99.0.0' } }), 'CliVersionNotFoundError');
    const snippets = await anonymous.getSnippetsForEndpoint({
      body: { orgId: A, apiId: 'pets', endpoint: endpointRef },
    });
    expect(snippets.snippets.map((entry) => entry.code)).toEqual(['curl a']);
    await expectNamed(
      anonymous.getSnippetTemplate({
        body: {
          orgId: A,
          apiId: 'pets',
          endpointId: endpointRef,
          sdk: { language: 'typescript', package: '@b/pets' },
        },
      }),
      'SnippetNotFound',
    );
    // A's admin is still a member, A's member token was not revoked.
    expect((await a.getDocsSitesForOrg({ body: { orgId: A } })).docsSites.length).toBeGreaterThan(0);
  });

  it('roles: operators publish CLI releases and create organizations; members are not admins', async () => {
    expect((await operator.upsertCliRelease({ body: { version: '1.0.0', irVersion: 1 } })).version).toBe(
      '1.0.0',
    );
    await expectNamed(
      a.upsertCliRelease({ body: { version: '2.0.0', irVersion: 1 } }),
      'OperatorRoleRequiredError',
    );
    await expectNamed(operator.createOrganization({ body: { orgId: A } }), 'OrganizationExistsError');
    const ann = client(
      createdMember(await a.addOrganizationMember({ body: { orgId: A, userId: 'anna' } })).token,
    );
    await ann.setDocsMetadataForUrl({ body: { url: A_URL, metadata: { by: 'ann' } } });
    await expectNamed(
      ann.addOrganizationMember({ body: { orgId: A, userId: 'mallory', role: 'admin' } }),
      'OrgAdminRoleRequiredError',
    );
    // Operators manage every site's whitelist and cache.
    await operator.addSearchPreviewWhitelist({ body: { domain: 'any.preview.test' } });
    await operator.removeSearchPreviewWhitelist({ body: { domain: 'any.preview.test' } });
    await operator.invalidateDocsCache({ body: {} });
  });

  it('an approved host goes to the first organization that registers it, without DNS', async () => {
    await publish(b, B, 'approved-first.tenancy.test', 'B first');
    await expectNamed(
      a.initDocsRegistrationV2({ body: { orgId: A, domain: 'approved-first.tenancy.test/a' } }),
      'DomainBelongsToAnotherOrgError',
    );
    await expectNamed(
      a.initDocsRegistrationV2({ body: { orgId: A, domain: 'unapproved.tenancy.test' } }),
      'DomainNotClaimedError',
    );
  });

  it('archived or deleted docs are no longer readable by id, except by their organization', async () => {
    const id = await publish(b, B, 'b.tenancy.test/old', 'B old');
    expect((await anonymous.getDocsConfigById({ params: { id } })).docsConfigId).toBe(id);
    await b.setDocsIsArchived({ body: { url: 'b.tenancy.test/old', isArchived: true } });
    await expectNamed(anonymous.getDocsConfigById({ params: { id } }), 'DocsDefinitionNotFoundError');
    await expectNamed(a.getDocsConfigById({ params: { id } }), 'DocsDefinitionNotFoundError');
    expect((await b.getDocsConfigById({ params: { id } })).orgId).toBe(B);
    await b.setDocsIsArchived({ body: { url: 'b.tenancy.test/old', isArchived: false } });
    expect((await anonymous.getDocsConfigById({ params: { id } })).orgId).toBe(B);
    await b.deleteDocs({ body: { url: 'b.tenancy.test/old' } });
    await expectNamed(anonymous.getDocsConfigById({ params: { id } }), 'DocsDefinitionNotFoundError');
  });

  it(`registration race: A and B finish the same new host at once, ${options.raceRuns} times, one owner whose content is served`, async () => {
    let mismatches = 0;
    let bothWon = 0;
    for (const host of RACE_HOSTS.slice(0, options.raceRuns)) {
      const [initA, initB] = await Promise.all([
        a.initDocsRegistrationV2({ body: { orgId: A, domain: host } }),
        b.initDocsRegistrationV2({ body: { orgId: B, domain: host } }),
      ]);
      const finish = (c: RegistryClient, id: string, title: string) =>
        c.finishDocsRegistrationV2({
          params: { id },
          body: { docsDefinition: docsDefinition(title, 'pets') },
        });
      const results = await Promise.allSettled([
        finish(a, initA.docsRegistrationId, A),
        finish(b, initB.docsRegistrationId, B),
      ]);
      const winners = results.flatMap((result, index) =>
        result.status === 'fulfilled' ? [[A, B][index]] : [],
      );
      if (winners.length !== 1) bothWon++;
      for (const result of results)
        if (result.status === 'rejected')
          expect((result.reason as { errorName?: string }).errorName).toBe('DomainBelongsToAnotherOrgError');
      const owner = (await anonymous.getOrganizationForUrl({ body: { url: host } })).orgId;
      const served = await anonymous.loadDocsForUrl({ body: { url: host } });
      const title = (served.definition as { config?: { title?: string } }).config?.title;
      if (owner !== winners[0] || served.orgId !== owner || title !== owner) mismatches++;
    }
    expect({ bothWon, mismatches }).toEqual({ bothWon: 0, mismatches: 0 });
  });
}
