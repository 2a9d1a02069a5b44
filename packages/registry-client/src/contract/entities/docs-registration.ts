/**
 * Zod schemas of a docs registration: the project files declared at init (with their caps),
 * their uploads, and the register call with the docs definition and the API definitions it uses.
 */
import { docsDefinitionSchema } from '@sextant/definition';
import { z } from 'zod';
import { idSchema, timestampSchema } from './common.js';

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

export const registerDocsBodySchema = z.strictObject({
  /** Checked whole by the one docs schema; callers build its input type, so a wrong one fails tsc. */
  docsDefinition: docsDefinitionSchema,
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
