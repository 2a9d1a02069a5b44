/**
 * The zod schema of a docs definition (`../docs-definition.ts`): the site config, the navigation
 * trees, the pages and versions, then the references between them. Unknown keys are stripped
 * (a newer CLI's additive field under the same `DOCS_DEFINITION_VERSION` is not refused, and
 * nothing unchecked is stored; `__proto__` never survives parsing); config fields with defaults
 * may be absent and are filled in.
 */
import { z } from 'zod';
import { DOCS_DEFINITION_VERSION } from '../docs-definition.js';
import { docsConfigSchema } from './config.js';
import { pageLayoutSchema } from './leaves.js';
import { navigationSchema } from './navigation.js';
import { docsReferenceIssues } from './references.js';

/** Most versions (or products) a site has. */
export const MAX_DOCS_VERSIONS = 50;

export const markdownPageSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  layout: pageLayoutSchema,
  markdown: z.string(),
  description: z.string().optional(),
  sourcePath: z.string().optional(),
  sourceLine: z.number().optional(),
  lastUpdated: z.string().optional(),
  date: z.string().optional(),
  tags: z.array(z.string()).optional(),
});

export const docsVersionSchema = z.object({
  name: z.string(),
  slug: z.string(),
  default: z.boolean().optional(),
  deprecated: z.boolean().optional(),
  hidden: z.boolean().optional(),
  icon: z.string().optional(),
  navigation: navigationSchema.optional(),
  homeSlug: z.string(),
});

export const docsDefinitionObjectSchema = z.object({
  docsVersion: z.literal(DOCS_DEFINITION_VERSION, {
    error: (issue) =>
      `docsVersion is ${String(issue.input)}; this code reads ${DOCS_DEFINITION_VERSION} (publish with a matching CLI)`,
  }),
  config: docsConfigSchema,
  navigation: navigationSchema,
  pages: z.record(z.string(), markdownPageSchema),
  homeSlug: z.string(),
  versions: z.array(docsVersionSchema).max(MAX_DOCS_VERSIONS).optional(),
  versionKind: z.literal('product').optional(),
});

/** A docs definition, checked whole: fields, then the references between them. */
export const docsDefinitionSchema = docsDefinitionObjectSchema.superRefine((definition, ctx) => {
  for (const issue of docsReferenceIssues(definition)) ctx.addIssue({ code: 'custom', ...issue });
});

/**
 * A docs definition as written to the registry: the schema's input, where config fields with
 * defaults may be absent. Every `DocsDefinition` is one.
 */
export type DocsDefinitionInput = z.input<typeof docsDefinitionSchema>;
