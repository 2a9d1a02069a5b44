/**
 * The headless core of one endpoint playground: it owns the form, auth, request lifecycle,
 * history and view stores, builds the concrete request with the request engine (what the
 * snippet shows is exactly what Send sends), sends it through the proxy, runs the OAuth login,
 * and applies the docs site's injected token. React creates one per mounted playground and
 * only renders and dispatches.
 */

import {
  type ApiDefinition,
  type AuthScheme,
  type Endpoint,
  type OAuthAuthorizationCode,
  type OAuthFlow,
  type OAuthTokenFlow,
  oauthFlows,
} from '@sextant/definition';
import {
  authorizationCodeGrant,
  authRequirementsOf,
  buildGrantRequest,
  clientCredentialsGrant,
  extractAccessToken,
  passwordGrant,
  requirementKey,
} from '@sextant/request';
import { EndpointNotInDefinitionError, TokenEndpointUnknownError } from '../../errors.js';
import type { ApiKeyInjectionStore } from '../auth/api-key-injection.js';
import { type AuthStorage, AuthStore, selectedRequirement, tokenServesScheme } from '../auth/auth-store.js';
import {
  authorizationRedirectUri,
  beginAuthorization,
  readAuthorizationReturn,
  type SessionStorage,
} from '../auth/oauth-authorization.js';
import {
  noTokenIn,
  OAuthLoginError,
  tokenResponseError,
  unreachableTokenEndpoint,
} from '../auth/oauth-login-error.js';
import type { PlaygroundFormState } from '../form/form-state.js';
import { FormStore } from '../form/form-store.js';
import { ValueStore } from '../form/value-store.js';
import { absoluteBaseUrl, baseUrlProblem } from '../request/base-url.js';
import { environmentBaseUrl, targetOf } from '../request/environment.js';
import { sendDisabledReason } from '../request/localhost.js';
import {
  type BuiltRequest,
  buildPlaygroundRequest,
  buildTokenRequest,
  createSdkSnippets,
  fetchArguments,
  type SdkSnippets,
  type SnippetLanguage,
  showsRequestPreview,
  snippetLanguages,
  snippetText,
} from '../request/request-engine.js';
import { RequestLifecycle } from '../request/request-lifecycle.js';
import { invalidSignature, needsConfirmation, sendBlocker } from '../request/send-gate.js';
import type { AnalyticsSink } from '../shared/analytics.js';
import { isSecretHeaderName } from './deep-link.js';
import { RequestHistory } from './request-history.js';

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

export { EndpointNotInDefinitionError };

export class EndpointController {
  readonly definition: ApiDefinition;
  readonly endpoint: Endpoint;
  readonly mode: 'local' | 'hosted';
  readonly features: PlaygroundFeatures;
  readonly form: FormStore;
  readonly auth: AuthStore;
  readonly request: RequestLifecycle;
  readonly history: RequestHistory;
  readonly view: ValueStore<EndpointViewState>;
  readonly #fetch: typeof fetch;
  readonly #proxyBaseUrl: string;
  readonly #resolveEndpoint: EndpointControllerOptions['resolveEndpoint'];
  readonly #pageOrigin: string | undefined;
  readonly #sessionStorage: SessionStorage | undefined;
  readonly #assignLocation: (href: string) => void;
  #sdk: SdkSnippets | undefined;

