/** Zod schemas of CLI and generator releases, their changelogs and the generators themselves. */
import { z } from 'zod';
import { idSchema, pageQuerySchema, timestampSchema, versionSchema } from './common.js';

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
