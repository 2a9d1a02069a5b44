/**
 * The shape of a snippet target (STYLE.md "Snippet targets as data"): each lives in
 * `targets/<language>/<client>/` and exports one of these; the list of targets is a table.
 */
import type { BuiltRequest } from '../build/built-request.js';

export interface SnippetOptions {
  /** Replace the credential by a placeholder (`Bearer <token>`). */
  redactAuth?: boolean;
}

export interface SnippetTarget {
  /** Language key of the switcher: `curl`, `typescript`, `python`. */
  target: string;
  /** The HTTP client the code uses: `curl`, `fetch`, `requests`. */
  client: string;
  /** Label of the language switcher. */
  title: string;
  /** The code, from the very request Send Request sends. */
  generate(request: BuiltRequest, options?: SnippetOptions): string;
}