  constructor(options: EndpointControllerOptions) {
    const endpoint = options.definition.endpoints[options.endpointId];
    if (!endpoint) throw new EndpointNotInDefinitionError(options.endpointId);
    this.definition = options.definition;
    this.endpoint = endpoint;
    this.mode = options.mode;
    this.features = options.features ?? {};
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#proxyBaseUrl = options.proxyBaseUrl;
    this.#resolveEndpoint = options.resolveEndpoint;
    this.#pageOrigin = options.pageOrigin ?? globalThis.location?.origin;
    this.#sessionStorage = options.sessionStorage;
    this.#assignLocation = options.assignLocation ?? ((href) => globalThis.location.assign(href));
    const site = options.siteKey ?? options.definition.id;
    this.form = new FormStore(endpoint, options.definition.types, options.initialForm);
    this.auth = new AuthStore({
      storage: options.storage,
      storageKey: `sextant:auth:${site}`,
      selectedSchemeId: firstRequirementKey(endpoint),
    });
    this.request = new RequestLifecycle({ fetch: this.#fetch, analytics: options.analytics });
    this.history = new RequestHistory(`${site}:${endpoint.id}`, options.storage);
    this.view = new ValueStore<EndpointViewState>({
      ...this.#target(endpoint.environments[0]),
      language: 'curl',
      sdkLanguages: [],
      sdkError: undefined,
      mobileTab: 'request',
      oauthFallback: false,
      oauthFallbackReason: undefined,
      copied: undefined,
      confirmingSend: false,
      confirmedInvalid: undefined,
    });
    // An edit answers the question: the reader fixes the fields or presses Send again.
    this.form.subscribe(() => {
      if (this.view.getState().confirmingSend) this.view.set({ confirmingSend: false });
    });
    if (options.snippetTemplates !== undefined) this.setSnippetTemplates(options.snippetTemplates);
  }

  /**
   * SDK snippet templates for this endpoint (from the docs host: the registry in hosted mode,
   * the docs project in local mode); their languages join the request card's switcher.
   */
  setSnippetTemplates(templates: unknown): void {
    if (this.features.sdkSnippets === false) return;
    const sdk = createSdkSnippets(this.definition, templates, this.endpoint);
    this.#sdk = typeof sdk === 'string' || sdk.languages.length === 0 ? undefined : sdk;
    const language = this.view.getState().language;
    const languages = this.#sdk?.languages ?? [];
    const known =
      snippetLanguages().some((l) => l.id === language) || languages.some((l) => l.id === language);
    this.view.set({
      sdkLanguages: languages,
      sdkError: typeof sdk === 'string' ? sdk : undefined,
      ...(known ? {} : { language: 'curl' }),
    });
  }

  /** Records why the templates could not be loaded; the HTTP languages stay. */
  setSnippetTemplatesError(message: string): void {
    this.view.set({ sdkError: message });
  }

  /**
   * Loads the templates with `load` (the docs host's call) and applies them, or the error;
   * the returned function makes a late answer ignored (the playground closed or changed).
   */
  loadSnippetTemplates(load: () => Promise<unknown>): () => void {
    let live = true;
    load().then(
      (templates) => {
        if (live) this.setSnippetTemplates(templates);
      },
      (error: unknown) => {
        if (live)
          this.setSnippetTemplatesError(
            `SDK snippets are unavailable: ${error instanceof Error ? error.message : String(error)}`,
          );
      },
    );
    return () => {
      live = false;
    };
  }

  /** The schemes of the requirement the auth card shows (the selected one, else the endpoint's first): all are sent. */
  get authSchemes(): AuthScheme[] {
    const requirements = authRequirementsOf(this.endpoint);
    const key = selectedRequirement(this.auth.getState(), this.endpoint);
    const requirement = requirements.find((r) => requirementKey(r) === key) ?? requirements[0] ?? [];
    return requirement.map((id) => this.definition.auths[id]).filter((s): s is AuthScheme => s !== undefined);
  }

  /** The scheme the OAuth login and the docs login act on: the requirement's OAuth scheme, else its first. */
  get authScheme(): AuthScheme | undefined {
    const schemes = this.authSchemes;
    return schemes.find((s) => s.type === 'oAuth') ?? schemes[0];
  }

  /** The selected environment (undefined once the base URL was typed over). */
  get environment() {
    const id = this.view.getState().environmentId;
    return this.endpoint.environments.find((e) => e.id === id);
  }

  /** Picks an environment: its variables reset to their defaults and its base URL replaces the edited one. */
  selectEnvironment(environmentId: string): void {
    const environment = this.endpoint.environments.find((e) => e.id === environmentId);
    if (environment) this.view.set(this.#target(environment));
  }

  /** An environment's target, a relative server URL made absolute on the page's origin. */
  #target(environment: Endpoint['environments'][number] | undefined) {
    const target = targetOf(environment);
    return { ...target, baseUrl: absoluteBaseUrl(target.baseUrl, this.#pageOrigin) };
  }

  /** Sets a server variable of the selected environment; the base URL follows. */
  setVariable(name: string, value: string): void {
    const environment = this.environment;
    if (!environment) return;
    const variables = { ...this.view.getState().variables, [name]: value };
    this.view.set({
      variables,
      baseUrl: absoluteBaseUrl(environmentBaseUrl(environment, variables), this.#pageOrigin),
    });
  }

  /** The reader typed a base URL of their own. */
  setBaseUrl(baseUrl: string): void {
    this.view.set({ baseUrl });
  }

  /** The concrete request of the current form and auth; `forSnippet`: empty required credentials as placeholders. */
  built(forSnippet = false): BuiltRequest {
    return buildPlaygroundRequest({
      definition: this.definition,
      endpoint: this.endpoint,
      form: this.form.getState(),
      auth: this.auth.getState(),
      baseUrl: this.view.getState().baseUrl,
      forSnippet,
    });
  }

  /**
   * Why Send is disabled, shown beside it: a localhost target outside local mode, JSON editor
   * text that does not parse, an empty required path parameter (never sent as `:name`).
   */
  sendDisabledReason(): string | undefined {
    const built = this.built();
    return sendBlocker({
      targetReason: sendDisabledReason(this.mode, built.url),
      jsonError: this.form.bodyText.getState().jsonError,
      missingPathParameters: built.missingPathParameters,
    });
  }

  /**
   * The Send button: refused while `sendDisabledReason` holds; with fields flagged invalid it
   * asks once (`confirmingSend`, answered by `confirmSend`); otherwise sends.
   */
  async requestSend(): Promise<SendOutcome> {
    if (this.sendDisabledReason()) return 'blocked';
    if (needsConfirmation(this.form.validation(), this.view.getState().confirmedInvalid)) {
      this.view.set({ confirmingSend: true });
      return 'confirm';
    }
    await this.send();
    return 'sent';
  }

  /** "Send anyway": the flagged fields are sent as they are, and this set is not asked about again. */
  async confirmSend(): Promise<SendOutcome> {
    this.view.set({ confirmingSend: false, confirmedInvalid: invalidSignature(this.form.validation()) });
    return this.requestSend();
  }

  /** The reader answered "not now" to Send anyway. */
  dismissSendConfirmation(): void {
    this.view.set({ confirmingSend: false });
  }

  /** Languages of the request card: cURL, TypeScript, Python, then every SDK language with a template. */
  languages(): SnippetLanguage[] {
    return [...snippetLanguages(), ...this.view.getState().sdkLanguages];
  }

  /** False for HEAD endpoints when SDK snippets are in use (no request preview, SPEC §2). */
  hasRequestPreview(): boolean {
    return showsRequestPreview(this.endpoint, this.#sdk !== undefined);
  }

  /** The snippet of the selected language, auth values redacted. */
  snippet(language = this.view.getState().language): string {
    if (this.#sdk?.handles(language))
      return this.#sdk.render({
        form: this.form.getState(),
        auth: this.auth.getState(),
        baseUrl: this.view.getState().baseUrl,
        language,
      });
    return snippetText(language, this.built(true));
  }

  /** Names of headers that carry credentials: never stored in history or links. */
  secretHeaderNames(): string[] {
    const names = Object.keys(this.built().headers).filter(isSecretHeaderName);
    for (const scheme of Object.values(this.definition.auths))
      if (scheme.type === 'header') names.push(scheme.headerWireValue);
    return names;
  }

  /** Sends the request through the proxy (unless disabled) and records it in history; the button goes through `requestSend`. */
  async send(): Promise<void> {
    if (this.sendDisabledReason()) return;
    const invalid = baseUrlProblem(this.view.getState().baseUrl);
    if (invalid) {
      this.view.set({ mobileTab: 'response' });
      this.request.reject(invalid);
      return;
    }
    const built = this.built();
    const { url, init } = fetchArguments(built, {
      proxyBaseUrl: this.#proxyBaseUrl,
      skipProxy: this.features.skipProxy === true,
    });
    this.view.set({ mobileTab: 'response' });
    await this.request.send({
      url,
      init,
      endpointId: this.endpoint.id,
      method: built.method,
      expected: this.endpoint.responses[0]?.body,
      jsonRpc: this.endpoint.protocol?.type === 'openrpc',
    });
    const state = this.request.getState();
    const status =
      state.status === 'loaded'
        ? state.response.response.status
        : state.status === 'cancelled'
          ? 'cancelled'
          : null;
    this.history.record(this.form.getState(), status, this.secretHeaderNames());
  }

  /** Cancel (replaces Send while a request or stream is in flight): shown as cancelled, kept in history. */
  cancel(): boolean {
    return this.request.cancel();
  }

  /** The flows of the OAuth scheme in use (empty when it is not OAuth), the default first. */
  get oauthFlows(): OAuthFlow[] {
    const scheme = this.authScheme;
    return scheme?.type === 'oAuth' ? oauthFlows(scheme) : [];
  }

  /** The flow the auth card runs: the one the reader picked, else the scheme's first runnable one. */
  get oauthFlow(): OAuthTokenFlow | undefined {
    const picked = this.auth.getState().oauth.flow;
    const runnable = this.oauthFlows.filter((flow): flow is OAuthTokenFlow => flow.type !== 'implicit');
    return runnable.find((flow) => flow.type === picked) ?? runnable[0];
  }

  /**
   * Resolves the OAuth token endpoint, switching to the bearer fallback (SPEC §8) when it cannot:
   * the endpoint is missing, fails to load, or (client credentials) is not an endpoint of this API
   * (the importer's stand-in for a token URL elsewhere, which the docs cannot vouch for). The
   * authorization-code and password flows use such a stand-in: their token URL is the provider's.
   */
  async oauthTokenEndpoint(flow: OAuthTokenFlow): Promise<Endpoint | undefined> {
    const id = flow.tokenEndpoint.endpointId;
    let endpoint = this.definition.endpoints[id];
    if (!endpoint && this.#resolveEndpoint) {
      try {
        endpoint = await this.#resolveEndpoint(id);
      } catch {
        endpoint = undefined;
      }
    }
    if (!endpoint)
      this.#fallBackToBearer('The OAuth token endpoint is not available: paste an access token.');
    else if (endpoint.synthetic && flow.type === 'clientCredentials') {
      const url = buildTokenRequest(endpoint, '', '', [], this.#tokenTarget(endpoint)).url;
      this.#fallBackToBearer(`The token URL ${url} is not an endpoint of this API: paste an access token.`);
      return undefined;
    }
    return endpoint;
  }

  #fallBackToBearer(reason: string): void {
    this.view.set({ oauthFallback: true, oauthFallbackReason: reason });
    this.auth.setOAuthInputMethod('token');
  }

  /** True when the OAuth token endpoint is known to be missing (checked once at start). */
  async checkOAuthFallback(): Promise<void> {
    const flow = this.oauthFlow;
    if (flow?.type === 'clientCredentials') await this.oauthTokenEndpoint(flow);
    const implicit = this.oauthFlows.find((f) => f.type === 'implicit');
    if (!flow && implicit) this.#fallBackToBearer(`${implicit.unsupported} Paste an access token.`);
  }

  /** The scopes the next token request asks for: the ticked ones, else every scope of the flow. */
  #scopes(flow: OAuthTokenFlow): string[] {
    return this.auth.getState().oauth.scopes ?? flow.scopes.map((scope) => scope.name);
  }

  /**
   * The auth card's button for the selected flow: client credentials and password fetch a token
   * through the proxy (Fetch / Refresh); authorization code sends the page to the provider.
   * Rejected credentials say so with the server's reason; a client-credentials token endpoint
   * that fails otherwise names its status and address and switches the card to the bearer input.
   */
  async oauthLogin(): Promise<boolean> {
    const flow = this.oauthFlow;
    if (!flow) return false;
    if (flow.type === 'authorizationCode') return this.authorize(flow);
    const { clientId, clientSecret, username, password } = this.auth.getState().oauth;
    if (flow.type === 'password')
      return this.auth.obtainToken(() =>
        this.#requestToken(
          flow,
          passwordGrant({ clientId, clientSecret }, username, password, this.#scopes(flow)),
        ),
      );
    let failure: OAuthLoginError | undefined;
    const ok = await this.auth.loginWithClientCredentials(async (credentials) => {
      try {
        return await this.#requestToken(
          flow,
          clientCredentialsGrant(credentials.clientId, credentials.clientSecret, this.#scopes(flow)),
        );
      } catch (error) {
        if (error instanceof OAuthLoginError) failure = error;
        throw error;
      }
    });
    if (failure?.needsFallback) this.#fallBackToBearer(failure.message);
    return ok;
  }

  /** The redirect URI of this page, shown so the reader can register it with the provider. */
  authorizationRedirectUri(): string {
    return authorizationRedirectUri(globalThis.location?.href ?? 'http://localhost/');
  }

  /**
   * Authorize (authorization code with PKCE): keeps the pending authorization in sessionStorage
   * and sends the page to the provider. Resolves false (with the reason shown) when it cannot.
   */
  async authorize(flow: OAuthAuthorizationCode): Promise<boolean> {
    const scheme = this.authScheme;
    const storage = this.#sessionStorage;
    if (!scheme || !storage) {
      this.auth.setOAuthError('This browser keeps no session storage: the authorization cannot be started.');
      return false;
    }
    const { clientId, clientSecret } = this.auth.getState().oauth;
    try {
      const url = await beginAuthorization(
        {
          flow,
          schemeId: scheme.id,
          endpointId: this.endpoint.id,
          clientId,
          clientSecret,
          scopes: this.#scopes(flow),
          pageHref: globalThis.location.href,
        },
        storage,
      );
      this.#assignLocation(url);
      return true;
    } catch (error) {
      this.auth.setOAuthError(error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  /**
   * Finishes an authorization that came back to this page: the address loses `code` and `state`
   * at once; a state that does not match, or the provider's error, is shown and nothing is
   * stored; otherwise the code is traded for a token through the proxy and stored like any other.
   */
  async completeAuthorization(): Promise<boolean> {
    const storage = this.#sessionStorage;
    const location = globalThis.location;
    if (!storage || !location) return false;
    const result = readAuthorizationReturn(location.href, this.endpoint.id, storage, (href) =>
      globalThis.history.replaceState(globalThis.history.state, '', href),
    );
    if (result.type === 'none') return false;
    if (result.type === 'refused') {
      this.auth.setOAuthError(result.message);
      return false;
    }
    const { pending, code } = result;
    if (this.authScheme?.id !== pending.schemeId) this.auth.selectScheme(pending.schemeId);
    this.auth.selectOAuthFlow('authorizationCode');
    this.auth.setOAuthScopes(pending.scopes);
    this.auth.setOAuthField('clientId', pending.clientId);
    this.auth.setOAuthField('clientSecret', pending.clientSecret);
    const flow = this.oauthFlow;
    if (flow?.type !== 'authorizationCode') {
      this.auth.setOAuthError(`The scheme ${pending.schemeId} has no authorization code flow any more.`);
      return false;
    }
    const client = { clientId: pending.clientId, clientSecret: pending.clientSecret };
    return this.auth.obtainToken(() =>
      this.#requestToken(
        flow,
        authorizationCodeGrant(client, code, pending.redirectUri, pending.codeVerifier),
      ),
    );
  }

  /** One token request through the proxy; the access token, or an `OAuthLoginError` naming why not. */
  async #requestToken(flow: OAuthTokenFlow, fields: Record<string, string>): Promise<string> {
    const tokenEndpoint = await this.oauthTokenEndpoint(flow);
    if (!tokenEndpoint) throw new TokenEndpointUnknownError();
    const built = buildGrantRequest(tokenEndpoint, fields, this.#tokenTarget(tokenEndpoint));
    const { url, init } = fetchArguments(built, {
      proxyBaseUrl: this.#proxyBaseUrl,
      skipProxy: this.features.skipProxy === true,
    });
    const response = await this.#fetch(url, init).catch((error: unknown) => {
      throw unreachableTokenEndpoint(built.url, error);
    });
    const problem = await tokenResponseError(response, built.url);
    if (problem) throw problem;
    const locator = flow.tokenEndpoint.accessTokenLocator;
    const token = extractAccessToken(await response.json().catch(() => undefined), locator);
    if (!token) throw noTokenIn(locator);
    return token;
  }

  /** The token endpoint's base URL: the edited one when it shares the selected environment. */
  #tokenTarget(tokenEndpoint: Endpoint): { baseUrl: string } {
    const view = this.view.getState();
    const shared = tokenEndpoint.environments.some((e) => e.id === view.environmentId);
    return shared ? { baseUrl: view.baseUrl } : (tokenEndpoint.environments[0] ?? { baseUrl: view.baseUrl });
  }

  /**
   * Follows the docs site's login state (API-key injection): its token fills every scheme of
   * this endpoint one token can serve (`tokenServesScheme`), and is taken back at logout. Applied
   * only when the injected token changes, so a refresh never overwrites what the reader typed.
   */
  followInjection(injection: ApiKeyInjectionStore): () => void {
    let applied = '';
    const apply = () => {
      const config = injection.getState().config;
      if (!config?.enabled) return;
      const token = (config.authenticated ? config.access_token : undefined) ?? '';
      if (token === applied) return;
      const keySchemes = this.endpoint.auth.filter((id) => {
        const type = this.definition.auths[id]?.type;
        return type === 'header' || type === 'queryParameter';
      });
      this.auth.applyInjectedToken(token, keySchemes, applied);
      applied = token;
    };
    apply();
    return injection.subscribe(apply);
  }

  /** Whether the docs site's login token can serve the selected scheme (false for basic auth). */
  injectionServesScheme(): boolean {
    return tokenServesScheme(this.authScheme);
  }
}

/** The key of an endpoint's first security requirement: what the auth card starts on. */
function firstRequirementKey(endpoint: Pick<Endpoint, 'auth' | 'authRequirements'>): string | undefined {
  const first = authRequirementsOf(endpoint)[0];
  return first ? requirementKey(first) : undefined;
}
