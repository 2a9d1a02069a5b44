/**
 * Zod schemas of registered docs sites: loading one by URL (definition, linked APIs and files),
 * its files by content hash, the URL records (metadata, archive, ownership, list), the blob
 * store copies, the search preview whitelist and cache invalidation.
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema, queryBooleanSchema, timestampSchema } from './common.js';
import {
  apiChangelogEntrySchema,
  storedApiDefinitionSchema,
  storedDocsDefinitionSchema,
} from './definitions.js';

export const baseUrlSchema = z.strictObject({ domain: z.string(), basePath: z.string() });

/** A file linked to a docs version, as `load-with-url` returns it (keyed by project path). */
export const linkedDocsFileSchema = z.strictObject({
  fileId: z.string(),
  sha256: z.string(),
  size: z.number(),
  contentType: z.string(),
});
export type LinkedDocsFile = z.infer<typeof linkedDocsFileSchema>;

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
