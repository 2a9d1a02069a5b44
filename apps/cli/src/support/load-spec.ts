/**
 * Imports one spec file for a command (OpenAPI, AsyncAPI or OpenRPC, via `importDefinition`),
 * turning an import failure into a `CliError` that names the file as the user typed it, the
 * line and the JSON pointer.
 */
import { dirname, join } from 'node:path';
import { DefinitionImportError, type ImportResult, importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { CliError, errorLine } from './cli-error.js';

/**
 * Imports the spec at `path`.
 * @example const { definition } = loadSpec('api/openapi.yaml');
 * @throws CliError `api/openapi.yaml:12 at /paths/~1pets/get: <reason>`
 */
export function loadSpec(path: string, id?: string): ImportResult {
  return loadSpecWithFiles(path, id).result;
}

/** Like `loadSpec`, also naming every file the import read (the entry first), relative to the entry's folder. */
export function loadSpecWithFiles(path: string, id?: string): { result: ImportResult; files: string[] } {
  const source = readSpecFile(path);
  const files: string[] = [];
  const recording = {
    entry: source.entry,
    read: (file: string) => {
      const text = source.read(file);
      if (!files.includes(file)) files.push(file);
      return text;
    },
  };
  try {
    return { result: importDefinition(recording, id ? { id } : {}), files };
  } catch (error) {
    if (error instanceof DefinitionImportError) throw new CliError(locatedImportError(path, error));
    throw new CliError(`${path}: the import failed: ${errorLine(error)}`);
  }
}

/** `dir/file.yaml:12 at /pointer: reason`, with the file relative to where the user is. */
export function locatedImportError(entryPath: string, error: DefinitionImportError): string {
  const file = join(dirname(entryPath), error.file);
  return `${file}${error.line ? `:${error.line}` : ''} at ${error.pointer || '/'}: ${error.reason}`;
}
