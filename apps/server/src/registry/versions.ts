/**
 * Diff and SDK versions: `GET /registry/diff` compares two stored API definitions with the
 * structural diff of `@sextant/definition`; `POST /sdks/semantic-version/compute` turns the diff
 * between an SDK's last release and the new definition into the next version and its bump.
 */

import type { ApiDefinition } from '@sextant/definition';
import { bumpForDiff, computeNextVersion, diffDefinitions, renderDiffMarkdown } from '@sextant/definition';
import semver from 'semver';
import type { Handlers, RegistryContext } from './context.js';
import { fail } from './errors.js';
import { requireMember, requireOrg } from './identity.js';

async function definitionOrFail(ctx: RegistryContext, id: string, field: string): Promise<ApiDefinition> {
  const definition = await ctx.definitions.parsed(id);
  if (!definition) fail('ApiDoesNotExistError', `${field}: no API definition has id "${id}"`);
  return definition;
}

export const versionHandlers: Handlers<'diffApiDefinitions' | 'computeSemanticVersion'> = {
  async diffApiDefinitions(ctx, { query }) {
    const previous = await definitionOrFail(ctx, query.previousApiDefinitionId, 'previousApiDefinitionId');
    const current = await definitionOrFail(ctx, query.currentApiDefinitionId, 'currentApiDefinitionId');
    const diff = diffDefinitions(previous, current);
    return {
      diff: { ...diff },
      markdown: renderDiffMarkdown(diff),
      bump: bumpForDiff(diff),
    };
  },

  async computeSemanticVersion(ctx, { body }, call) {
    await requireOrg(ctx.db, body.orgId);
    await requireMember(ctx.db, call.caller, body.orgId);
    let previous = body.previous;
    if (!previous) {
      const rows = await ctx.db
        .selectFrom('sdk_releases')
        .select(['version', 'api_definition_id'])
        .where('org_id', '=', body.orgId)
        .where('package_name', '=', body.packageName)
        .where('language', '=', body.language)
        .execute();
      const sorted = rows
        .filter((row) => semver.valid(row.version))
        .sort((a, b) => semver.rcompare(a.version, b.version));
      const last = sorted[0] ?? rows[0];
      if (!last)
        fail(
          'SDKNotFound',
          `No release of ${body.language} package "${body.packageName}" is recorded; pass previous`,
        );
      previous = { version: last.version, apiDefinitionId: last.api_definition_id };
    }
    if (!semver.valid(semver.clean(previous.version) ?? '')) {
      fail(
        'FailedToComputeExistingVersion',
        `previous.version: "${previous.version}" is not a semantic version`,
      );
    }
    const before = await definitionOrFail(ctx, previous.apiDefinitionId, 'previous.apiDefinitionId');
    const after = await definitionOrFail(ctx, body.apiDefinitionId, 'apiDefinitionId');
    let next: { version: string; bump: 'MAJOR' | 'MINOR' | 'PATCH' };
    try {
      next = computeNextVersion(previous.version, diffDefinitions(before, after));
    } catch (error) {
      fail('FailedToIncrementVersion', `Cannot increment "${previous.version}": ${(error as Error).message}`);
    }
    if (body.record) {
      await ctx.db
        .insertInto('sdk_releases')
        .values({
          org_id: body.orgId,
          package_name: body.packageName,
          language: body.language,
          version: next.version,
          api_definition_id: body.apiDefinitionId,
        })
        .onConflict((oc) =>
          oc
            .columns(['org_id', 'package_name', 'language', 'version'])
            .doUpdateSet({ api_definition_id: body.apiDefinitionId }),
        )
        .execute();
    }
    return { ...next, previousVersion: previous.version };
  },
};
