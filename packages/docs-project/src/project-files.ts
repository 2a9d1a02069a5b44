/**
 * The files of a docs project its site serves: the ones the docs config names (logo, favicon,
 * social image, scripts, fonts) and the local images and file links of its markdown pages. The
 * publisher uploads them; the local docs host serves exactly these from disk. A markdown
 * reference to a file that does not exist (or lies outside the project, symlinks followed) is a
 * located error.
 */
import { readFile, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { findMarkdownFileReferences, resolveProjectPath } from '@sextant/docs-site';
import { contentTypeOf } from './content-types.js';
import { DocsProjectError } from './errors.js';
import { resolvesInside } from './inside-project.js';
import type { LoadedDocsProject } from './load-docs-project.js';
import { DOCS_CONFIG_FILE } from './load-docs-project.js';
import { splitFrontMatter } from './yaml-locate.js';

/** One file the site serves. */
export interface ProjectFile {
  /** Project-relative, `/`-separated. */
  path: string;
  absolutePath: string;
  size: number;
  contentType: string;
  /** Where the project names it first: `pages/intro.md:12`, or `docs.yml`. */
  referencedAt: string;
}

/** What `collectProjectFiles` found. */
export interface CollectedProjectFiles {
  files: ProjectFile[];
  /** References to files that do not exist or lie outside the project, located. */
  errors: DocsProjectError[];
}

async function fileSize(path: string): Promise<number | undefined> {
  const info = await stat(path).catch(() => undefined);
  return info?.isFile() ? info.size : undefined;
}

/**
 * Collects the files of a loaded project, in a stable order (config files first, then pages in
 * navigation order).
 * @example const { files, errors } = await collectProjectFiles(await loadDocsProject('my-docs'));
 */
export async function collectProjectFiles(loaded: LoadedDocsProject): Promise<CollectedProjectFiles> {
  const files = new Map<string, ProjectFile>();
  const errors: DocsProjectError[] = [];
  /** Adds a file by project path; says why it could not (symlinks are followed before the check). */
  const add = async (path: string, referencedAt: string): Promise<'added' | 'missing' | 'outside'> => {
    if (files.has(path)) return 'added';
    const absolutePath = join(loaded.dir, ...path.split('/'));
    if (!resolvesInside(loaded.dir, absolutePath)) return 'outside';
    const size = await fileSize(absolutePath);
    if (size === undefined) return 'missing';
    files.set(path, { path, absolutePath, size, contentType: contentTypeOf(path), referencedAt });
    return 'added';
  };
  const outside = (page: string, url: string, line: number) =>
    new DocsProjectError(
      page,
      '',
      `"${url}" is outside the project folder: move the file into the project`,
      line,
    );

  // loadDocsProject checked these exist, inside the project, when it read the config.
  for (const path of loaded.files) await add(path, DOCS_CONFIG_FILE);

  for (const page of Object.values(loaded.definition.pages)) {
    if (!page.sourcePath) continue;
    const source = await readFile(join(loaded.dir, page.sourcePath), 'utf8').catch(() => undefined);
    // The definition holds the body without front matter: lines count from where the body starts.
    const { body, bodyLine } =
      source === undefined ? { body: page.markdown, bodyLine: 1 } : splitFrontMatter(source);
    for (const reference of findMarkdownFileReferences(body)) {
      const line = bodyLine + reference.line - 1;
      const path = resolveProjectPath(page.sourcePath, reference.url);
      const added = path === undefined ? 'outside' : await add(path, `${page.sourcePath}:${line}`);
      if (added === 'outside') errors.push(outside(page.sourcePath, reference.url, line));
      if (added === 'missing')
        errors.push(
          new DocsProjectError(
            page.sourcePath,
            '',
            `${reference.kind === 'image' ? 'image' : 'linked file'} "${reference.url}" does not exist (looked for ${posix.join(path ?? '')})`,
            line,
          ),
        );
    }
  }
  return { files: [...files.values()], errors };
}
