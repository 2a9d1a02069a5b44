/**
 * Zod schemas of the registry's entities and call bodies: the wire contract shared by the
 * server (validation, response serialisation, `/openapi.json`) and the typed client. The
 * server imports them from this package because packages must never import apps.
 *
 * Definitions travel as JSON. The API definition (the IR of `@sextant/definition`) and the docs
 * definition are checked whole with their own schemas when they are written; read back, they are
 * trusted (see `storedApiDefinitionSchema`, `storedDocsDefinitionSchema`).
 */
import {
  type ApiDefinition,
  apiDefinitionSchema,
  type DocsDefinition,
  docsDefinitionSchema,
} from '@sextant/definition';
import { endpointSnippetTemplateSchema, SDK_LANGUAGES, SUPPORTED_SNIPPET_LANGUAGES } from '@sextant/request';
import { z } from 'zod';

/** A non-empty identifier (organization, API, generator...). */
export const idSchema = z.string().min(1).max(200);

/** An ISO-8601 timestamp as sent on the wire. */
export const timestampSchema = z.string();

/** Semantic version text, e.g. `1.2.3` or `2.0.0-rc.1` (checked by the server: InvalidVersionError). */
export const versionSchema = z.string().min(1).max(100);

/** 1-based page number; values below 1 give InvalidPageError. */
export const pageQuerySchema = z.coerce.number<number>().int().optional();

/** A boolean passed in a query string. */
export const queryBooleanSchema = z.enum(['true', 'false']).optional();

/** An API definition (IR) as sent to the registry: every field and reference checked (`@sextant/definition`). */
export { apiDefinitionSchema };

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An API definition the registry hands back. It was checked whole when it was written, so it is
 * not parsed again on the way out: a docs load would otherwise re-check every API it links.
 */
export const storedApiDefinitionSchema = z
  .custom<ApiDefinition>(isJsonObject)
  .meta({ description: 'An API definition (IR), as registered.' });

/**
 * A docs definition as sent to the registry: every field, URL rule and page reference checked
 * (`@sextant/definition`), unknown keys stripped, config defaults filled in.
 */
export { docsDefinitionSchema };

/** A docs definition the registry hands back: checked whole when it was written, not parsed again. */
export const storedDocsDefinitionSchema = z
  .custom<DocsDefinition>(isJsonObject)
  .meta({ description: 'A docs definition, as registered.' });
/** The docs definition as the registry stores and returns it. */
export type DocsDefinitionJson = DocsDefinition;

export const emptySchema = z.strictObject({});

export const registerApiDefinitionBodySchema = z.strictObject({
  orgId: idSchema,
  /** The API's stable name inside the organization; every register adds a version of it. */
  apiId: idSchema,
  definition: apiDefinitionSchema,
});

export const registerApiDefinitionResponseSchema = z.strictObject({
  /** Registry-assigned id; the stored definition's `id` field is set to it. */
  apiDefinitionId: z.string(),
});

export const baseUrlSchema = z.strictObject({ domain: z.string(), basePath: z.string() });

/** A file linked to a docs version, as `load-with-url` returns it (keyed by project path). */
export const linkedDocsFileSchema = z.strictObject({
  fileId: z.string(),
  sha256: z.string(),
  size: z.number(),
  contentType: z.string(),
});
export type LinkedDocsFile = z.infer<typeof linkedDocsFileSchema>;

/**
 * What one publish of an API changed since the version before it (the registry's diff): the
 * spec versions, the bump it implies, its changes (breaking first, at most 100).
 */
export const apiChangelogEntrySchema = z.strictObject({
  apiDefinitionId: z.string(),
  publishedAt: z.string(),
  version: z.string().optional(),
  previousVersion: z.string().optional(),
  bump: z.enum(['MAJOR', 'MINOR', 'PATCH']),
  summary: z.strictObject({
    total: z.number(),
    breaking: z.number(),
    added: z.number(),
    removed: z.number(),
    changed: z.number(),
    docs: z.number(),
  }),
  changes: z.array(
    z.strictObject({
      kind: z.string(),
      category: z.enum(['added', 'removed', 'changed', 'docs']),
      breaking: z.boolean(),
      message: z.string(),
      method: z.string().optional(),
      path: z.string().optional(),
    }),
  ),
});

