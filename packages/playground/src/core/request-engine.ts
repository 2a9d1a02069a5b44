/**
 * The playground's bridge to `@sextant/request` (engineer C): the auth card's state becomes
 * C's credentials, `buildRequest` makes the one concrete request, `toFetchInit` turns it into
 * the proxy call, and the snippet targets render it. Nothing here builds a request itself.
 */
import type { ApiDefinition, Endpoint } from '@sextant/definition';
import {
  type BuiltRequest,
  buildRequest,
  buildTokenRequest,
  createSnippetGenerators,
  endpointPathTemplate,
  hasRequestPreview,
  renderSnippet,
  SNIPPET_TARGETS,
  type SnippetGenerators,
  toFetchInit,
} from '@sextant/request';
import { type AuthState, toRequestAuth } from './auth-store.js';
import type { PlaygroundFormState } from './form-state.js';

export type { BuiltRequest } from '@sextant/request';

/** A language of the request card's switcher. */
export interface SnippetLanguage {
  id: string;
  label: string;
}

/** Builds the request of an endpoint from the form, the auth card and the base URL. */
export function buildPlaygroundRequest(input: {
  definition: ApiDefinition;
  endpoint: Endpoint;
  form: PlaygroundFormState;
  auth: AuthState;
  baseUrl: string;
}): BuiltRequest {
  const { definition, endpoint, form, auth, baseUrl } = input;
  const schemeId = auth.selectedSchemeId;
  return buildRequest(
    endpoint,
    form,
    toRequestAuth(auth, definition.auths),
    { baseUrl },
    {
      auths: definition.auths,
      globalHeaders: definition.globalHeaders,
      types: definition.types,
      ...(schemeId && endpoint.auth.includes(schemeId) ? { authSchemeId: schemeId } : {}),
    },
  );
}

/** The fetch arguments: through the proxy at `${proxyBaseUrl}/proxy/…` unless the skip flag is set. */
export function fetchArguments(
  request: BuiltRequest,
  options: { proxyBaseUrl: string; skipProxy: boolean; pageOrigin?: string },
): { url: string; init: RequestInit } {
  if (options.skipProxy) return toFetchInit(request);
  // An empty proxy base means "this page's origin"; toFetchInit needs an explicit one.
  const proxyUrl = options.proxyBaseUrl || options.pageOrigin || globalThis.location?.origin || '';
  return toFetchInit(request, { proxyUrl });
}

/** The languages of the request preview (cURL, TypeScript, Python). */
export function snippetLanguages(): SnippetLanguage[] {
  return SNIPPET_TARGETS.map((target) => ({ id: target.target, label: target.title }));
}

/** The snippet of `request` in `language`, credentials redacted; an error text when it cannot render. */
export function snippetText(language: string, request: BuiltRequest): string {
  try {
    return renderSnippet(language, request, { redactAuth: true });
  } catch (error) {
    return error instanceof Error ? error.message : 'Error generating code snippet';
  }
}

/** Labels of the SDK languages in the switcher. */
const SDK_LABELS: Record<string, string> = {
  java: 'Java',
  ruby: 'Ruby',
  csharp: 'C#',
  go: 'Go',
  php: 'PHP',
  swift: 'Swift',
};

/**
 * SDK snippets from snippet templates (C's `createSnippetGenerators`): the switcher gains every
 * SDK language with a template; TypeScript and Python stay fetch / requests (SPEC §4).
 */
export interface SdkSnippets {
  languages: SnippetLanguage[];
  /** Whether `language` is rendered from an SDK template. */
  handles(language: string): boolean;
  render(input: {
    endpoint: Endpoint;
    form: PlaygroundFormState;
    auth: AuthState;
    definition: ApiDefinition;
    baseUrl: string;
    language: string;
  }): string;
}

/** Builds the SDK snippet generators, or returns an error text when the templates are malformed. */
export function createSdkSnippets(definition: ApiDefinition, templates: unknown): SdkSnippets | string {
  let generators: SnippetGenerators;
  try {
    generators = createSnippetGenerators(definition, templates);
  } catch (error) {
    return error instanceof Error ? error.message : 'Failed to create snippet generators';
  }
  const languages = [...generators.sdkLanguages]
    .filter((language) => language !== 'typescript' && language !== 'python')
    .map((language) => ({ id: language, label: SDK_LABELS[language] ?? language }));
  return {
    languages,
    handles: (language) => languages.some((l) => l.id === language),
    render({ endpoint, form, auth, definition: def, baseUrl, language }) {
      try {
        return generators.generate({
          endpoint: `${endpoint.method} ${endpointPathTemplate(endpoint)}`,
          language,
          values: {
            pathParameters: form.pathParameters,
            queryParameters: form.queryParameters,
            headers: form.headers,
            ...(form.body?.type === 'json' ? { requestBody: form.body.value } : {}),
          },
          auth: toRequestAuth(auth, def.auths),
          environment: { baseUrl },
          sdk: true,
          redactAuth: true,
        });
      } catch (error) {
        return error instanceof Error ? error.message : 'Error generating code snippet';
      }
    },
  };
}

/** No request preview for HEAD endpoints when SDK snippets are in use (SPEC §2). */
export function showsRequestPreview(endpoint: Endpoint, usesSdkSnippets: boolean): boolean {
  return hasRequestPreview(endpoint, usesSdkSnippets);
}

/** The OAuth client-credentials token request (C's `buildTokenRequest`). */
export { buildTokenRequest };
