/**
 * The table of HTTP snippet targets and the language keys that reach them. The request preview
 * offers curl, TypeScript/JavaScript fetch and Python requests; these three are preselected.
 */
import type { BuiltRequest } from '../build/built-request.js';
import { UnsupportedLanguageError } from '../errors.js';
import type { SnippetOptions, SnippetTarget } from './target.js';
import { fetchTarget } from './targets/js/fetch/fetch.js';
import { pythonRequests } from './targets/python/requests/requests.js';
import { curl } from './targets/shell/curl/curl.js';

/** Every HTTP snippet target, in switcher order. */
export const SNIPPET_TARGETS: readonly SnippetTarget[] = [curl, fetchTarget, pythonRequests];

/** SPEC §4: the languages preselected in the request preview. */
export const PRESELECTED_LANGUAGES = ['curl', 'typescript', 'python'] as const;

/** Language keys (SPEC §9 names) → target key. */
const LANGUAGE_ALIASES: Record<string, string> = {
  curl: 'curl',
  shell: 'curl',
  typescript: 'typescript',
  ts: 'typescript',
  javascript: 'typescript',
  js: 'typescript',
  node: 'typescript',
  python: 'python',
  py: 'python',
};

/** The HTTP target for a language key (`js`, `node`, `ts` reach fetch), or `undefined`. */
export function findSnippetTarget(language: string): SnippetTarget | undefined {
  const key = LANGUAGE_ALIASES[language.toLowerCase()];
  return SNIPPET_TARGETS.find((t) => t.target === key);
}

/**
 * Renders the request in an HTTP snippet language; throws `UnsupportedLanguageError` otherwise.
 * @example
 * renderSnippet('curl', buildRequest(endpoint, state, auth, environment, { auths }));
 * // curl -X POST 'https://api.example.com/pets' \
 * //   -H 'Content-Type: application/json' \
 * //   --data '{ ... }'
 */
export function renderSnippet(language: string, request: BuiltRequest, options?: SnippetOptions): string {
  const target = findSnippetTarget(language);
  if (!target) throw new UnsupportedLanguageError(language);
  return target.generate(request, options);
}