export const loadedDocsSchema = z.strictObject({
  baseUrl: baseUrlSchema,
  url: z.string(),
  orgId: z.string(),
  docsConfigId: z.string(),
  isPreview: z.boolean(),
  updatedAt: timestampSchema,
  definition: storedDocsDefinitionSchema,
  /** The API definitions the docs reference, keyed as registered (registry id or the docs' own key). */
  apis: z.record(z.string(), storedApiDefinitionSchema),
  /** The files linked to this docs version, by project path (the paths the definition references). */
  files: z.record(z.string(), linkedDocsFileSchema),
  /** Each API's changelog up to the version the docs link (newest first), by the same keys as `apis`. */
  apiChangelog: z.record(z.string(), z.array(apiChangelogEntrySchema)).optional(),
});
/** A docs site as loaded by URL: definition, referenced API definitions and owner. */
export type LoadedDocs = z.infer<typeof loadedDocsSchema>;

export const urlBodySchema = z.strictObject({ url: z.string().min(1).max(2000) });

/** A file of the docs served at a URL, by content hash (docs hosts that read the registry over HTTP). */
export const docsFileQuerySchema = z.strictObject({
  url: z.string().min(1).max(2000),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lower-case hex sha256'),
});
/** The bytes of a linked docs file, base64 in JSON (files are capped at MAX_DOCS_FILE_BYTES). */
export const docsFileContentSchema = z.strictObject({
  sha256: z.string(),
  size: z.number(),
  contentType: z.string(),
  base64: z.string(),
});
export const domainBodySchema = z.strictObject({ domain: z.string().min(1).max(300) });

/** Largest docs file the registry stores (logo, image, font, download…). */
export const MAX_DOCS_FILE_BYTES = 50 * 1024 * 1024;
/** Most files one docs registration may declare. */
export const MAX_DOCS_FILES = 5000;
/** Largest total of the files one registration declares. */
export const MAX_DOCS_FILES_TOTAL_BYTES = 1024 * 1024 * 1024;

/** A project-relative file path: `/`-separated, no `.` or `..` segments, no leading slash. */
export const docsFilePathSchema = z
  .string()
  .min(1)
  .max(1000)
  .refine(
    (path) =>
      !path.startsWith('/') &&
      !path.includes('\\') &&
      ![...path].some((char) => char.charCodeAt(0) < 0x20) &&
      path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..'),
    'must be a relative path inside the project (no "..", no leading "/")',
  );
export const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a lower-case hex sha256');
/** `type/subtype` with optional parameters, e.g. `image/png` or `text/css; charset=utf-8`. */
export const contentTypeSchema = z
  .string()
  .max(200)
  .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(;\s*[a-z0-9-]+=[a-z0-9-]+)*$/i);

/** One file of a docs project, declared at init: the registry answers whether it needs the bytes. */
export const docsFileDeclarationSchema = z.strictObject({
  path: docsFilePathSchema,
  sha256: sha256Schema,
  size: z.number().int().min(0),
  contentType: contentTypeSchema,
});
export type DocsFileDeclaration = z.infer<typeof docsFileDeclarationSchema>;

const docsFilesField = z
  .array(docsFileDeclarationSchema)
  .max(MAX_DOCS_FILES)
  .refine((files) => new Set(files.map((file) => file.path)).size === files.length, 'paths must be unique')
  .optional();

