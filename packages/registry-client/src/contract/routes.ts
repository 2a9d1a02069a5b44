/**
 * The route table: every registry call of SPEC §7 with its method, path, schemas, auth rule and
 * the named errors it may return. The server registers one Fastify route per entry, the client
 * builds one typed method per entry, `/openapi.json` and the fuzz tests are generated from it.
 */
import { z } from 'zod';
import * as ai from './ai-entities.js';
import * as a from './analytics-entities.js';
import * as s from './entities.js';
import type { NamedErrorName } from './errors.js';
import * as t from './tenancy-entities.js';

/**
 * Who may call: anyone, any valid token, or anyone with an optional token (used to pick the org).
 * A `token` route then checks the caller may touch what it names (member, admin or operator).
 */
export type RouteAuth = 'public' | 'token' | 'optional';

/** One registry call. */
export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with `{name}` parameters, exactly as in SPEC §7. */
  path: string;
  summary: string;
  auth: RouteAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  errors: readonly NamedErrorName[];
  /** Largest accepted body in bytes; 1 MiB when absent. */
  bodyLimit?: number;
  /** The body is raw bytes (`application/octet-stream`), not JSON; the route has no `body` schema. */
  rawBody?: true;
}

const MB = 1024 * 1024;
const route = <const T extends RouteSpec>(spec: T): T => spec;
const versionParams = z.strictObject({ version: z.string().min(1) });
const generatorVersionParams = z.strictObject({ id: z.string().min(1), version: z.string().min(1) });
const member = ['UnauthorizedError', 'UserNotInOrgError'] as const;
/** A resource with no owning organization (made before owners existed) is changed by operators only. */
const owned = [...member, 'OperatorRoleRequiredError'] as const;
const urlErrors = ['InvalidURLError', 'DomainNotRegisteredError'] as const;
const fileDeclarationErrors = ['DocsFileTooLargeError', 'DocsFileTypeNotAllowedError'] as const;

