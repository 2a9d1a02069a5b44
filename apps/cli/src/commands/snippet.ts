/**
 * `sextant snippet <definition> --endpoint "POST /pets" | --id ID --lang curl [--values FILE]`: prints the
 * code snippet of one endpoint (docs authors paste it into their pages). The definition is a spec
 * (OpenAPI, AsyncAPI, OpenRPC) or the API definition `sextant import` writes. Values default to
 * the endpoint's first example; `--templates FILE` (a generators.yml, or an array of templates)
 * adds SDK snippet templates for the SDK languages. Every failure is one line naming the file or
 * flag and the reason (the SPEC §8 snippet message where there is one): exit 1 for bad input,
 * 2 for a command used wrongly (no endpoint named, a malformed reference, an unknown language).
 */
import { readFileSync } from 'node:fs';
import {
  type ApiDefinition,
  apiDefinitionSchema,
  checkSchema,
  importDefinition,
  issueLine,
} from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import {
  createSnippetGenerators,
  EndpointNotFoundError,
  findEndpoint,
  InvalidEndpointReferenceError,
  NoLanguageConfigurationError,
  parseEndpointReference,
  type SnippetValues,
  UnsupportedLanguageError,
} from '@sextant/request';
import type { Command } from 'commander';
import { CliError, errorLine, UsageError } from '../support/cli-error.js';
import { type Output, processOutput } from '../support/terminal.js';

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

/** Reads a JSON file; the error names the file and why. */
function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(`${path}: ${code === 'ENOENT' ? 'no such file' : `cannot read the file (${code})`}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: not JSON: ${errorLine(error)}`);
  }
}

/**
 * The API definition in `file`: the JSON `sextant import` writes (it has `irVersion`), checked
 * as the registry checks one, or else a spec, imported.
 */
function loadDefinition(file: string): ApiDefinition {
  const source = readSpecFile(file);
  let parsed: unknown;
  try {
    parsed = JSON.parse(source.read(source.entry));
  } catch {
    parsed = undefined;
  }
  if (parsed && typeof parsed === 'object' && 'irVersion' in parsed) {
    const checked = checkSchema(apiDefinitionSchema, parsed);
    if (!checked.success)
      throw new CliError(`${file}: not a valid API definition: ${checked.issues.map(issueLine).join('; ')}`);
    return checked.data;
  }
  return importDefinition(source).definition;
}

/**
 * Prints the snippet and returns the exit code (0 printed, 1 bad input, 2 used wrongly).
 * @example await runSnippet('api.yaml', { endpoint: 'GET /pets', lang: 'python' })
 */
export async function runSnippet(
  file: string,
  options: SnippetCommandOptions,
  output: Output = processOutput(),
): Promise<number> {
  try {
    if (options.endpoint === undefined && options.id === undefined)
      throw new UsageError('give --endpoint "METHOD /path" or --id <endpoint id>');
    const language = options.lang ?? 'curl';
    // The author's own spec: any path it holds is a valid reference here (`/chat.postMessage`, `/a=b`, `/x:batch`).
    const reference =
      options.endpoint === undefined
        ? undefined
        : flagged(`--endpoint ${JSON.stringify(options.endpoint)}`, () =>
            parseEndpointReference(options.endpoint ?? '', { anyPath: true }),
          );
    const definition = loadDefinition(file);
    // The server bundle loads only when templates are asked for: a plain snippet starts fast.
    const templates = options.templates
      ? await (await import('@sextant/docs-project')).snippetTemplatesOfFile(options.templates)
      : [];
    const values = options.values ? (readJson(options.values) as SnippetValues) : undefined;
    if (values !== undefined && (typeof values !== 'object' || values === null || Array.isArray(values))) {
      throw new CliError(
        `${options.values}: must hold an object with pathParameters, queryParameters, headers, cookies, requestBody`,
      );
    }
    const endpoints = Object.values(definition.endpoints);
    const endpointId = flagged(file, () => {
      if (reference !== undefined) return findEndpoint(endpoints, reference).id;
      const id = options.id ?? '';
      if (!Object.hasOwn(definition.endpoints, id)) throw new EndpointNotFoundError(id);
      return id;
    });
    const snippet = flagged(`--lang ${language}`, () =>
      createSnippetGenerators(definition, templates).generate({
        endpointId,
        language,
        ...(values ? { values } : {}),
        ...(options.baseUrl ? { environment: { baseUrl: options.baseUrl } } : {}),
        sdk: options.sdk ?? false,
      }),
    );
    output.out(`${snippet}\n`);
    return 0;
  } catch (error) {
    // A definition's own errors (DefinitionImportError) already name file, line and pointer.
    output.err(`error: ${errorLine(error)}\n`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}

/**
 * Runs `work`, naming `subject` (a flag or a file) in the one-line error it may raise: a malformed
 * reference or an unknown language is a usage error (exit 2), anything else bad input (exit 1).
 */
function flagged<T>(subject: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof EndpointNotFoundError) throw new CliError(`${subject}: ${error.message}`);
    if (error instanceof InvalidEndpointReferenceError || error instanceof UnsupportedLanguageError)
      throw new UsageError(`${subject}: ${error.message}`);
    if (error instanceof NoLanguageConfigurationError)
      throw new UsageError(`${subject}: ${error.message} (give --templates with templates of that SDK)`);
    if (error instanceof Error && !(error instanceof CliError))
      throw new CliError(`${subject}: ${errorLine(error)}`);
    throw error;
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
      'JSON with pathParameters, queryParameters, headers, cookies and requestBody (default: the first example)',
    )
    .option(
      '--templates <file>',
      'SDK snippet templates: a generators.yml, or a JSON/YAML array of templates',
    )
    .option('--sdk', 'for typescript/python, use the SDK template instead of fetch/requests')
    .option('--base-url <url>', 'base URL instead of the first server of the spec')
    .action(async (file: string, options: SnippetCommandOptions) => {
      process.exitCode = await runSnippet(file, options);
    });
}
