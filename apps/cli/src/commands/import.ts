/**
 * `sextant import <file> [--out FILE] [--summary] [--json]`: imports an OpenAPI / Swagger,
 * AsyncAPI or OpenRPC spec (`importDefinition`, with example synthesis) and prints the API
 * definition as JSON, or its counts with `--summary` (as JSON with `--json`). Warnings go to stderr. Bad input prints one
 * line, `error: <file>:<line> at <pointer>: <reason>`, and exits with 1, never a stack trace.
 */
import { writeFileSync } from 'node:fs';
import { DefinitionImportError, type ImportResult, importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import type { Command } from 'commander';
import { type Output, processOutput } from '../support/terminal.js';

export interface ImportCommandOptions {
  out?: string;
  summary?: boolean;
  json?: boolean;
}

/** Counts shown by `--summary`. */
export function summarize(result: ImportResult): Record<string, number> {
  const { definition } = result;
  return {
    endpoints: Object.keys(definition.endpoints).length,
    channels: Object.keys(definition.websockets).length,
    webhooks: Object.keys(definition.webhooks).length,
    types: Object.keys(definition.types).length,
    auths: Object.keys(definition.auths).length,
    warnings: result.warnings.length,
  };
}

/**
 * Runs the import and returns the exit code (0 done, 1 bad input).
 * @example runImport('api.yaml', { summary: true }) // prints "endpoints  12 ..."
 */
export function runImport(
  file: string,
  options: ImportCommandOptions,
  output: Output = processOutput(),
): number {
  let result: ImportResult;
  try {
    result = importDefinition(readSpecFile(file));
  } catch (error) {
    if (error instanceof DefinitionImportError) {
      output.err(`error: ${error.message}\n`);
      return 1;
    }
    output.err(
      `error: ${file}: the importer failed unexpectedly: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  for (const warning of result.warnings) {
    output.err(`warning: ${warning.file} at ${warning.pointer || '/'}: ${warning.message}\n`);
  }
  let text: string;
  if (options.summary) {
    const counts = summarize(result);
    text = options.json
      ? `${JSON.stringify(counts)}\n`
      : `${Object.entries(counts)
          .map(([name, count]) => `${name.padEnd(10)} ${count}`)
          .join('\n')}\n`;
  } else {
    text = `${JSON.stringify(result.definition, null, options.json ? undefined : 2)}\n`;
  }
  if (options.out) {
    writeFileSync(options.out, text);
  } else {
    output.out(text);
  }
  return 0;
}

/** Registers `sextant import`. */
export function registerImport(program: Command): void {
  program
    .command('import')
    .description('import an OpenAPI, AsyncAPI or OpenRPC spec and print the API definition as JSON')
    .argument('<file>', 'the spec file (YAML or JSON); $refs to files of its folder are followed')
    .option('--out <file>', 'write the output to this file instead of stdout')
    .option(
      '--summary',
      'print counts (endpoints, channels, webhooks, types, auths, warnings) instead of the definition',
    )
    .option('--json', 'compact JSON output (with --summary: the counts as JSON)')
    .action((file: string, options: ImportCommandOptions) => {
      process.exitCode = runImport(file, options);
    });
}
