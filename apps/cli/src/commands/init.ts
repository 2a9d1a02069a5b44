/**
 * `sextant init [dir] [--spec FILE]`: scaffolds a docs project — `docs.yml` (every SPEC §9 site
 * option at its default), a welcome page, the spec (copied in with the files its `$ref`s use,
 * or a starter spec) and `generators.yml` (SPEC §3's SDK defaults). The spec is imported first,
 * so a bad spec fails here with its file, line and pointer rather than later in `dev`.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { renderDocsConfig, renderWelcomePage, STARTER_SPEC } from '../scaffold/docs-config.js';
import { renderGeneratorsConfig } from '../scaffold/generators-config.js';
import { CliError, UsageError } from '../support/cli-error.js';
import { loadSpecWithFiles } from '../support/load-spec.js';
import { type Output, processOutput } from '../support/terminal.js';
import { IMPORTERS, runInitFrom } from './init-from.js';

export interface InitCommandOptions {
  spec?: string;
  /** Convert a site: `mintlify`, `fern` or `docusaurus` (the source is the second argument). */
  from?: string;
  title?: string;
  force?: boolean;
  json?: boolean;
}

const SPEC_FOLDER = 'api';

/**
 * Scaffolds the project in `dir`; returns the exit code.
 * @example await runInit('my-docs', { spec: 'openapi.yaml' })
 */
export async function runInit(
  dir: string,
  options: InitCommandOptions,
  output: Output = processOutput(),
): Promise<number> {
  const root = resolve(dir);
  const configPath = join(root, 'docs.yml');
  if (existsSync(configPath) && !options.force) {
    throw new CliError(
      `${join(dir, 'docs.yml')} already exists: pass --force to overwrite it, or pick another folder`,
    );
  }
  const written: string[] = [];
  const write = async (rel: string, text: string) => {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), text);
    written.push(rel);
  };
  let specPath: string;
  let apiTitle: string;
  if (options.spec) {
    const { result, files } = loadSpecWithFiles(options.spec);
    apiTitle = result.definition.title;
    const from = dirname(resolve(options.spec));
    for (const file of files) {
      const target = join(SPEC_FOLDER, file);
      await mkdir(dirname(join(root, target)), { recursive: true });
      if (resolve(from, file) !== join(root, target)) await copyFile(resolve(from, file), join(root, target));
      written.push(target);
    }
    specPath = `${SPEC_FOLDER}/${basename(options.spec)}`;
  } else {
    apiTitle = 'Starter API';
    specPath = `${SPEC_FOLDER}/openapi.yaml`;
    await write(specPath, STARTER_SPEC);
  }
  const title = options.title ?? `${apiTitle} Docs`;
  await write('docs.yml', renderDocsConfig({ title, apiTitle, specPath, welcomePath: 'pages/welcome.md' }));
  await write('pages/welcome.md', renderWelcomePage(title));
  await write('generators.yml', renderGeneratorsConfig(apiTitle));
  if (options.json) {
    output.out(`${JSON.stringify({ dir: root, files: written }, null, 2)}\n`);
    return 0;
  }
  const { color } = output;
  output.out(`${color.green('Created')} a docs project in ${displayPath(root)}\n`);
  for (const file of written) output.out(`  ${file}\n`);
  output.out(
    `\nNext: ${color.cyan(`sextant dev ${dir === '.' ? '' : dir}`.trim())} to preview it, then ${color.cyan('sextant publish')}.\n`,
  );
  return 0;
}

/** Registers `sextant init`. */
export function registerInit(program: Command): void {
  program
    .command('init')
    .description(
      'scaffold a docs project: docs.yml, a welcome page, the spec and generators.yml; or convert a Mintlify, Fern or Docusaurus site (--from)',
    )
    .argument('[dir]', 'folder of the new project (created when missing)', '.')
    .option(
      '--spec <file>',
      'the API spec to document (OpenAPI, AsyncAPI or OpenRPC); a starter spec when absent',
    )
    .argument(
      '[source]',
      'with --from: the docs.json or mint.json (or its folder), Fern folder or Docusaurus site to convert',
    )
    .option(
      '--from <kind>',
      `convert an existing site instead (${Object.keys(IMPORTERS).join(', ')}): sextant init my-docs --from mintlify docs.json`,
    )
    .option('--title <title>', 'site title (default: the API title + " Docs")')
    .option('--force', 'overwrite an existing docs.yml')
    .option('--json', 'print the created files as JSON')
    .addHelpText(
      'after',
      '\nConvert a site: sextant init my-docs --from mintlify path/to/docs.json (or mint.json),\n' +
        '  --from fern path/to/fern, --from docusaurus path/to/site. What could not be converted is listed.\n' +
        '\nExit codes: 0 created, 1 the spec could not be read or the folder is taken, 2 usage error.',
    )
    .action(async (dir: string, source: string | undefined, options: InitCommandOptions) => {
      if (options.from) {
        // `sextant init --from mintlify docs.json`: one argument is the source, the project goes here.
        const [target, from] = source === undefined ? ['.', dir === '.' ? undefined : dir] : [dir, source];
        process.exitCode = await runInitFrom(target, options.from, from, options, processOutput());
        return;
      }
      if (source !== undefined)
        throw new UsageError(`too many arguments: "${source}" (did you mean --from?)`);
      process.exitCode = await runInit(dir, options);
    });
}

/** A path relative to the working folder when it is inside it, else absolute. */
function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}
