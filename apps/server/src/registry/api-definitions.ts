/**
 * API definitions: register a new version (stored gzip-compressed, the registry assigns the id,
 * with its changelog entry: the diff with the version before), load one by id, and load the
 * newest version of the same API.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  type ApiChangelogEntry,
  type ApiDefinition,
  apiChangelogEntry,
  diffDefinitions,
} from '@sextant/definition';
import { packJson } from './compression.js';
import { type Handlers, RawJson, type RegistryContext } from './context.js';
import { fail } from './errors.js';
import { requireMember, requireOrg } from './identity.js';

/** The title and spec version (`info.version`) of a definition, kept beside it for the dashboard. */
export function namesOf(definition: unknown): { title: string | null; spec_version: string | null } {
  const { title, version } = (definition ?? {}) as { title?: unknown; version?: unknown };
  return {
    title: typeof title === 'string' && title.trim() ? title.trim().slice(0, 500) : null,
    spec_version: typeof version === 'string' && version.trim() ? version.trim().slice(0, 100) : null,
  };
}

/**
 * The changelog entry of a new version of an API: its diff with the newest stored version of the
 * same organization and api id; undefined for a first version or one that changes nothing.
 */
async function changelogEntry(
  ctx: RegistryContext,
  orgId: string,
  apiId: string,
  apiDefinitionId: string,
  definition: unknown,
): Promise<{ previousId: string; entry: ApiChangelogEntry } | undefined> {
  const previous = await ctx.db
    .selectFrom('api_definitions')
    .select('id')
    .where('org_id', '=', orgId)
    .where('api_id', '=', apiId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const before = previous && (await ctx.definitions.parsed(previous.id));
  if (!previous || !before) return undefined;
  try {
    const entry = apiChangelogEntry(diffDefinitions(before, definition as ApiDefinition), {
      apiDefinitionId,
      publishedAt: new Date().toISOString(),
    });
    return entry && { previousId: previous.id, entry };
  } catch {
    // A definition the diff cannot read (stored before a model change) costs its entry, not the publish.
    return undefined;
  }
}

async function rawDefinition(ctx: RegistryContext, id: string): Promise<RawJson> {
  const entry = await ctx.definitions.get(id);
  if (!entry) fail('ApiDoesNotExistError', `No API definition has id "${id}"`);
  return new RawJson(entry.gz, async () => (await ctx.definitions.json(id)) ?? Buffer.alloc(0));
}

export const apiDefinitionHandlers: Handlers<
  'registerApiDefinition' | 'loadApiDefinition' | 'loadLatestApiDefinition'
> = {
  async registerApiDefinition(ctx, { body }, { caller }) {
    await requireOrg(ctx.db, body.orgId);
    await requireMember(ctx.db, caller, body.orgId);
    const apiDefinitionId = randomUUID();
    const { gz, json } = await packJson({ ...body.definition, id: apiDefinitionId });
    // The publish documents itself: what changed since the version of this API published before.
    const change = await changelogEntry(ctx, body.orgId, body.apiId, apiDefinitionId, body.definition);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('api_definitions')
        .values({
          id: apiDefinitionId,
          org_id: body.orgId,
          api_id: body.apiId,
          definition_gz: gz,
          size_bytes: json.length,
          sha256: createHash('sha256').update(json).digest('hex'),
          ...namesOf(body.definition),
        })
        .execute();
      if (change)
        await trx
          .insertInto('api_changelog')
          .values({
            api_definition_id: apiDefinitionId,
            org_id: body.orgId,
            api_id: body.apiId,
            previous_api_definition_id: change.previousId,
            entry: JSON.stringify(change.entry),
            created_at: change.entry.publishedAt,
          })
          .execute();
    });
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
