/**
 * @sextant/playground — the endpoint playground (API explorer) and the WebSocket playground, as
 * React components over headless stores. Docs pages lazy-load `EndpointPlayground` and
 * `WebSocketPlayground`; the stores and controllers are exported for tests and other hosts.
 */

export type { ApiKeyInjectionConfig, ApiKeyInjectionState } from './core/auth/api-key-injection.js';
export {
  API_KEY_INJECTION_LOGOUT_PATH,
  API_KEY_INJECTION_PATH,
  API_KEY_INJECTION_REFRESH_MS,
  ApiKeyInjectionStore,
  loginErrorFromSearch,
  loginUrl,
  logoutUrl,
  parseApiKeyInjectionConfig,
} from './core/auth/api-key-injection.js';
export type { AuthState, OAuthState } from './core/auth/auth-store.js';
export {
  AuthStore,
  isTokenNoLongerValid,
  OAUTH_LOGIN_FAILED,
  oauthButtonLabel,
  TOKEN_NO_LONGER_VALID,
} from './core/auth/auth-store.js';
export { decodeFormState, deepLink, encodeFormState, FORM_PARAM } from './core/endpoint/deep-link.js';
export type { EndpointViewState, PlaygroundFeatures } from './core/endpoint/endpoint-controller.js';
export { EndpointController } from './core/endpoint/endpoint-controller.js';
export { EXPLORER_PARAM } from './core/endpoint/url-params.js';
export { FormStore } from './core/form/form-store.js';
export { isLocalhostUrl, LOCALHOST_DISABLED_TOOLTIP } from './core/request/localhost.js';
export type { RequestState } from './core/request/request-lifecycle.js';
export { RequestLifecycle } from './core/request/request-lifecycle.js';
export { downloadFileName } from './core/response/file-name.js';
export type { PlaygroundResponse } from './core/response/response-reader.js';
export type { AnalyticsSink, PlaygroundAnalyticsEvent } from './core/shared/analytics.js';
export { consoleAnalyticsSink, noopAnalyticsSink } from './core/shared/analytics.js';
export { Store } from './core/shared/store.js';
export type { ChannelFormState } from './core/websocket/channel-controller.js';
export { ChannelController, wsProxyUrl } from './core/websocket/channel-controller.js';
export type { ConnectionState, SessionMessage, SessionState } from './core/websocket/websocket-session.js';
export { WebSocketSession } from './core/websocket/websocket-session.js';
export {
  END_OF_SAMPLE_SESSION,
  NORMAL_CLOSE_CODE,
  WS_LIMIT_CLOSE_REASON,
} from './core/websocket/ws-limit-reason.js';
export * from './errors.js';
export type { EndpointPlaygroundProps } from './react/endpoint-playground.js';
export { EndpointPlayground } from './react/endpoint-playground.js';
export type { WebSocketPlaygroundProps } from './react/websocket-playground.js';
export { WebSocketPlayground } from './react/websocket-playground.js';
