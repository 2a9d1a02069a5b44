/**
 * Code snippets of an endpoint page, from the request engine (`@sextant/request`): the first
 * example's form state → `buildRequest` → each snippet target (cURL, TypeScript fetch, Python
 * requests), highlighted on the server.
 */
import type { ApiDefinition, Endpoint } from '@sextant/definition';
import {
  authWithPlaceholders,
  buildRequest,
  formWithPlaceholderFiles,
  initialFormState,
  SNIPPET_TARGETS,
} from '@sextant/request';
import type { HighlighterCore } from 'shiki/core';
import type { SnippetView } from '../shared/page-data.js';
import { safeHtml } from '../shared/safe-html.js';
import { highlight } from './highlight.js';

const HIGHLIGHT_LANG: Record<string, string> = { curl: 'bash', typescript: 'typescript', python: 'python' };

/** The language a snippet target's code is highlighted as: `curl` → `bash`. */
export const snippetLanguage = (target: string): string => HIGHLIGHT_LANG[target] ?? target;

/** One snippet per target; a target that fails is left out (the page still renders). */
export function endpointSnippets(
  highlighter: HighlighterCore,
  definition: ApiDefinition,
  endpoint: Endpoint,
): SnippetView[] {
  let request: ReturnType<typeof buildRequest>;
  try {
    // Where the credential and a required file go show as placeholders (`Authorization: Bearer <token>`, `-F 'file=@"file.pdf"'`).
    const state = formWithPlaceholderFiles(
      endpoint,
      initialFormState(endpoint, { withExample: true, types: definition.types }),
    );
    const auth = authWithPlaceholders(endpoint, undefined, definition.auths);
    request = buildRequest(endpoint, state, auth, endpoint.environments[0], {
      auths: definition.auths,
      globalHeaders: definition.globalHeaders,
      types: definition.types,
    });
  } catch {
    return [];
  }
  const out: SnippetView[] = [];
  for (const target of SNIPPET_TARGETS) {
    try {
      const code = target.generate(request, { redactAuth: true });
      out.push({
        id: target.target,
        label: target.title,
        code,
        html: safeHtml(highlight(highlighter, code, snippetLanguage(target.target), { remember: false })),
      });
    } catch {
      // A renderer that cannot express this request is skipped, not fatal.
    }
  }
  return out;
}
