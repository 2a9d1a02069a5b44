/**
 * `sextant init [dir] --from mintlify|fern|docusaurus <source>`: converts a Mintlify, Fern or
 * Docusaurus site into a new docs project — docs.yml, the pages and the images they use, the
 * specs — then loads the project as `sextant dev` would, and lists what could not be
 * converted, each with its file and reason (also in `--json`). The conversion itself lives in
 * `../import-docs/`.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { acceptsDocsYml, DocsProjectError, loadDocsProject } from '@sextant/docs-project';
import { ConversionLog } from '../import-docs/draft.js';
import { pointAtEndpointPages } from '../import-docs/endpoint-redirects.js';
import {
  docsYmlDocument,
  docsYmlFeatures,
  type ImportedProject,
  importDocusaurus,
  importFern,
  importMintlify,
  lowerDraft,
  type NotConverted,
  renderDocsYml,
} from '../import-docs/index.js';
import { CliError, UsageError } from '../support/cli-error.js';
import type { Output } from '../support/terminal.js';

/** The sources `--from` takes, with their importer. */
export const IMPORTERS: Record<string, (source: string) => ImportedProject | Promise<ImportedProject>> = {
  mintlify: importMintlify,
  fern: importFern,
  docusaurus: importDocusaurus,
};

export interface InitFromOptions {
  force?: boolean;
  json?: boolean;
}

/**
 * Converts `source` (a Mintlify docs.json or mint.json or its folder, a Fern folder, a Docusaurus site) into
 * a project in `dir`; returns the exit code.
 * @example await runInitFrom('my-docs', 'mintlify', 'old-docs/docs.json', {}, output)
 */
export async function runInitFrom(
  dir: string,
  kind: string,
  source: string | undefined,
  options: InitFromOptions,
  output: Output,
): Promise<number> {
  const importer = IMPORTERS[kind];
  if (!importer) throw new UsageError(`--from takes ${Object.keys(IMPORTERS).join(', ')}, not "${kind}"`);
  if (!source)
    throw new UsageError(
      `name what to convert: sextant init ${dir === '.' ? '' : `${dir} `}--from ${kind} <${kind === 'mintlify' ? 'docs.json' : 'folder'}>`,
    );
  if (!existsSync(source)) throw new CliError(`${source}: no such file or folder`);
  const root = resolve(dir);
  if (existsSync(join(root, 'docs.yml')) && !options.force)
    throw new CliError(
      `${join(dir, 'docs.yml')} already exists: pass --force to overwrite it, or pick another folder`,
    );

  const imported = await importer(source);
  if (root === imported.root)
    throw new CliError(
      `${dir}: the new project must not be the source folder (its pages would be overwritten): pick another folder`,
    );
  const log = new ConversionLog();
  for (const item of imported.notConverted) log.add(item.file, item.item, item.reason);
  const draft = lowerDraft(imported.draft, docsYmlFeatures(acceptsDocsYml), log, imported.config);

  const written: string[] = [];
  for (const file of imported.files) {
    const target = join(root, ...file.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    if ('text' in file) await writeFile(target, file.text);
    else await copyFile(file.from, target);
    written.push(file.path);
  }
  const document = docsYmlDocument(draft);
  await mkdir(root, { recursive: true });
  await writeFile(join(root, 'docs.yml'), renderDocsYml(draft, imported.source));
  written.push('docs.yml');

  const display = (path: string) => (imported.label ? `${imported.label}/${path}` : path);
  let loadError: string | undefined;
  try {
    const loaded = await loadDocsProject(root, { tolerateApiErrors: true });
    // Old endpoint pages' URLs lead to their operations' pages, known now that the project loads
    // (a redirect's destination changes nothing the load checked: links count its source).
    if (pointAtEndpointPages(draft, imported.endpointRedirects ?? [], loaded))
      await writeFile(join(root, 'docs.yml'), renderDocsYml(draft, imported.source));
    for (const problem of loaded.pageProblems)
      if (problem.severity === 'error')
        log.add(display(problem.file), `line ${problem.line}`, problem.message);
    for (const problem of loaded.linkProblems)
      log.add(display(problem.file), `line ${problem.line}`, problem.message);
  } catch (error) {
    loadError = error instanceof DocsProjectError ? error.message : String(error);
    if (!acceptsDocsYml(document)) loadError = `docs.yml does not validate: ${loadError}`;
  }
  const notConverted: NotConverted[] = log.items;

  if (options.json) {
    output.out(
      `${JSON.stringify({ dir: root, from: kind, source: imported.source, files: written, notConverted, ...(loadError ? { error: loadError } : {}) }, null, 2)}\n`,
    );
    return loadError ? 1 : 0;
  }
  const { color } = output;
  output.out(
    `${color.green('Converted')} ${imported.source} into ${displayPath(root)}: ${written.length} files\n`,
  );
  output.out(`  docs.yml, ${written.length - 1} pages, images and specs\n`);
  if (notConverted.length > 0) {
    output.out(`\n${color.yellow(`Not converted (${notConverted.length}):`)}\n`);
    for (const item of notConverted)
      output.out(`  ${item.file}${item.item ? ` ${color.dim(item.item)}` : ''}: ${item.reason}\n`);
  } else output.out('\nEverything was converted.\n');
  if (loadError) {
    output.err(`${output.errColor.red('error:')} the converted project does not load: ${loadError}\n`);
    return 1;
  }
  output.out(
    `\nNext: ${color.cyan(`sextant dev ${dir === '.' ? '' : dir}`.trim())} to preview it, then ${color.cyan('sextant publish')}.\n`,
  );
  return 0;
}

/** A path relative to the working folder when it is inside it, else absolute. */
function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}
