/** Zod schemas of SDK snippets per endpoint and of the snippet templates they are rendered from. */
import { endpointSnippetTemplateSchema, SDK_LANGUAGES, SUPPORTED_SNIPPET_LANGUAGES } from '@sextant/request';
import { z } from 'zod';
import { idSchema, timestampSchema } from './common.js';

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
