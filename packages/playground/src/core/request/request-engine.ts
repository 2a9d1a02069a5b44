/**
 * The playground's bridge to `@sextant/request` (engineer C): the auth card's state becomes
 * C's credentials, `buildRequest` makes the one concrete request, `toFetchInit` turns it into
 * the proxy call, and the snippet targets render it. Nothing here builds a request itself.
 */
import type { ApiDefinition, Endpoint } from '@sextant/definition';
import {
  authRequirementsOf,
  authWithPlaceholders,
  type BuiltRequest,
  buildRequest,
  buildTokenRequest,
  createSnippetGenerators,
  formWithPlaceholderFiles,
  hasRequestPreview,
  REDACTED,
  type AuthState as RequestAuthState,
  renderSnippet,
  requirementKey,
  SNIPPET_TARGETS,
  type SnippetGenerators,
  switcherLanguages,
  toFetchInit,
} from '@sextant/request';
import { type AuthState, selectedRequirement, toRequestAuth } from '../auth/auth-store.js';
import type { PlaygroundFormState } from '../form/form-state.js';

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
  /** For the request preview: a required credential or file still empty shows as its placeholder. */
  forSnippet?: boolean;
}): BuiltRequest {
  const { definition, endpoint, form, auth, baseUrl } = input;
  const selected = selectedRequirement(auth, endpoint);
  const entered = toRequestAuth(auth, definition.auths);
  const requestAuth = input.forSnippet
    ? authWithPlaceholders(
        selected
          ? {
              id: endpoint.id,
              auth: endpoint.auth,
              authRequirements: authRequirementsOf(endpoint).filter((r) => requirementKey(r) === selected),
            }
          : endpoint,
        entered,
        definition.auths,
      )
    : entered;
  return buildRequest(
    endpoint,
    input.forSnippet ? formWithPlaceholderFiles(endpoint, form) : form,
    requestAuth,
    { baseUrl },
    {
      auths: definition.auths,
      globalHeaders: definition.globalHeaders,
      types: definition.types,
      ...(selected ? { authSchemeId: selected } : {}),
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

/**
 * SDK snippets from snippet templates (C's `createSnippetGenerators`): the switcher gains every
 * SDK language with a template for the endpoint; TypeScript and Python stay fetch / requests
 * (SPEC §4).
 */
export interface SdkSnippets {
  languages: SnippetLanguage[];
  /** Whether `language` is rendered from an SDK template. */
  handles(language: string): boolean;
  render(input: { form: PlaygroundFormState; auth: AuthState; baseUrl: string; language: string }): string;
}

/** Builds the SDK snippet generators, or returns an error text when the templates are malformed. */
export function createSdkSnippets(
  definition: ApiDefinition,
  templates: unknown,
  endpoint: Endpoint,
): SdkSnippets | string {
  let generators: SnippetGenerators;
  try {
    generators = createSnippetGenerators(definition, templates);
  } catch (error) {
    return error instanceof Error ? error.message : 'Failed to create snippet generators';
  }
  const languages = switcherLanguages(generators.sdkLanguages)
    .filter((language) => language.kind === 'sdk')
    .map((language) => ({ id: language.language, label: language.title }));
  return {
    languages,
    handles: (language) => languages.some((l) => l.id === language),
    render({ form, auth, baseUrl, language }) {
      try {
        return generators.generate({
          endpointId: endpoint.id,
          language,
          values: {
            pathParameters: form.pathParameters,
            queryParameters: form.queryParameters,
            headers: form.headers,
            ...(form.body?.type === 'json' ? { requestBody: form.body.value } : {}),
          },
          // Templates read credentials under AUTH: only placeholders ever reach the snippet.
          auth: redactedAuthState(toRequestAuth(auth, definition.auths)),
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

/** `auth` with every filled secret replaced by its placeholder. */
export function redactedAuthState(auth: RequestAuthState | undefined): RequestAuthState | undefined {
  if (!auth) return auth;
  const hide = (value: string, placeholder: string) => (value.trim() === '' ? value : placeholder);
  const hideAll = (values: Record<string, string>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, hide(v, REDACTED.apiKey)]));
  return {
    ...(auth.bearer ? { bearer: { token: hide(auth.bearer.token, REDACTED.token) } } : {}),
    ...(auth.basic
      ? { basic: { username: auth.basic.username, password: hide(auth.basic.password, REDACTED.password) } }
      : {}),
    ...(auth.header ? { header: { headers: hideAll(auth.header.headers) } } : {}),
    ...(auth.queryParameter ? { queryParameter: { values: hideAll(auth.queryParameter.values) } } : {}),
  };
}

/** No request preview for HEAD endpoints when SDK snippets are in use (SPEC §2). */
export function showsRequestPreview(endpoint: Endpoint, usesSdkSnippets: boolean): boolean {
  return hasRequestPreview(endpoint, usesSdkSnippets);
}

/** The OAuth client-credentials token request (C's `buildTokenRequest`). */
export { buildTokenRequest };