/** Where to send the bytes of a file the registry does not have: `PUT` the raw bytes to `path`. */
export const docsFileUploadSchema = z.strictObject({
  uploadId: z.string(),
  method: z.literal('PUT'),
  /** Route of the registry (relative to its base URL) the bytes go to, as `application/octet-stream`. */
  path: z.string(),
  expiresAt: timestampSchema,
});
/** Per declared file: already stored (same sha256 in the organization), or where to upload it. */
export const docsFileStatusSchema = z.discriminatedUnion('status', [
  z.strictObject({ path: z.string(), sha256: z.string(), status: z.literal('stored'), fileId: z.string() }),
  z.strictObject({
    path: z.string(),
    sha256: z.string(),
    status: z.literal('upload'),
    upload: docsFileUploadSchema,
  }),
]);
export type DocsFileStatus = z.infer<typeof docsFileStatusSchema>;

export const initDocsV1BodySchema = z.strictObject({
  orgId: idSchema,
  domain: z.string().min(1).max(300),
  files: docsFilesField,
});
export const initDocsV2BodySchema = z.strictObject({
  orgId: idSchema,
  /** Host with an optional base path: `docs.acme.com` or `acme.com/docs`. */
  domain: z.string().min(1).max(2000),
  customDomains: z.array(z.string().min(1).max(2000)).max(50).optional(),
  apiId: idSchema.optional(),
  /** The project files the docs definition references (logo, images…); linked to it at register. */
  files: docsFilesField,
});
export const initDocsPreviewBodySchema = z.strictObject({
  orgId: idSchema,
  apiId: idSchema.optional(),
  files: docsFilesField,
});
export const initDocsResponseSchema = z.strictObject({
  docsRegistrationId: z.string(),
  /** The URLs the docs will be served at once registered. */
  urls: z.array(z.string()),
  /** One entry per declared file, in the order declared. */
  files: z.array(docsFileStatusSchema),
});

export const uploadDocsFileParamsSchema = z.strictObject({ uploadId: z.string().min(1).max(100) });
export const uploadDocsFileResponseSchema = z.strictObject({
  fileId: z.string(),
  sha256: z.string(),
  size: z.number(),
});

/**
 * The register body's docs definition: typed for callers as a JSON object (CLI publish and tests
 * build it as plain JSON), checked whole by `docsDefinitionSchema` and typed by it for the handler.
 */
const publishedDocsDefinitionSchema = z.record(z.string(), z.unknown()).pipe(docsDefinitionSchema);

export const registerDocsBodySchema = z.strictObject({
  docsDefinition: publishedDocsDefinitionSchema,
  /**
   * The API definitions the docs reference (ApiDoesNotExistError if unknown): registry ids, or a
   * map from the key the docs definition uses (`apiId` of its navigation) to the registry id.
   * `load-with-url` returns `apis` under the same keys.
   */
  apiDefinitionIds: z
    .union([z.array(idSchema).max(1000), z.record(z.string().max(200), idSchema)])
    .default([]),
});
export const registerDocsResponseSchema = z.strictObject({
  docsConfigId: z.string(),
  urls: z.array(z.string()),
});

export const orgForUrlResponseSchema = z.strictObject({ orgId: z.string() });

