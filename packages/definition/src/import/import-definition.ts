/**
 * The one entry point of every importer: loads the entry document once, detects its format,
 * runs the OpenAPI, AsyncAPI or OpenRPC importer on the already-parsed documents, then gives
 * every endpoint, channel message and webhook an example (`synthesizeExamples`).
 */

import { importAsyncApiDocuments } from '../asyncapi/import-asyncapi.js';
import { DocumentSet, type DocumentSetOptions } from '../document/document-set.js';
import { problemPlace, problemPointer } from '../examples/example-problems.js';
import { synthesizeExamples } from '../examples/synthesize.js';
import type { ApiDefinition } from '../ir/definition.js';
import type { ExampleProblem } from '../ir/endpoint.js';
import type { ImportOptions, ImportResult, ImportSource, ImportWarning } from '../ir/import-result.js';
import { importOpenApiDocuments } from '../openapi/index.js';
import { importOpenRpcDocuments } from '../openrpc/import-openrpc.js';
import { detectFormat } from './detect-format.js';
import { exampleSource, exampleSourceKey } from './example-sources.js';

export interface ImportDefinitionOptions extends ImportOptions, DocumentSetOptions {
  /** Set to false to skip example synthesis (the definition keeps only the spec's examples). */
  synthesizeExamples?: boolean;
}

/**
 * Imports an OpenAPI 2.0/3.0/3.1, AsyncAPI 2.x/3.0 or OpenRPC 1.x description.
 * Throws `DefinitionImportError` (file, JSON pointer, line) for input it cannot read.
 * @example
 * const { definition, warnings } = importDefinition(readSpecFile('api.yaml'));
 */
export function importDefinition(source: ImportSource, options: ImportDefinitionOptions = {}): ImportResult {
  const docs = new DocumentSet(source, options);
  const { format } = detectFormat(docs);
  const result =
    format === 'openapi'
      ? importOpenApiDocuments(docs, options)
      : format === 'asyncapi'
        ? importAsyncApiDocuments(docs, options)
        : importOpenRpcDocuments(docs, options);
  if (options.synthesizeExamples === false) return result;
  const warnings: ImportWarning[] = [...result.warnings];
  const seen = new Set<string>();
  const definition = synthesizeExamples(result.definition, {
    onWarning: ({ where, message }) => {
      const text = `example synthesis for ${where}: ${message}`;
      if (seen.has(text)) return;
      seen.add(text);
      warnings.push({ file: docs.entry.file, pointer: '', message: text });
    },
  });
  warnings.push(...exampleProblemWarnings(result.definition, definition, docs.entry.file));
  return { definition, warnings };
}

/**
 * A located warning for each place a spec example breaks its schema: the file and JSON pointer
 * of the value inside the example (where the importer recorded it), else the entry file.
 */
function exampleProblemWarnings(
  imported: ApiDefinition,
  completed: ApiDefinition,
  entryFile: string,
): ImportWarning[] {
  const warnings: ImportWarning[] = [];
  const warn = (
    source: object | undefined,
    problem: ExampleProblem,
    where: string,
    name: string | undefined,
  ): void => {
    const at = exampleSource(source, exampleSourceKey(problem.part, problem.key));
    const example = name === undefined ? 'an example' : `example "${name}"`;
    warnings.push({
      file: at?.file ?? entryFile,
      pointer: at ? `${at.pointer}${problemPointer(problem)}` : '',
      message: `${example} of ${where} does not match the schema (${problemPlace(problem)}): ${problem.message}; shown as written`,
    });
  };
  for (const [id, endpoint] of Object.entries(completed.endpoints)) {
    const given = imported.endpoints[id]?.examples ?? [];
    endpoint.examples.forEach((example, index) => {
      for (const problem of example.problems ?? [])
        warn(given[index], problem, `endpoint ${id}`, example.name);
    });
  }
  for (const [id, webhook] of Object.entries(completed.webhooks)) {
    const given = imported.webhooks[id]?.examples ?? [];
    webhook.examples.forEach((example, index) => {
      for (const problem of example.problems ?? [])
        warn(given[index], problem, `webhook ${id}`, example.name);
    });
  }
  return warnings;
}
