/**
 * API definitions: register a new version (stored gzip-compressed, the registry assigns the id),
 * load one by id, and load the newest version of the same API.
 */
import { createHash, randomUUID } from 'node:crypto';
import { packJson } from './compression.js';
import { type Handlers, RawJson, type RegistryContext } from './context.js';
import { fail } from './errors.js';
import { requireMember, requireOrg } from './identity.js';
import { validateStoredApiDefinition } from './validate-stored.js';

async function rawDefinition(ctx: RegistryContext, id: string): Promise<RawJson> {
  const entry = await ctx.definitions.get(id);
  if (!entry) fail('ApiDoesNotExistError', `No API definition has id "${id}"`);
  return new RawJson(entry.gz, async () => (await ctx.definitions.json(id)) ?? Buffer.alloc(0));
}

export const apiDefinitionHandlers: Handlers<
  'registerApiDefinition' | 'loadApiDefinition' | 'loadLatestApiDefinition'
> = {
  async registerApiDefinition(ctx, { body }, { caller }) {
    validateStoredApiDefinition(body.definition);
    await requireOrg(ctx.db, body.orgId);
    await requireMember(ctx.db, caller, body.orgId);
    const apiDefinitionId = randomUUID();
    const { gz, json } = await packJson({ ...body.definition, id: apiDefinitionId });
    await ctx.db
      .insertInto('api_definitions')
      .values({
        id: apiDefinitionId,
        org_id: body.orgId,
        api_id: body.apiId,
        definition_gz: gz,
        size_bytes: json.length,
        sha256: createHash('sha256').update(json).digest('hex'),
      })
      .execute();
    return { apiDefinitionId };
  },

  async loadApiDefinition(ctx, { params }) {
    return rawDefinition(ctx, params.id);
  },

  async loadLatestApiDefinition(ctx, { params }) {
    const entry = await ctx.definitions.get(params.id);
    if (!entry) fail('ApiDoesNotExistError', `No API definition has id "${params.id}"`);
    const latest = await ctx.db
      .selectFrom('api_definitions')
      .select('id')
      .where('org_id', '=', entry.orgId)
      .where('api_id', '=', entry.apiId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return rawDefinition(ctx, latest.id);
  },
};
