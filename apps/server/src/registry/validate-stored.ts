/**
 * What the registry refuses to store, checked with the same rules as the CLI so a CLI publish
 * always passes and a hand-made call cannot store what the CLI would reject: docs definitions
 * (URL schemes of links, redirects, logos, scripts, fonts, social images; enums) and docs files
 * (the content type is the allowlisted one of the file's extension). Each check throws the named
 * error of the contract. API definitions are checked whole by the contract's body schema.
 */
import { docsDefinitionProblems } from '@sextant/definition';
import { contentTypeOf } from '@sextant/docs-project';
import type { DocsFileDeclaration } from '@sextant/registry-client';
import { fail } from './errors.js';

/**
 * Throws InvalidDocsDefinitionError naming the fields at fault.
 * @example validateStoredDocsDefinition(body.docsDefinition)
 */
export function validateStoredDocsDefinition(definition: unknown): void {
  const problems = docsDefinitionProblems(definition);
  if (problems.length > 0)
    fail('InvalidDocsDefinitionError', {
      message: `The docs definition cannot be stored: ${problems.join('; ')}. Publish with \`sextant publish\`, which checks docs.yml with the same rules.`,
      problems,
    });
}

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
