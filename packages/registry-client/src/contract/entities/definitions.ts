/**
 * Zod schemas of API and docs definitions on the wire: registering an API definition, its
 * changelog, diffs and SDK versions. Definitions travel as JSON. The API definition (the IR of
 * `@sextant/definition`) and the docs definition are checked whole with their own schemas when
 * they are written; read back, they are trusted (see `storedApiDefinitionSchema`,
 * `storedDocsDefinitionSchema`).
 */
import {
  type ApiDefinition,
  apiDefinitionSchema,
  type DocsDefinition,
  docsDefinitionSchema,
} from '@sextant/definition';
import { z } from 'zod';
import { idSchema } from './common.js';

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

export const definitionDiffResponseSchema = z.strictObject({
  /** The structural diff (`DefinitionDiff` of `@sextant/definition`). */
  diff: z.looseObject({}),
  markdown: z.string(),
  /** Bump this change needs on its own. */
  bump: z.enum(['MAJOR', 'MINOR', 'PATCH']),
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