export const routes = {
  loadLatestApiDefinition: route({
    method: 'GET',
    path: '/registry/api/latest/load/{id}',
    summary: 'Load the newest registered definition of the same API as definition `id`.',
    auth: 'public',
    params: s.idParamsSchema,
    response: s.apiDefinitionSchema,
    errors: ['ApiDoesNotExistError'],
  }),
  loadApiDefinition: route({
    method: 'GET',
    path: '/registry/api/load/{id}',
    summary: 'Load an API definition by its registry id.',
    auth: 'public',
    params: s.idParamsSchema,
    response: s.apiDefinitionSchema,
    errors: ['ApiDoesNotExistError'],
  }),
  registerApiDefinition: route({
    method: 'POST',
    path: '/registry/api/register',
    summary: 'Store a new version of an API definition; returns its registry id.',
    auth: 'token',
    body: s.registerApiDefinitionBodySchema,
    response: s.registerApiDefinitionResponseSchema,
    errors: [...member, 'OrgIdNotFound', 'InvalidApiDefinitionError'],
    bodyLimit: 128 * MB,
  }),
  getDocsSitesForOrg: route({
    method: 'POST',
    path: '/dashboard/get-docs-sites-for-org',
    summary: "List an organization's docs sites.",
    auth: 'token',
    body: s.docsSitesForOrgBodySchema,
    response: s.docsSitesForOrgResponseSchema,
    errors: [...member, 'OrgIdNotFound'],
  }),
  loadDocsForDomainLegacy: route({
    method: 'GET',
    path: '/registry/docs/load/{domain}',
    summary: 'Load the docs served at a domain (v1).',
    auth: 'public',
    params: z.strictObject({ domain: z.string().min(1) }),
    response: s.loadedDocsSchema,
    errors: urlErrors,
  }),
  loadDocsForDomain: route({
    method: 'POST',
    path: '/registry/docs/load',
    summary: 'Load the docs served at a domain (v1).',
    auth: 'public',
    body: s.domainBodySchema,
    response: s.loadedDocsSchema,
    errors: urlErrors,
  }),
  initDocsRegistration: route({
    method: 'POST',
    path: '/registry/docs/init',
    summary: 'Start a docs registration for a domain (v1).',
    auth: 'token',
    body: s.initDocsV1BodySchema,
    response: s.initDocsResponseSchema,
    errors: [
      ...member,
      'OrgIdNotFound',
      'InvalidDomainError',
      'DomainBelongsToAnotherOrgError',
      'DomainNotClaimedError',
      ...fileDeclarationErrors,
    ],
  }),
  finishDocsRegistration: route({
    method: 'POST',
    path: '/registry/docs/register/{id}',
    summary: 'Publish a docs definition for a registration started with init (v1).',
    auth: 'token',
    params: s.idParamsSchema,
    body: s.registerDocsBodySchema,
    response: s.registerDocsResponseSchema,
    errors: [
      ...member,
      'DocsRegistrationIdNotFound',
      'ApiDoesNotExistError',
      'DomainBelongsToAnotherOrgError',
      'DomainNotClaimedError',
      'DocsFilesNotUploadedError',
      'InvalidDocsDefinitionError',
    ],
    bodyLimit: 64 * MB,
  }),
  getOrganizationForUrl: route({
    method: 'POST',
    path: '/v2/registry/docs/organization-for-url',
    summary: 'The organization that owns the docs at a URL.',
    auth: 'public',
    body: s.urlBodySchema,
    response: s.orgForUrlResponseSchema,
    errors: urlErrors,
  }),
  getMetadataForUrl: route({
    method: 'POST',
    path: '/v2/registry/docs/metadata-for-url',
    summary: 'Metadata of the docs at a URL.',
    auth: 'public',
    body: s.urlBodySchema,
    response: s.docsUrlMetadataSchema,
    errors: ['InvalidURLError', 'DocsNotFoundError'],
  }),
  loadDocsForUrl: route({
    method: 'POST',
    path: '/v2/registry/docs/load-with-url',
    summary: 'Load the docs served at a URL (host plus base path).',
    auth: 'public',
    body: s.urlBodySchema,
    response: s.loadedDocsSchema,
    errors: urlErrors,
  }),
  readDocsFileForUrl: route({
    method: 'GET',
    path: '/v2/registry/docs/file',
    summary:
      'The bytes of a file linked to the docs served at a URL, by sha256 (base64): what a docs host running alone serves.',
    auth: 'public',
    query: s.docsFileQuerySchema,
    response: s.docsFileContentSchema,
    errors: [...urlErrors, 'DocsFileNotLinkedError'],
  }),
  ensureDocsInBlobStore: route({
    method: 'POST',
    path: '/v2/registry/docs/ensure-docs-in-s3',
    summary: 'Write the docs bundle of a URL to the blob store unless it is there.',
    auth: 'token',
    body: s.urlBodySchema,
    response: s.blobResponseSchema,
    errors: [...member, ...urlErrors],
  }),
  loadPrivateDocsForUrl: route({
    method: 'POST',
    path: '/v2/registry/docs/private/load-with-url',
    summary: 'Load docs at a URL for a member of the owning organization.',
    auth: 'token',
    body: s.urlBodySchema,
    response: s.loadedDocsSchema,
    errors: [...member, ...urlErrors],
  }),
  listDocsUrls: route({
    method: 'GET',
    path: '/v2/registry/docs/urls/list',
    summary: "List the docs URLs of the caller's organizations.",
    auth: 'token',
    query: s.listDocsUrlsQuerySchema,
    response: s.listDocsUrlsResponseSchema,
    errors: ['UnauthorizedError', 'InvalidPageError'],
  }),
  getDocsConfigById: route({
    method: 'GET',
    path: '/v2/registry/docs/{id}',
    summary:
      'A registered docs definition by its docs config id: while it is served at a live URL, or to members of its organization.',
    auth: 'optional',
    params: s.idParamsSchema,
    response: s.docsConfigSchema,
    errors: ['DocsDefinitionNotFoundError'],
  }),
  prepopulateBlobStore: route({
    method: 'POST',
    path: '/v2/registry/docs/prepopulate-s3-bucket',
    summary: "Write every docs bundle of the caller's organizations to the blob store.",
    auth: 'token',
    body: s.prepopulateBodySchema,
    response: s.prepopulateResponseSchema,
    errors: member,
  }),
  initDocsRegistrationV2: route({
    method: 'POST',
    path: '/v2/registry/docs/v2/init',
    summary: 'Start a docs registration for a URL with optional base path and custom domains.',
    auth: 'token',
    body: s.initDocsV2BodySchema,
    response: s.initDocsResponseSchema,
    errors: [
      ...member,
      'OrgIdNotFound',
      'InvalidDomainError',
      'InvalidCustomDomainError',
      'DomainBelongsToAnotherOrgError',
      'DomainNotClaimedError',
      ...fileDeclarationErrors,
    ],
  }),
  initDocsPreview: route({
    method: 'POST',
    path: '/v2/registry/docs/preview/init',
    summary: 'Start a docs registration at a new preview URL.',
    auth: 'token',
    body: s.initDocsPreviewBodySchema,
    response: s.initDocsResponseSchema,
    errors: [...member, 'OrgIdNotFound', ...fileDeclarationErrors],
  }),
  uploadDocsFile: route({
    method: 'PUT',
    path: '/v2/registry/docs/files/{uploadId}',
    summary:
      'Upload the bytes of a file a docs init asked for (application/octet-stream); checked against the declared sha256 and size.',
    auth: 'token',
    params: s.uploadDocsFileParamsSchema,
    rawBody: true,
    response: s.uploadDocsFileResponseSchema,
    errors: [
      ...member,
      'DocsFileUploadNotFoundError',
      'DocsFileHashMismatchError',
      'DocsFileSizeMismatchError',
      'DocsFileTooLargeError',
    ],
    bodyLimit: s.MAX_DOCS_FILE_BYTES,
  }),
  finishDocsRegistrationV2: route({
    method: 'POST',
    path: '/v2/registry/docs/register/{id}',
    summary: 'Publish a docs definition for a registration started with init.',
    auth: 'token',
    params: s.idParamsSchema,
    body: s.registerDocsBodySchema,
    response: s.registerDocsResponseSchema,
    errors: [
      ...member,
      'DocsRegistrationIdNotFound',
      'ApiDoesNotExistError',
      'DomainBelongsToAnotherOrgError',
      'DomainNotClaimedError',
      'DocsFilesNotUploadedError',
      'InvalidDocsDefinitionError',
    ],
    bodyLimit: 64 * MB,
  }),
  transferDocsOwnership: route({
    method: 'POST',
    path: '/v2/registry/docs/transfer-ownership',
    summary: 'Move the docs at a URL to another organization (member of both).',
    auth: 'token',
    body: s.transferOwnershipBodySchema,
    response: s.emptySchema,
    errors: [...member, 'InvalidURLError', 'DocsNotFoundError', 'OrgIdNotFound'],
  }),
  setDocsIsArchived: route({
    method: 'POST',
    path: '/v2/registry/docs/set-is-archived',
    summary: 'Archive or unarchive the docs at a URL (archived docs are not served).',
    auth: 'token',
    body: s.setArchivedBodySchema,
    response: s.emptySchema,
    errors: [...member, 'InvalidURLError', 'DocsNotFoundError'],
  }),
  setDocsMetadataForUrl: route({
    method: 'POST',
    path: '/v2/registry/docs/set-metadata-for-url',
    summary: 'Merge metadata into the docs URL record.',
    auth: 'token',
    body: s.setMetadataBodySchema,
    response: s.emptySchema,
    errors: [...member, 'InvalidURLError', 'DocsNotFoundError'],
  }),
  addSearchPreviewWhitelist: route({
    method: 'POST',
    path: '/v2/registry/docs/algolia-preview-whitelist/add',
    summary:
      "Allow search indexing of a preview domain (a host of the caller's organizations; any for operators).",
    auth: 'token',
    body: s.domainBodySchema,
    response: s.emptySchema,
    errors: ['UnauthorizedError', 'UserNotInOrgError', 'InvalidDomainError', 'DomainNotRegisteredError'],
  }),
  removeSearchPreviewWhitelist: route({
    method: 'POST',
    path: '/v2/registry/docs/algolia-preview-whitelist/remove',
    summary: 'Remove a preview domain from the search whitelist.',
    auth: 'token',
    body: s.domainBodySchema,
    response: s.emptySchema,
    errors: ['UnauthorizedError', 'UserNotInOrgError', 'InvalidDomainError', 'DomainNotRegisteredError'],
  }),
  listSearchPreviewWhitelist: route({
    method: 'GET',
    path: '/v2/registry/docs/algolia-preview-whitelist/list',
    summary: 'The search preview whitelist.',
    auth: 'public',
    response: s.whitelistResponseSchema,
    errors: [],
  }),
  deleteDocs: route({
    method: 'POST',
    path: '/v2/registry/docs/delete',
    summary: 'Stop serving docs at a URL.',
    auth: 'token',
    body: s.urlBodySchema,
    response: s.emptySchema,
    errors: [...member, 'InvalidURLError', 'DocsNotFoundError'],
  }),
  getLatestCliRelease: route({
    method: 'POST',
    path: '/generators/cli/latest',
    summary: 'The newest CLI release of a release type within optional constraints.',
    auth: 'public',
    body: s.latestCliBodySchema,
    response: s.cliReleaseSchema,
    errors: ['NoValidClisFoundError', 'InvalidVersionError'],
  }),
  getCliChangelog: route({
    method: 'POST',
    path: '/generators/cli/changelog',
    summary: 'Changelog entries of CLI releases from fromVersion to toVersion (both included), newest first.',
    auth: 'public',
    body: s.changelogBodySchema,
    response: s.changelogResponseSchema,
    errors: ['InvalidVersionError'],
  }),
  getMinCliForIr: route({
    method: 'GET',
    path: '/generators/cli/for-ir/{id}',
    summary: 'The oldest GA CLI release that produces IR version `id` or newer.',
    auth: 'public',
    params: z.strictObject({ id: z.coerce.number<number>().int().min(0) }),
    response: s.cliReleaseSchema,
    errors: ['NoValidClisFoundError'],
  }),
  upsertCliRelease: route({
    method: 'PUT',
    path: '/generators/cli',
    summary: 'Create or replace a CLI release (platform operators).',
    auth: 'token',
    body: s.cliReleaseInputSchema,
    response: s.cliReleaseSchema,
    errors: ['UnauthorizedError', 'OperatorRoleRequiredError', 'InvalidVersionError'],
  }),
  getCliRelease: route({
    method: 'GET',
    path: '/generators/cli/{version}',
    summary: 'A CLI release by version.',
    auth: 'public',
    params: versionParams,
    response: s.cliReleaseSchema,
    errors: ['CliVersionNotFoundError', 'InvalidVersionError'],
  }),
  listCliReleases: route({
    method: 'GET',
    path: '/generators/cli',
    summary: 'CLI releases, newest first.',
    auth: 'public',
    query: s.pageSizeQuerySchema,
    response: s.cliReleaseListSchema,
    errors: ['InvalidPageError'],
  }),
  getLatestGeneratorRelease: route({
    method: 'POST',
    path: '/generators/versions/latest',
    summary: 'The newest release of a generator of a release type within optional constraints.',
    auth: 'public',
    body: s.latestGeneratorBodySchema,
    response: s.generatorReleaseSchema,
    errors: ['NoValidGeneratorsFoundError', 'InvalidVersionError'],
  }),
  getGeneratorChangelog: route({
    method: 'POST',
    path: '/generators/versions/{id}/changelog',
    summary: 'Changelog entries of generator releases from fromVersion to toVersion (both included).',
    auth: 'public',
    params: s.idParamsSchema,
    body: s.changelogBodySchema,
    response: s.changelogResponseSchema,
    errors: ['InvalidVersionError'],
  }),
  upsertGeneratorRelease: route({
    method: 'PUT',
    path: '/generators/versions',
    summary: "Create or replace a release of a generator of the caller's organization.",
    auth: 'token',
    body: s.generatorReleaseInputSchema,
    response: s.generatorReleaseSchema,
    errors: [...owned, 'InvalidVersionError', 'NoValidGeneratorsFoundError'],
  }),
  getGeneratorRelease: route({
    method: 'GET',
    path: '/generators/versions/{id}/{version}',
    summary: 'A generator release by version.',
    auth: 'public',
    params: generatorVersionParams,
    response: s.generatorReleaseSchema,
    errors: ['GeneratorVersionNotFoundError', 'InvalidVersionError'],
  }),
  listGeneratorReleases: route({
    method: 'GET',
    path: '/generators/versions/{id}',
    summary: 'Releases of a generator, newest first.',
    auth: 'public',
    params: s.idParamsSchema,
    query: s.pageSizeQuerySchema,
    response: s.generatorReleaseListSchema,
    errors: ['InvalidPageError'],
  }),
  upsertGenerator: route({
    method: 'PUT',
    path: '/generators',
    summary: 'Create a generator (owned by the organization named) or replace one of its own.',
    auth: 'token',
    body: t.generatorInputSchema,
    response: s.generatorSchema,
    errors: [...owned, 'OrgIdRequiredError', 'OrgIdNotFound'],
  }),
  getGeneratorByImage: route({
    method: 'POST',
    path: '/generators/by-image',
    summary: 'The generator with a docker image, or null.',
    auth: 'public',
    body: s.generatorByImageBodySchema,
    response: s.generatorByImageResponseSchema,
    errors: [],
  }),
  getGenerator: route({
    method: 'GET',
    path: '/generators/{id}',
    summary: 'A generator by id.',
    auth: 'public',
    params: s.idParamsSchema,
    response: s.generatorSchema,
    errors: ['NoValidGeneratorsFoundError'],
  }),
  listGenerators: route({
    method: 'GET',
    path: '/generators',
    summary: 'Every generator.',
    auth: 'public',
    response: s.generatorListSchema,
    errors: [],
  }),
  diffApiDefinitions: route({
    method: 'GET',
    path: '/registry/diff',
    summary: 'Structural diff of two API definitions with a markdown summary.',
    auth: 'public',
    query: z.strictObject({
      previousApiDefinitionId: z.string().min(1),
      currentApiDefinitionId: z.string().min(1),
    }),
    response: s.definitionDiffResponseSchema,
    errors: ['ApiDoesNotExistError'],
  }),
  invalidateDocsCache: route({
    method: 'POST',
    path: '/docs-cache/invalidate',
    summary:
      "Drop cached docs on every replica: one URL of the caller's organizations, or all of them (every site for operators).",
    auth: 'token',
    body: s.invalidateBodySchema,
    response: s.emptySchema,
    errors: [...member, 'InvalidURLError', 'DomainNotRegisteredError'],
  }),
  getRepository: route({
    method: 'GET',
    path: '/generators/github/repository/{owner}/{repo}',
    summary: 'A GitHub repository.',
    auth: 'public',
    params: s.ownerRepoParamsSchema,
    response: s.repositorySchema,
    errors: ['SDKNotFound'],
  }),
  listRepositories: route({
    method: 'POST',
    path: '/generators/github/repository/list',
    summary: 'GitHub repositories, filtered and paginated.',
    auth: 'public',
    body: s.repositoryListBodySchema,
    response: s.repositoryListSchema,
    errors: ['InvalidPageError'],
  }),
  upsertRepository: route({
    method: 'PUT',
    path: '/generators/github/repository/upsert',
    summary: 'Create or replace a GitHub repository.',
    auth: 'token',
    body: s.repositorySchema,
    response: s.repositorySchema,
    errors: [...owned, 'OrgIdNotFound', 'OrgIdRequiredError'],
  }),
  deleteRepository: route({
    method: 'DELETE',
    path: '/generators/github/repository/{owner}/{repo}/delete',
    summary: 'Delete a GitHub repository and its pull requests.',
    auth: 'token',
    params: s.ownerRepoParamsSchema,
    response: s.emptySchema,
    errors: [...owned, 'SDKNotFound'],
  }),
  getPullRequest: route({
    method: 'GET',
    path: '/generators/github/pull-request/{owner}/{repo}/{number}',
    summary: 'A GitHub pull request.',
    auth: 'public',
    params: s.pullRequestParamsSchema,
    response: s.pullRequestSchema,
    errors: ['SDKNotFound'],
  }),
  listPullRequests: route({
    method: 'POST',
    path: '/generators/github/pull-request/list',
    summary: 'GitHub pull requests, filtered by repository, state and author.',
    auth: 'public',
    body: s.pullRequestListBodySchema,
    response: s.pullRequestListSchema,
    errors: ['InvalidPageError'],
  }),
  upsertPullRequest: route({
    method: 'PUT',
    path: '/generators/github/pull-request/upsert',
    summary: "Create or replace a pull request of a repository of the caller's organization.",
    auth: 'token',
    body: s.pullRequestSchema,
    response: s.pullRequestSchema,
    errors: [...owned, 'SDKNotFound'],
  }),
  deletePullRequest: route({
    method: 'DELETE',
    path: '/generators/github/pull-request/{owner}/{repo}/{number}/delete',
    summary: 'Delete a GitHub pull request.',
    auth: 'token',
    params: s.pullRequestParamsSchema,
    response: s.emptySchema,
    errors: [...owned, 'SDKNotFound'],
  }),
  computeSemanticVersion: route({
    method: 'POST',
    path: '/sdks/semantic-version/compute',
    summary: 'Next SDK version and bump from the last release and the diff of its definition.',
    auth: 'token',
    body: s.semanticVersionBodySchema,
    response: s.semanticVersionResponseSchema,
    errors: [
      ...member,
      'SDKNotFound',
      'ApiDoesNotExistError',
      'FailedToComputeExistingVersion',
      'FailedToIncrementVersion',
    ],
  }),
  createSnippets: route({
    method: 'POST',
    path: '/snippets/create',
    summary: 'Store snippets for an endpoint of an API.',
    auth: 'token',
    body: s.createSnippetsBodySchema,
    response: s.createSnippetsResponseSchema,
    errors: [...member, 'OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound'],
    bodyLimit: 16 * MB,
  }),
  getSnippetsForEndpoint: route({
    method: 'POST',
    path: '/snippets',
    summary: 'The snippets of one endpoint.',
    auth: 'optional',
    body: s.getSnippetsBodySchema,
    response: s.snippetListSchema,
    errors: ['OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound', 'EndpointNotFound'],
  }),
  loadSnippets: route({
    method: 'POST',
    path: '/snippets/load',
    summary: 'All snippets of an API, 100 per page.',
    auth: 'optional',
    query: z.strictObject({ page: s.pageQuerySchema }),
    body: s.loadSnippetsBodySchema,
    response: s.loadSnippetsResponseSchema,
    errors: ['OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound', 'InvalidPageError'],
  }),
  registerSnippetTemplate: route({
    method: 'POST',
    path: '/snippet-template/register',
    summary: 'Store a snippet template for an endpoint and SDK.',
    auth: 'token',
    body: s.registerTemplateBodySchema,
    response: s.registerTemplateResponseSchema,
    errors: [...member, 'OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound'],
  }),
  registerSnippetTemplateBatch: route({
    method: 'POST',
    path: '/snippet-template/register/batch',
    summary: 'Store many snippet templates in one transaction.',
    auth: 'token',
    body: s.registerTemplateBatchBodySchema,
    response: s.registerTemplateResponseSchema,
    errors: [...member, 'OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound'],
    bodyLimit: 128 * MB,
  }),
  getSnippetTemplate: route({
    method: 'POST',
    path: '/snippet-template/get',
    summary: 'The snippet template of an endpoint for an SDK (newest version when none is given).',
    auth: 'optional',
    body: s.getTemplateBodySchema,
    response: s.storedTemplateSchema,
    errors: ['OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound', 'SnippetNotFound'],
  }),
  generateToken: route({
    method: 'POST',
    path: '/tokens/generate',
    summary:
      "Create a token for the calling user in the organization the caller's token acts in; the secret is returned once.",
    auth: 'token',
    body: s.generateTokenBodySchema,
    response: s.generateTokenResponseSchema,
    errors: [...member, 'OrgIdNotFound'],
  }),
  revokeToken: route({
    method: 'POST',
    path: '/tokens/revoke',
    summary: "Revoke a token of the caller's user, or (admins) a token acting in the caller's organization.",
    auth: 'token',
    body: s.revokeTokenBodySchema,
    response: s.emptySchema,
    errors: [...member, 'OrgAdminRoleRequiredError'],
  }),
  createOrganization: route({
    method: 'POST',
    path: '/organizations/create',
    summary:
      'Create an organization with its first admin, a new user; returns the admin token once (platform operators).',
    auth: 'token',
    body: t.createOrganizationBodySchema,
    response: t.memberTokenSchema,
    errors: ['UnauthorizedError', 'OperatorRoleRequiredError', 'OrganizationExistsError', 'UserExistsError'],
  }),
  addOrganizationMember: route({
    method: 'POST',
    path: '/organizations/members/add',
    summary:
      'Add a member (admins): a new user is created and their first token returned once; an existing user is invited.',
    auth: 'token',
    body: t.addOrgMemberBodySchema,
    response: t.addedMemberSchema,
    errors: [...member, 'OrgIdNotFound', 'OrgAdminRoleRequiredError'],
  }),
  acceptOrganizationInvitation: route({
    method: 'POST',
    path: '/organizations/invitations/accept',
    summary:
      "Accept the caller's invitation to an organization (with any token of the caller's own); returns the first token acting in it, once.",
    auth: 'token',
    body: t.acceptInvitationBodySchema,
    response: t.memberTokenSchema,
    errors: ['UnauthorizedError', 'InvitationNotFoundError'],
  }),
  listOrganizationInvitations: route({
    method: 'POST',
    path: '/organizations/invitations/list',
    summary: "The caller's pending invitations to organizations.",
    auth: 'token',
    body: s.emptySchema,
    response: t.invitationsSchema,
    errors: ['UnauthorizedError'],
  }),
  removeOrganizationMember: route({
    method: 'POST',
    path: '/organizations/members/remove',
    summary: 'Remove a member from an organization (admins).',
    auth: 'token',
    body: t.removeOrgMemberBodySchema,
    response: s.emptySchema,
    errors: [...member, 'OrgIdNotFound', 'OrgAdminRoleRequiredError'],
  }),
  createDomainClaim: route({
    method: 'POST',
    path: '/v2/registry/docs/domain-claims/create',
    summary:
      'Start (or repeat) a claim of a host: returns the DNS TXT record (_sextant-challenge.<host>) that proves it.',
    auth: 'token',
    body: t.domainClaimBodySchema,
    response: t.domainClaimSchema,
    errors: [...member, 'OrgIdNotFound', 'InvalidDomainError', 'DomainBelongsToAnotherOrgError'],
  }),
  verifyDomainClaim: route({
    method: 'POST',
    path: '/v2/registry/docs/domain-claims/verify',
    summary:
      "Check the claim's DNS TXT record; on success the organization owns the host and every path under it.",
    auth: 'token',
    body: t.domainClaimBodySchema,
    response: t.domainClaimSchema,
    errors: [
      ...member,
      'OrgIdNotFound',
      'InvalidDomainError',
      'DomainBelongsToAnotherOrgError',
      'DomainClaimNotFoundError',
      'DomainClaimNotVerifiedError',
    ],
  }),
  getPlaygroundAnalytics: route({
    method: 'POST',
    path: '/analytics/get-playground-analytics',
    summary:
      "Try-it requests of the organization's docs sites: totals, status classes, latency percentiles, hourly series and per endpoint.",
    auth: 'token',
    body: a.playgroundAnalyticsBodySchema,
    response: a.playgroundAnalyticsSchema,
    errors: [...member, 'OrgIdNotFound'],
  }),
  getAiQuestionLog: route({
    method: 'POST',
    path: '/ai/get-question-log',
    summary:
      "Questions readers asked the organization's docs sites' Ask AI (site, Slack, Discord), newest first: answer, cited sources, feedback.",
    auth: 'token',
    body: ai.questionLogBodySchema,
    response: ai.questionLogSchema,
    errors: [...member, 'OrgIdNotFound', 'InvalidPageError'],
  }),
} as const satisfies Record<string, RouteSpec>;

