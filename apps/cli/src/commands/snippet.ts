/**
 * `sextant snippet <definition> --endpoint "POST /pets" | --id ID --lang curl [--values FILE]`: prints the
 * code snippet of one endpoint (docs authors paste it into their pages). Values default to the
 * endpoint's first example; `--templates FILE` adds SDK snippet templates for the SDK languages.
 * Failures print the SPEC §8 snippet message (`error: Invalid endpoint reference`) and exit with 1.
 */
import { readFileSync } from 'node:fs';
import { DefinitionImportError, importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import {
  createSnippetGenerators,
  findEndpoint,
  parseEndpointReference,
  RequestError,
  type SnippetValues,
} from '@sextant/request';
import type { Command } from 'commander';

export interface SnippetCommandOptions {
  endpoint?: string;
  /** An endpoint id instead of `--endpoint` (OpenRPC methods, whose path is empty). */
  id?: string;
  lang?: string;
  values?: string;
  templates?: string;
  sdk?: boolean;
  baseUrl?: string;
}

/** Where the command writes; injectable so tests read what a user would see. */
export interface SnippetOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processOutput: SnippetOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Reads a JSON file, naming the file in the error. */
function readJson(path: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${what} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Prints the snippet and returns the exit code (0 printed, 1 failed).
 * @example runSnippet('api.yaml', { endpoint: 'GET /pets', lang: 'python' })
 */
export function runSnippet(
  file: string,
  options: SnippetCommandOptions,
  output: SnippetOutput = processOutput,
): number {
  try {
    const { definition } = importDefinition(readSpecFile(file));
    const templates = options.templates ? readJson(options.templates, 'templates file') : [];
    const values = options.values ? (readJson(options.values, 'values file') as SnippetValues) : undefined;
    if (values !== undefined && (typeof values !== 'object' || values === null || Array.isArray(values))) {
      throw new Error(
        `the values file ${options.values} must hold an object with pathParameters, queryParameters, headers, requestBody`,
      );
    }
    if (options.endpoint === undefined && options.id === undefined)
      throw new Error('give --endpoint "METHOD /path" or --id <endpoint id>');
    // The author's own spec: any path it holds is a valid reference here (`/chat.postMessage`, `/a=b`, `/x:batch`).
    const endpointId =
      options.id ??
      findEndpoint(
        Object.values(definition.endpoints),
        parseEndpointReference(options.endpoint ?? '', { anyPath: true }),
      ).id;
    const snippet = createSnippetGenerators(definition, templates).generate({
      endpointId,
      language: options.lang ?? 'curl',
      ...(values ? { values } : {}),
      ...(options.baseUrl ? { environment: { baseUrl: options.baseUrl } } : {}),
      sdk: options.sdk ?? false,
    });
    output.stdout(`${snippet}\n`);
    return 0;
  } catch (error) {
    const message =
      error instanceof RequestError || error instanceof DefinitionImportError || error instanceof Error
        ? error.message
        : String(error);
    output.stderr(`error: ${message}\n`);
    return 1;
  }
}

/** Registers `sextant snippet`. */
export function registerSnippet(program: Command): void {
  program
    .command('snippet')
    .description(
      'print the code snippet of one endpoint (curl, typescript, python, or an SDK language with --templates)',
    )
    .argument('<definition>', 'the spec file (OpenAPI, AsyncAPI or OpenRPC; YAML or JSON)')
    .option('--endpoint <reference>', 'the endpoint, as "METHOD /path", e.g. "POST /pets"')
    .option('--id <endpointId>', 'the endpoint by id instead (e.g. an OpenRPC method)')
    .option(
      '--lang <language>',
      'curl, typescript (js, node, ts), python, or go, ruby, csharp, php, swift, java',
      'curl',
    )
    .option(
      '--values <file>',
      'JSON with pathParameters, queryParameters, headers and requestBody (default: the first example)',
    )
    .option('--templates <file>', 'JSON array of SDK snippet templates')
    .option('--sdk', 'for typescript/python, use the SDK template instead of fetch/requests')
    .option('--base-url <url>', 'base URL instead of the first server of the spec')
    .action((file: string, options: SnippetCommandOptions) => {
      process.exitCode = runSnippet(file, options);
    });
}
