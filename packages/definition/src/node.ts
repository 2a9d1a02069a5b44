/**
 * Node.js file access for the importers (the rest of the package does no I/O):
 * `readSpecFile(path)` builds an `ImportSource` that reads the entry file and the files its
 * `$ref`s name, relative to the entry's folder, and refuses any path that escapes that folder
 * or any file over the size limit (checked from the file's size before it is read).
 */
import { readFileSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { DEFAULT_MAX_FILE_SIZE, formatSize } from './document/parse.js';
import { DefinitionImportError, type ImportSource } from './ir/import-result.js';

export interface ReadSpecFileOptions {
  /** Largest file accepted, in bytes. Default 50 MB. */
  maxFileSize?: number;
  /**
   * The project the spec belongs to: whether an absolute path (symlinks to be followed by the
   * caller) lies inside it. Given, a `$ref` may reach any file of the project (a sibling folder
   * too) and one outside is refused as "outside the project folder"; without it, files must stay
   * under the entry's folder.
   */
  insideProject?: (absolutePath: string) => boolean;
}

/**
 * An `ImportSource` for the spec file at `path`. Paths inside the source are relative to the
 * entry's folder; the entry is its base name, so error messages name files as the user sees them.
 * @example
 * const { definition } = importDefinition(readSpecFile('specs/api.yaml'));
 */
export function readSpecFile(path: string, options: ReadSpecFileOptions = {}): ImportSource {
  const folder = dirname(resolve(path));
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  return {
    entry: basename(path),
    read(file: string): string {
      const full = resolve(folder, file);
      if (options.insideProject) {
        if (!options.insideProject(full))
          throw new DefinitionImportError(
            file,
            '',
            `"${file}" is outside the project folder: move the file into the project`,
          );
      } else if (!lexicallyInside(folder, full)) {
        throw new DefinitionImportError(
          file,
          '',
          `refusing to read a file outside the spec's folder ${folder}`,
        );
      }
      let stats: Stats;
      try {
        stats = statSync(full);
      } catch {
        throw new DefinitionImportError(file, '', `no such file (looked for ${full})`);
      }
      if (stats.isDirectory())
        throw new DefinitionImportError(
          file,
          '',
          `is a folder, not a spec file (${full}): name the spec file in it`,
        );
      const size = stats.size;
      if (size > maxFileSize) {
        throw new DefinitionImportError(
          file,
          '',
          `the file is ${formatSize(size)}, over the ${formatSize(maxFileSize)} limit; split it into several files joined by $ref`,
        );
      }
      return readFileSync(full, 'utf8');
    },
  };
}

function lexicallyInside(folder: string, full: string): boolean {
  const inside = relative(folder, full);
  return !(inside.startsWith('..') || isAbsolute(inside));
}
