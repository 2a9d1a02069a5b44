/**
 * @sextant/playground — the endpoint playground (API explorer) and the WebSocket playground, as
 * React components over headless stores. Docs pages lazy-load `EndpointPlayground` and
 * `WebSocketPlayground`; the stores and controllers are exported for tests and other hosts.
 */
export type { AnalyticsSink, PlaygroundAnalyticsEvent } from './core/analytics.js';
export { consoleAnalyticsSink, noopAnalyticsSink } from './core/analytics.js';
export type { ApiKeyInjectionConfig, ApiKeyInjectionState } from './core/api-key-injection.js';
export {
  API_KEY_INJECTION_LOGOUT_PATH,
  API_KEY_INJECTION_PATH,
  API_KEY_INJECTION_REFRESH_MS,
  ApiKeyInjectionStore,
  loginErrorFromSearch,
  loginUrl,
  logoutUrl,
  parseApiKeyInjectionConfig,
} from './core/api-key-injection.js';
export type { AuthState, OAuthState } from './core/auth-store.js';
export {
  AuthStore,
  isTokenNoLongerValid,
  OAUTH_LOGIN_FAILED,
  oauthButtonLabel,
  TOKEN_NO_LONGER_VALID,
} from './core/auth-store.js';
export type { ChannelFormState } from './core/channel-controller.js';
export { ChannelController, wsProxyUrl } from './core/channel-controller.js';
export { decodeFormState, deepLink, encodeFormState, FORM_PARAM } from './core/deep-link.js';
export type { EndpointViewState, PlaygroundFeatures } from './core/endpoint-controller.js';
export { EndpointController } from './core/endpoint-controller.js';
export { downloadFileName } from './core/file-name.js';
export { FormStore } from './core/form-store.js';
export { isLocalhostUrl, LOCALHOST_DISABLED_TOOLTIP } from './core/localhost.js';
export type { RequestState } from './core/request-lifecycle.js';
export { RequestLifecycle } from './core/request-lifecycle.js';
export type { PlaygroundResponse } from './core/response-reader.js';
export { Store } from './core/store.js';
export { EXPLORER_PARAM } from './core/url-params.js';
export type { ConnectionState, SessionMessage, SessionState } from './core/websocket-session.js';
export { WebSocketSession } from './core/websocket-session.js';
export { END_OF_SAMPLE_SESSION, NORMAL_CLOSE_CODE, WS_LIMIT_CLOSE_REASON } from './core/ws-limit-reason.js';
export * from './errors.js';
export type { EndpointPlaygroundProps } from './react/endpoint-playground.js';
export { EndpointPlayground } from './react/endpoint-playground.js';
export type { WebSocketPlaygroundProps } from './react/websocket-playground.js';
export { WebSocketPlayground } from './react/websocket-playground.js';
