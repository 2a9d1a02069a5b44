/**
 * How the docs project loader turns a spec into an API definition: through `importDefinition`
 * of `@sextant/definition` (OpenAPI, AsyncAPI, OpenRPC), reading files with `readSpecFile`.
 */

import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ApiDefinition, ImportOptions, ImportResult, ImportSource } from '@sextant/definition';
import * as definitionModule from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { UrlSpecReferenceError } from './errors.js';
import { resolvesInside } from './inside-project.js';

/**
 * A spec on disk (`onRead` hears each file the import reads: the spec and its `$ref`s; a `$ref`
 * to a file outside `projectDir`, symlinks followed, is refused), or one fetched from a URL.
 */
export type SpecInput =
  | { kind: 'file'; path: string; projectDir?: string; onRead?: (path: string) => void }
  | { kind: 'text'; name: string; text: string };

export type ImportSpec = (input: SpecInput, id: string) => Promise<ApiDefinition>;

type Importer = (source: ImportSource, options?: ImportOptions) => ImportResult;

// `importDefinition` (every format) until it is exported; `importOpenApi` covers OpenAPI meanwhile.
const importer: Importer =
  (definitionModule as unknown as { importDefinition?: Importer }).importDefinition ??
  definitionModule.importOpenApi;

/** Imports with `importDefinition`; relative `$ref`s of file specs resolve beside the entry file, inside the project. */
export const defaultImportSpec: ImportSpec = async (input, id) => {
  const source: ImportSource =
    input.kind === 'file'
      ? readingFrom(input.path, input.projectDir, input.onRead)
      : {
          entry: input.name,
          read: (path) => {
            if (path !== input.name) throw new UrlSpecReferenceError(path);
            return input.text;
          },
        };
  return importer(source, { id }).definition;
};

/**
 * `readSpecFile`, confined to `projectDir` (the temporary project of a single spec trusts the
 * spec's own folder) and telling `onRead` the absolute path of every file it is asked for (even a
 * missing one).
 */
function readingFrom(path: string, projectDir?: string, onRead?: (path: string) => void): ImportSource {
  // From the spec's real folder, so `../` leaves the folder the user sees (not the `api` link of
  // a single spec's temporary project) and is judged there.
  const source = readSpecFile(
    join(realFolder(dirname(resolve(path))), basename(path)),
    projectDir ? { insideProject: (file) => resolvesInside(projectDir, file) } : {},
  );
  if (!onRead) return source;
  const folder = dirname(resolve(path));
  return {
    entry: source.entry,
    read(file) {
      onRead(resolve(folder, file));
      return source.read(file);
    },
  };
}

function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}
