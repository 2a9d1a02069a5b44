/**
 * What an importer returns, and the error it throws for input it cannot read at all.
 * Importers are pure: they read files through the `ImportSource` the caller hands them.
 */
import { SextantError } from '../sextant-error.js';
import type { ApiDefinition } from './definition.js';

export interface ImportSource {
  /** Path of the entry document, as `read` understands it. */
  entry: string;
  /** Reads another document of the same folder tree (for cross-file `$ref`). Throws when missing. */
  read: (path: string) => string;
}

export interface ImportOptions {
  /** Id to give the definition; defaults to a slug of the title. */
  id?: string;
}

/** Something the importer skipped or approximated; the rest of the import went on. */
export interface ImportWarning {
  file: string;
  /** JSON pointer into `file`, e.g. `/paths/~1pets/get/responses/200`. */
  pointer: string;
  message: string;
}

export interface ImportResult {
  definition: ApiDefinition;
  warnings: ImportWarning[];
}

/** The input cannot be imported. The message names the file and the JSON pointer of the problem. */
export class DefinitionImportError extends SextantError<'DefinitionImportError'> {
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly reason: string,
    /** 1-based line in `file`, when known. */
    readonly line?: number,
  ) {
    super('DefinitionImportError', `${file}${line ? `:${line}` : ''} at ${pointer || '/'}: ${reason}`);
  }
}
