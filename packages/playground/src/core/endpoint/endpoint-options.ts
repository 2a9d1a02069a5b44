/** The options, features and view state of an endpoint playground (`EndpointController`). */

import type { ApiDefinition, Endpoint } from '@sextant/definition';
import type { AuthStorage } from '../auth/auth-store.js';
import type { SessionStorage } from '../auth/oauth-authorization.js';
import type { PlaygroundFormState } from '../form/form-state.js';
import type { SnippetLanguage } from '../request/request-engine.js';
import type { AnalyticsSink } from '../shared/analytics.js';

/** Feature flags of a playground (SPEC §6–7). */
export interface PlaygroundFeatures {
  /** Offer the SDK snippet languages in the request card (default on when templates are given). */
  sdkSnippets?: boolean;
  /** Send directly instead of through the proxy. */
  skipProxy?: boolean;
  /** Per-connection WebSocket message limit. */
  websocketMessageLimit?: number;
}

/** View state of the endpoint playground. */
export interface EndpointViewState {
  environmentId: string | undefined;
  /** Values of the selected environment's server variables. */
  variables: Record<string, string>;
  baseUrl: string;
  language: string;
  /** SDK languages with a snippet template for this endpoint (after cURL, TypeScript, Python). */
  sdkLanguages: SnippetLanguage[];
  /** Why SDK snippets are unavailable (malformed or unreachable templates). */
  sdkError: string | undefined;
  mobileTab: 'request' | 'response';
  /** OAuth token endpoint missing, not part of the API, or failing: show a plain bearer input. */
  oauthFallback: boolean;
  /** Why the bearer input replaced the OAuth login (shown above it), when it did. */
  oauthFallbackReason: string | undefined;
  copied: 'url' | 'snippet' | 'response' | 'link' | undefined;
  /** Send was pressed with fields flagged invalid: the top bar asks "Send anyway". */
  confirmingSend: boolean;
  /** The inline problems the reader chose to send anyway (`invalidSignature`); the same set never asks twice. */
  confirmedInvalid: string | undefined;
}

/** What pressing Send did: sent, asked to confirm the flagged fields, or refused (`sendBlocker`). */
export type SendOutcome = 'sent' | 'confirm' | 'blocked';

export interface EndpointControllerOptions {
  definition: ApiDefinition;
  endpointId: string;
  mode: 'local' | 'hosted';
  /** Origin of the proxy, e.g. `https://docs.example.com`; '' means same origin. */
  proxyBaseUrl: string;
  features?: PlaygroundFeatures | undefined;
  analytics?: AnalyticsSink | undefined;
  fetch?: typeof fetch;
  /** Browser storage for opted-in credentials and history (localStorage). */
  storage?: (AuthStorage & Pick<Storage, 'getItem' | 'setItem'>) | undefined;
  /** Scopes stored credentials and history to one docs site. */
  siteKey?: string;
  initialForm?: PlaygroundFormState | undefined;
  /** Loads an endpoint the slice does not hold (the OAuth token endpoint). */
  resolveEndpoint?: ((endpointId: string) => Promise<Endpoint | undefined>) | undefined;
  /** SDK snippet templates (registry JSON), unless `features.sdkSnippets` is false. */
  snippetTemplates?: unknown;
  /** Origin a relative server URL (`/`) resolves against; defaults to the page's. */
  pageOrigin?: string | undefined;
  /** Keeps the OAuth authorization in flight across the provider's pages (sessionStorage). */
  sessionStorage?: SessionStorage | undefined;
  /** Sends the page to the OAuth provider; defaults to `location.assign`. */
  assignLocation?: ((href: string) => void) | undefined;
}
