/**
 * The zod schema of an API definition (`../definition.ts`): every field checked, and the
 * invariants no field can check alone (ids equal to their keys, every internal reference
 * resolving). Unknown keys are stripped: a newer CLI's additive field (same `IR_VERSION`) is
 * not refused by an older registry, and nothing unchecked is stored; a change that must not be
 * lost bumps `IR_VERSION`, which is refused with its own message.
 */
import { z } from 'zod';
import { IR_VERSION } from '../definition.js';
import { authSchemeSchema } from './auth.js';
import { endpointSchema, parameterSchema, webhookSchema, webSocketChannelSchema } from './endpoint.js';
import { referenceIssues } from './references.js';
import { idRecord, typeDefinitionSchema } from './types.js';

const subpackageMembers = {
  endpoints: z.array(z.string()),
  websockets: z.array(z.string()),
  webhooks: z.array(z.string()),
  subpackages: z.array(z.string()),
};

export const subpackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  ...subpackageMembers,
});

export const apiDefinitionObjectSchema = z.object({
  irVersion: z.literal(IR_VERSION, {
    error: (issue) => `irVersion is ${String(issue.input)}; this code reads ${IR_VERSION}`,
  }),
  id: z.string(),
  title: z.string(),
  version: z.string().optional(),
  description: z.string().optional(),
  source: z.object({ format: z.enum(['openapi', 'asyncapi', 'openrpc']), version: z.string() }),
  endpoints: idRecord(endpointSchema),
  websockets: idRecord(webSocketChannelSchema),
  webhooks: idRecord(webhookSchema),
  types: idRecord(typeDefinitionSchema),
  auths: idRecord(authSchemeSchema),
  globalHeaders: z.array(parameterSchema),
  rootPackage: z.object(subpackageMembers),
  subpackages: idRecord(subpackageSchema),
  snippetsConfiguration: z
    .object({
      apiId: z.string().optional(),
      sdks: z.array(z.object({ language: z.string(), package: z.string() })),
    })
    .optional(),
});

/** An API definition, checked whole: fields, then the references between them. */
export const apiDefinitionSchema = apiDefinitionObjectSchema.superRefine((definition, ctx) => {
  for (const issue of referenceIssues(definition)) ctx.addIssue({ code: 'custom', ...issue });
});
