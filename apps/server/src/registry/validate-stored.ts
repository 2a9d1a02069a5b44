/**
 * What the registry refuses to store beyond the contract's body schemas: docs files whose
 * declared content type is not the allowlisted one of their extension, with the named error of
 * the contract. API and docs definitions are checked whole by the body schemas
 * (`@sextant/definition`'s), refused with their named errors by `definition-refusal.ts`.
 */
import { contentTypeOf } from '@sextant/docs-project';
import type { DocsFileDeclaration } from '@sextant/registry-client';
import { fail } from './errors.js';

/**
 * Throws DocsFileTypeNotAllowedError for a file declared with another type than its extension's
 * (the docs host serves files by that type; a `.ico` declared `text/html` is refused).
 * @example validateStoredFileTypes(body.files ?? [])
 */
export function validateStoredFileTypes(files: readonly DocsFileDeclaration[]): void {
  for (const file of files) {
    const expected = contentTypeOf(file.path);
    const declared = file.contentType.toLowerCase().replace(/\s+/g, ' ');
    if (declared !== expected)
      fail('DocsFileTypeNotAllowedError', {
        message: `"${file.path}" is declared as "${file.contentType}"; files with this extension are stored as "${expected}". Declare that type (sextant publish does).`,
        path: file.path,
      });
  }
}
