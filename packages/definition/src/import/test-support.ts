/**
 * Test support for importer tests: an `ImportSource` over one in-memory text, and the
 * `DefinitionImportError` an import of it throws.
 */
import { DefinitionImportError, type ImportSource } from '../ir/import-result.js';
import { importDefinition } from './import-definition.js';

/** A source whose only file is `entry`, holding `text`. */
export function textSource(text: string, entry = 'api.yaml'): ImportSource {
  return {
    entry,
    read: (path) => {
      if (path !== entry) throw new Error(`no file ${path}`);
      return text;
    },
  };
}

/** The import error of `text`; fails the test when the import succeeds or crashes otherwise. */
export function importError(text: string, entry = 'api.yaml'): DefinitionImportError {
  try {
    importDefinition(textSource(text, entry));
  } catch (error) {
    if (error instanceof DefinitionImportError) return error;
    throw error;
  }
  throw new Error('expected an import error');
}