export const docsUrlMetadataSchema = z.strictObject({
  url: z.string(),
  domain: z.string(),
  basePath: z.string(),
  orgId: z.string(),
  docsConfigId: z.string().nullable(),
  isPreview: z.boolean(),
  isCustomDomain: z.boolean(),
  isArchived: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const listDocsUrlsQuerySchema = z.strictObject({
  page: pageQuerySchema,
  limit: z.coerce.number<number>().int().min(1).max(1000).optional(),
  /** true: only custom domains; false: only registry domains; absent: both. */
  custom: queryBooleanSchema,
});
export const listDocsUrlsResponseSchema = z.strictObject({
  urls: z.array(docsUrlMetadataSchema),
  page: z.number(),
  limit: z.number(),
  hasMore: z.boolean(),
});

export const docsConfigSchema = z.strictObject({
  docsConfigId: z.string(),
  orgId: z.string(),
  apiDefinitionIds: z.record(z.string(), z.string()),
  definition: storedDocsDefinitionSchema,
  createdAt: timestampSchema,
});

/** Files linked to docs versions: how many, copied into the blob store from the previous one, found in neither. */
export const ensuredFilesSchema = z.strictObject({
  total: z.number(),
  copied: z.number(),
  missing: z.number(),
});
export const blobResponseSchema = z.strictObject({
  key: z.string(),
  written: z.boolean(),
  files: ensuredFilesSchema.optional(),
});
export const prepopulateBodySchema = z.strictObject({ orgId: idSchema.optional() });
export const prepopulateResponseSchema = z.strictObject({
  total: z.number(),
  written: z.number(),
  files: ensuredFilesSchema.optional(),
});
export const transferOwnershipBodySchema = z.strictObject({
  url: z.string().min(1).max(2000),
  targetOrgId: idSchema,
});
export const setArchivedBodySchema = z.strictObject({
  url: z.string().min(1).max(2000),
  isArchived: z.boolean(),
});
export const setMetadataBodySchema = z.strictObject({
  url: z.string().min(1).max(2000),
  metadata: z.record(z.string().max(200), z.unknown()),
});
export const whitelistResponseSchema = z.strictObject({ domains: z.array(z.string()) });
export const invalidateBodySchema = z.strictObject({
  /** A docs URL; absent invalidates every cached site. */
  url: z.string().min(1).max(2000).optional(),
});

export const docsSiteSchema = z.strictObject({
  mainUrl: baseUrlSchema,
  urls: z.array(baseUrlSchema),
  docsConfigId: z.string().nullable(),
  isPreview: z.boolean(),
  isArchived: z.boolean(),
  updatedAt: timestampSchema,
});
export const docsSitesForOrgBodySchema = z.strictObject({ orgId: idSchema });
export const docsSitesForOrgResponseSchema = z.strictObject({ docsSites: z.array(docsSiteSchema) });

export const releaseTypeSchema = z.enum(['GA', 'RC']);
export const changelogEntryTypeSchema = z.enum(['fix', 'feat', 'chore', 'break', 'internal']);
export const changelogEntrySchema = z.strictObject({
  type: changelogEntryTypeSchema,
  summary: z.string().min(1).max(10_000),
  links: z.array(z.string().max(2000)).max(50).optional(),
});

export const cliReleaseInputSchema = z.strictObject({
  version: versionSchema,
  /** IR version the CLI produces. */
  irVersion: z.number().int().min(0),
  changelogEntries: z.array(changelogEntrySchema).max(500).default([]),
});
export const cliReleaseSchema = cliReleaseInputSchema.extend({
  releaseType: releaseTypeSchema,
  createdAt: timestampSchema,
});
export const latestCliBodySchema = z.strictObject({
  releaseType: releaseTypeSchema.default('GA'),
  /** A semver range, e.g. `^1.2.0`. */
  versionConstraint: z.string().max(200).optional(),
  irVersion: z.number().int().min(0).optional(),
});
export const changelogBodySchema = z.strictObject({ fromVersion: versionSchema, toVersion: versionSchema });
export const changelogResponseSchema = z.strictObject({
  entries: z.array(z.strictObject({ version: z.string(), changelogEntries: z.array(changelogEntrySchema) })),
});
export const pageSizeQuerySchema = z.strictObject({
  page: pageQuerySchema,
  pageSize: z.coerce.number<number>().int().min(1).max(1000).optional(),
});
export const cliReleaseListSchema = z.strictObject({
  releases: z.array(cliReleaseSchema),
  page: z.number(),
  hasMore: z.boolean(),
});

export const generatorTypeSchema = z.enum(['sdk', 'model', 'server', 'other']);
export const generatorSchema = z.strictObject({
  id: idSchema,
  displayName: z.string().min(1).max(200),
  generatorType: generatorTypeSchema,
  generatorLanguage: z.string().max(50).optional(),
  dockerImage: z.string().min(1).max(300),
});
export const generatorListSchema = z.strictObject({ generators: z.array(generatorSchema) });
export const generatorByImageBodySchema = z.strictObject({ dockerImage: z.string().min(1).max(300) });
export const generatorByImageResponseSchema = z.strictObject({ generator: generatorSchema.nullable() });
export const generatorReleaseInputSchema = cliReleaseInputSchema.extend({
  generatorId: idSchema,
  migration: z.string().max(100_000).optional(),
});
export const generatorReleaseSchema = generatorReleaseInputSchema.extend({
  releaseType: releaseTypeSchema,
  createdAt: timestampSchema,
});
export const latestGeneratorBodySchema = latestCliBodySchema.extend({ generatorId: idSchema });
export const generatorReleaseListSchema = z.strictObject({
  releases: z.array(generatorReleaseSchema),
  page: z.number(),
  hasMore: z.boolean(),
});

export const definitionDiffResponseSchema = z.strictObject({
  /** The structural diff (`DefinitionDiff` of `@sextant/definition`). */
  diff: z.looseObject({}),
  markdown: z.string(),
  /** Bump this change needs on its own. */
  bump: z.enum(['MAJOR', 'MINOR', 'PATCH']),
});

export const repositorySchema = z.strictObject({
  owner: z.string().min(1).max(100),
  name: z.string().min(1).max(100),
  orgId: idSchema.optional(),
  defaultBranch: z.string().min(1).max(200).default('main'),
  isPrivate: z.boolean().default(false),
  description: z.string().max(2000).optional(),
  url: z.string().max(2000).optional(),
});
export const repositoryListBodySchema = z.strictObject({
  owner: z.string().max(100).optional(),
  orgId: idSchema.optional(),
  page: z.number().int().optional(),
  pageSize: z.number().int().min(1).max(1000).optional(),
});
export const repositoryListSchema = z.strictObject({
  repositories: z.array(repositorySchema),
  hasMore: z.boolean(),
});
export const pullRequestStateSchema = z.enum(['open', 'closed', 'merged']);
export const pullRequestSchema = z.strictObject({
  owner: z.string().min(1).max(100),
  repo: z.string().min(1).max(100),
  number: z.number().int().min(1),
  title: z.string().max(1000),
  author: z.string().max(200).optional(),
  state: pullRequestStateSchema,
  url: z.string().max(2000).optional(),
  createdAt: timestampSchema.optional(),
  mergedAt: timestampSchema.optional(),
  closedAt: timestampSchema.optional(),
});
export const pullRequestListBodySchema = z.strictObject({
  owner: z.string().max(100).optional(),
  repo: z.string().max(100).optional(),
  state: z.array(pullRequestStateSchema).optional(),
  author: z.string().max(200).optional(),
  page: z.number().int().optional(),
  pageSize: z.number().int().min(1).max(1000).optional(),
});
export const pullRequestListSchema = z.strictObject({
  pullRequests: z.array(pullRequestSchema),
  hasMore: z.boolean(),
});
export const ownerRepoParamsSchema = z.strictObject({ owner: z.string().min(1), repo: z.string().min(1) });
export const pullRequestParamsSchema = ownerRepoParamsSchema.extend({
  number: z.coerce.number<number>().int().min(1),
});

export const semanticVersionBodySchema = z.strictObject({
  orgId: idSchema,
  packageName: z.string().min(1).max(300),
  language: z.string().min(1).max(50),
  /** The API definition the new SDK release is generated from. */
  apiDefinitionId: idSchema,
  /** The last release; absent means the last one recorded for this package (SDKNotFound if none). */
  previous: z.strictObject({ version: z.string().min(1).max(100), apiDefinitionId: idSchema }).optional(),
  /** Record the computed version as the package's latest release. */
  record: z.boolean().default(false),
});
export const semanticVersionResponseSchema = z.strictObject({
  version: z.string(),
  bump: z.enum(['MAJOR', 'MINOR', 'PATCH']),
  previousVersion: z.string(),
});

/** SPEC §5: a method, a space, and a path of letters, digits, slash, braces, underscore and hyphen. */
export const endpointRefSchema = z.strictObject({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']),
  path: z
    .string()
    .min(1)
    .max(2000)
    .regex(/^[A-Za-z0-9/{}_-]+$/, 'Invalid endpoint reference'),
});
/** SPEC §9: the languages SDK snippets exist for (the list of `@sextant/request`). */
export const snippetLanguageSchema = z.enum(SUPPORTED_SNIPPET_LANGUAGES);
export const snippetSchema = z.strictObject({
  language: snippetLanguageSchema,
  sdkPackage: z.string().max(300).optional(),
  sdkVersion: z.string().max(100).optional(),
  code: z.string().max(1_000_000),
  exampleName: z.string().max(300).optional(),
});
export const storedSnippetSchema = snippetSchema.extend({
  endpoint: endpointRefSchema,
  apiDefinitionId: z.string().nullable(),
  createdAt: timestampSchema,
});
export const orgApiSchema = z.strictObject({ orgId: idSchema.optional(), apiId: idSchema.optional() });
export const createSnippetsBodySchema = orgApiSchema.extend({
  apiDefinitionId: idSchema.optional(),
  endpoint: endpointRefSchema,
  snippets: z.array(snippetSchema).min(1).max(1000),
});
export const createSnippetsResponseSchema = z.strictObject({ created: z.number() });
export const getSnippetsBodySchema = orgApiSchema.extend({
  endpoint: endpointRefSchema,
  languages: z.array(snippetLanguageSchema).optional(),
});
export const snippetListSchema = z.strictObject({ snippets: z.array(storedSnippetSchema) });
export const loadSnippetsBodySchema = orgApiSchema.extend({
  languages: z.array(snippetLanguageSchema).optional(),
});
export const loadSnippetsResponseSchema = z.strictObject({
  /** path → method → snippets */
  snippets: z.record(z.string(), z.record(z.string(), z.array(storedSnippetSchema))),
  nextPage: z.number().nullable(),
});

/**
 * Snippet templates are the model of `@sextant/request` (`endpointSnippetTemplateSchema`): the
 * registry validates them with it and keys them by organization, API, endpoint and SDK.
 */
export const snippetTemplateSchema = endpointSnippetTemplateSchema;
export const registerTemplateBodySchema = orgApiSchema.extend({
  apiDefinitionId: idSchema.optional(),
  snippet: snippetTemplateSchema,
});
export const registerTemplateBatchBodySchema = orgApiSchema.extend({
  apiDefinitionId: idSchema.optional(),
  snippets: z.array(snippetTemplateSchema).min(1).max(100_000),
});
export const registerTemplateResponseSchema = z.strictObject({ registered: z.number() });
export const getTemplateBodySchema = orgApiSchema.extend({
  endpointId: endpointSnippetTemplateSchema.shape.endpointId,
  /** Without a version: the newest (by semver) the registry holds. */
  sdk: z.strictObject({
    language: z.enum(SDK_LANGUAGES),
    package: z.string().min(1).max(300),
    version: z.string().min(1).max(100).optional(),
  }),
});
export const storedTemplateSchema = endpointSnippetTemplateSchema.extend({
  apiDefinitionId: z.string().nullable(),
  createdAt: timestampSchema,
});

export const generateTokenBodySchema = z.strictObject({
  orgId: idSchema,
  description: z.string().max(500).optional(),
});
export const generateTokenResponseSchema = z.strictObject({
  tokenId: z.string(),
  /** The secret: shown once, stored only as a hash. */
  token: z.string(),
});
export const revokeTokenBodySchema = z.strictObject({ tokenId: idSchema });
export const idParamsSchema = z.strictObject({ id: z.string().min(1) });