/** The route table's type. */
export type Routes = typeof routes;
/** Name of a registry call (the typed client's method name). */
export type RouteName = keyof Routes;

type SchemaOf<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType }
  ? S
  : never;

type RawBodyOf<R> = R extends { rawBody: true } ? Uint8Array : never;

/** What the client passes to a call: `params`, `query` and `body`, each when the route has one. */
export type RouteInput<N extends RouteName> = ([SchemaOf<Routes[N], 'params'>] extends [never]
  ? unknown
  : { params: z.input<SchemaOf<Routes[N], 'params'>> }) &
  ([SchemaOf<Routes[N], 'query'>] extends [never]
    ? unknown
    : { query?: z.input<SchemaOf<Routes[N], 'query'>> }) &
  ([SchemaOf<Routes[N], 'body'>] extends [never] ? unknown : { body: z.input<SchemaOf<Routes[N], 'body'>> }) &
  ([RawBodyOf<Routes[N]>] extends [never] ? unknown : { body: Uint8Array });

/** What a call returns. */
export type RouteOutput<N extends RouteName> = z.output<Routes[N]['response']>;
/** What the server handler receives after validation. */
export type RouteRequest<N extends RouteName> = {
  params: [SchemaOf<Routes[N], 'params'>] extends [never]
    ? Record<string, never>
    : z.output<SchemaOf<Routes[N], 'params'>>;
  query: [SchemaOf<Routes[N], 'query'>] extends [never]
    ? Record<string, never>
    : z.output<SchemaOf<Routes[N], 'query'>>;
  body: [RawBodyOf<Routes[N]>] extends [never]
    ? [SchemaOf<Routes[N], 'body'>] extends [never]
      ? Record<string, never>
      : z.output<SchemaOf<Routes[N], 'body'>>
    : unknown;
};

/** Fills `{name}` parameters of a route path. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}
