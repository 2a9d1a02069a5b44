/**
 * The type reader on GitHub's REST spec (test-data): its webhook payloads are allOf compositions
 * that declare a property in two members (`active_lock_reason` as an enum, then as a string;
 * `after_id` as an integer, then as a number), and check-runs declares properties beside an
 * anyOf whose member requires one of them. Read exactly, every synthesised payload is valid
 * against the spec's own schema (Ajv) and the import warns of nothing that is not so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { escapePointerToken } from '../../document/pointer.js';
import { importDefinition } from '../../import/import-definition.js';
import { SourceSchemaValidator } from '../../openapi/corpus-support.js';

const GITHUB = 'test-data/node_modules/@octokit/openapi/generated/api.github.com.json';

/** GitHub's spec with its `x-webhooks` as OpenAPI 3.1 `webhooks`, so the importer reads them. */
function githubSource() {
  const root = JSON.parse(readFileSync(GITHUB, 'utf8'));
  root.webhooks = root['x-webhooks'];
  delete root['x-webhooks'];
  const text = JSON.stringify(root);
  return { entry: 'github.json', read: () => text };
}

describe("GitHub's spec read exactly", () => {
  it('gives webhook payloads valid against the spec (allOf enums and integer types kept) and no false warning', () => {
    const source = githubSource();
    const { definition, warnings } = importDefinition(source);
    const validator = new SourceSchemaValidator(source);
    const invalid: string[] = [];
    let checked = 0;
    for (const webhook of Object.values(definition.webhooks)) {
      const pointer = `/webhooks/${escapePointerToken(webhook.name)}/post/requestBody/content/application~1json/schema`;
      for (const example of webhook.examples) {
        checked++;
        if (validator.verdict({ file: 'github.json', pointer }, 'request', example.payload) === false)
          invalid.push(webhook.name);
      }
    }
    expect(checked).toBeGreaterThan(250);
    // These 9 lost an enum or an integer type to a later allOf member before.
    for (const name of [
      'issue-comment-created',
      'issue-comment-deleted',
      'issue-comment-edited',
      'issues-closed',
      'project-card-moved',
      'workflow-job-completed',
      'workflow-job-in-progress',
      'fork',
    ])
      expect(invalid).not.toContain(name);
    // Payloads are written by the server: readOnly fields (dependabot's alert `number`) are in them.
    expect(invalid).toEqual([]);
    const checkRuns = warnings.filter((w) => w.pointer.includes('check-runs'));
    expect(checkRuns.filter((w) => w.message.includes('is not declared'))).toEqual([]);
  }, 300_000);
});
