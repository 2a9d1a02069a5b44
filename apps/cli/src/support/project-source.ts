/**
 * What `dev` and `publish` were pointed at: a docs project folder (holding `docs.yml`) or a
 * single spec file. A spec file gets a one-page project in a temporary folder whose `api` entry
 * links to the spec's own folder, so its `$ref`s to sibling files keep working and edits to the
 * spec are seen at once.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { DocsProjectError, trustProjectLink } from '@sextant/docs-project';
import { parse } from 'yaml';
import { CliError, errorLine } from './cli-error.js';
import { convertHint, otherSiteIn } from './other-site.js';
import { specFilesIn } from './spec-in-folder.js';

export interface ProjectSource {
  /** The folder holding docs.yml. */
  projectDir: string;
  /** The folder to watch for edits. */
  watchDir: string;
  kind: 'project' | 'spec';
  /** Removes any temporary folder. */
  dispose: () => Promise<void>;
  /**
   * The one line for a failure to load it. For a spec file, the spec's own error: the docs.yml
   * that names it is ours, so "docs.yml:4 at /navigation/0/spec: cannot import …" would point at
   * a file the user never wrote.
   */
  errorLine: (error: unknown) => string;
}

/**
 * Resolves `path` (default `.`) to a docs project: a folder with docs.yml, a spec file, or a folder
 * holding exactly one spec file.
 * @throws CliError when the path does not exist, or is a folder without docs.yml and with no or
 * several spec files.
 */
export async function openProjectSource(path: string): Promise<ProjectSource> {
  const full = resolve(path);
  if (!existsSync(full)) throw new CliError(`${path}: no such file or folder`);
  if (statSync(full).isDirectory()) {
    const other = otherSiteIn(full);
    if (other) throw new CliError(convertHint(path, other));
    if (existsSync(join(full, 'docs.yml')))
      return { projectDir: full, watchDir: full, kind: 'project', dispose: async () => undefined, errorLine };
    // No docs project: the one API description the folder holds is the site.
    const specs = specFilesIn(full);
    if (specs.length === 1) return specProject(join(full, specs[0] as string));
    if (specs.length > 1)
      throw new CliError(
        `${path}: no docs.yml here and ${specs.length} API descriptions (${specs.join(', ')}); name one (\`sextant dev ${specs[0]}\`) or run \`sextant init ${path}\``,
      );
    throw new CliError(`${path}: no docs.yml here; run \`sextant init ${path}\` or point at a spec file`);
  }
  return specProject(full);
}

/**
 * The spec's own title (`info.title`; OpenRPC and AsyncAPI keep it there too), or undefined when
 * the file does not parse or has none: the importer reports a broken spec with its place later.
 */
async function specTitle(file: string): Promise<string | undefined> {
  try {
    const spec: unknown = parse(await readFile(file, 'utf8'), { maxAliasCount: 100 });
    const info = typeof spec === 'object' && spec !== null ? (spec as { info?: unknown }).info : undefined;
    const title = typeof info === 'object' && info !== null ? (info as { title?: unknown }).title : undefined;
    return typeof title === 'string' && title.trim() !== '' ? title.trim().slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

/** A one-page project in a temporary folder for the spec file `full`. */
async function specProject(full: string): Promise<ProjectSource> {
  const projectDir = await mkdtemp(join(tmpdir(), 'sextant-spec-'));
  await symlink(dirname(full), join(projectDir, 'api'), 'dir');
  // Our own link out of the temporary project: files may resolve into the spec's folder.
  const untrust = trustProjectLink(projectDir, dirname(full));
  const title = (await specTitle(full)) ?? basename(full).replace(/\.(ya?ml|json)$/i, '');
  await writeFile(
    join(projectDir, 'docs.yml'),
    `title: ${JSON.stringify(title)}\nnavigation:\n  - api: API Reference\n    spec: ${JSON.stringify(`api/${basename(full)}`)}\n`,
  );
  return {
    projectDir,
    watchDir: dirname(full),
    kind: 'spec',
    errorLine: (error) =>
      errorLine(
        error instanceof DocsProjectError && error.file === 'docs.yml' && error.cause ? error.cause : error,
      ),
    dispose: async () => {
      untrust();
      await rm(projectDir, { recursive: true, force: true });
    },
  };
}
