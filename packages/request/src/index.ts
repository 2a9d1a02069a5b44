/**
 * @sextant/request — the headless request engine of the playground: form state, `buildRequest`,
 * the `fetch` call of Send Request, snippet renderers (cURL, TypeScript fetch, Python requests)
 * and SDK snippet templates.
 */
export {
  authHeaderValue,
  authRequirementsOf,
  isSelfReferencingOAuth,
  requirementKey,
  type SelectedAuth,
  selectAuth,
  selectAuths,
} from './auth/apply-auth.js';
export type { AuthState, OAuthState } from './auth/auth-state.js';
export { emptyOAuthState, isAuthenticated, isOAuthTokenStale, oauthAccessToken } from './auth/auth-state.js';
export {
  buildGrantRequest,
  buildTokenRequest,
  clientCredentialsGrant,
  extractAccessToken,
} from './auth/oauth.js';
export * from './auth/pkce.js';
export { authWithPlaceholders } from './auth/placeholder-auth.js';
export { AUTH_PLACEHOLDERS, isAuthPlaceholder } from './auth/placeholders.js';
export type { BuildRequestOptions } from './build/build-request.js';
export { buildRequest } from './build/build-request.js';
export type { AppliedAuth, BuiltBody, BuiltRequest, FormPart, ResponseKind } from './build/built-request.js';
export type { CookiePair } from './build/cookie.js';
export { cookieHeader, cookiePair } from './build/cookie.js';
export type { FetchInitOptions } from './build/fetch-init.js';
export { fetchBody, PROXY_COOKIE, PROXY_REQUEST_HEADERS, toFetchInit } from './build/fetch-init.js';
export { isLocalhostUrl, LOCALHOST_DISABLED_MESSAGE, sendAvailability } from './build/localhost.js';
export { serializeQueryParameter } from './build/query.js';
export * from './errors.js';
export type {
  BodyState,
  EndpointFormState,
  FormDataFieldValue,
  FormState,
  WebSocketFormState,
} from './form-state/form-state.js';
export type { ExampleChoice, InitialStateOptions } from './form-state/initial-state.js';
export {
  blankFormState,
  emptyFormState,
  exampleChoices,
  initialFormState,
  initialWebSocketFormState,
} from './form-state/initial-state.js';
export type { FormSection, StatePath } from './form-state/operations.js';
export {
  addAllOptionalProperties,
  addOptionalProperty,
  getValueAtPath,
  remainingOptionalProperties,
  removeFormFile,
  resetSection,
  setBodyFile,
  setFormFiles,
  setValueAtPath,
} from './form-state/operations.js';
export type { TypeTable } from './form-state/shapes.js';
export { emptyValueFor, isOptionalShape } from './form-state/shapes.js';
export type { ValuePath } from './form-state/value-edits.js';
export {
  addedValueFor,
  editValueIn,
  renameEntry,
  setValueIn,
  withNewEntry,
  withOptionalProperties,
} from './form-state/value-edits.js';
export type { EndpointReference, ParseReferenceOptions } from './sdk/endpoint-reference.js';
export { endpointPathTemplate, findEndpoint, parseEndpointReference } from './sdk/endpoint-reference.js';
export type { SnippetPayload } from './sdk/resolve-template.js';
export { resolveSnippetTemplate, TemplateResolutionError } from './sdk/resolve-template.js';
export type { GenerateSnippetInput, SnippetGenerators, SnippetValues } from './sdk/snippet-generators.js';
export {
  createSnippetGenerators,
  formStateFromValues,
  hasRequestPreview,
  SUPPORTED_SNIPPET_LANGUAGES,
  snippetPayload,
} from './sdk/snippet-generators.js';
export type { SwitcherLanguage } from './sdk/switcher-languages.js';
export { SDK_LANGUAGE_TITLES, switcherLanguages } from './sdk/switcher-languages.js';
export * from './sdk/template-schema.js';
export { formWithPlaceholderFiles, placeholderFileName } from './snippets/placeholder-files.js';
export { REDACTED, redactAuth } from './snippets/redact.js';
export type { SnippetOptions, SnippetTarget } from './snippets/target.js';
export {
  findSnippetTarget,
  PRESELECTED_LANGUAGES,
  renderSnippet,
  SNIPPET_TARGETS,
} from './snippets/targets.js';
