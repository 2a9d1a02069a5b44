/** The error a docs project that cannot be loaded raises: it names the file, line and pointer. */

export class DocsProjectError extends Error {
  readonly code = 'DOCS_PROJECT_ERROR';
  constructor(
    /** Path of the file at fault, relative to the project folder (`docs.yml`, `pages/a.md`). */
    readonly file: string,
    /** JSON pointer into that file (`/navigation/2/path`), '' for the whole file. */
    readonly pointer: string,
    readonly reason: string,
    /** 1-based line, when known. */
    readonly line?: number,
  ) {
    super(`${file}${line ? `:${line}` : ''}${pointer ? ` at ${pointer}` : ''}: ${reason}`);
    this.name = 'DocsProjectError';
  }
}
