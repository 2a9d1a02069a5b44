/**
 * The headless core of one endpoint playground: it owns the form, auth, request lifecycle,
 * history and view stores, builds the concrete request with the request engine (what the
 * snippet shows is exactly what Send sends), sends it through the proxy, runs the OAuth login,
 * and applies the docs site's injected token. React creates one per mounted playground and
 * only renders and dispatches.
 */

import type {
  ApiDefinition,
  AuthScheme,
  Endpoint,
  OAuthAuthorizationCode,
  OAuthFlow,
  OAuthTokenFlow,
} from '@sextant/definition';
import { authRequirementsOf, requirementKey } from '@sextant/request';
import { EndpointNotInDefinitionError } from '../../errors.js';
import type { ApiKeyInjectionStore } from '../auth/api-key-injection.js';
import { AuthStore, selectedRequirement, tokenServesScheme } from '../auth/auth-store.js';
import { FormStore } from '../form/form-store.js';
import { ValueStore } from '../form/value-store.js';
import { absoluteBaseUrl, baseUrlProblem } from '../request/base-url.js';
import { environmentBaseUrl, targetOf } from '../request/environment.js';
import { sendDisabledReason } from '../request/localhost.js';
import {
  type BuiltRequest,
  buildPlaygroundRequest,
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
import { isSecretHeaderName } from './deep-link.js';
import { EndpointOAuth } from './endpoint-oauth.js';
import type {
  EndpointControllerOptions,
  EndpointViewState,
  PlaygroundFeatures,
  SendOutcome,
} from './endpoint-options.js';
import { RequestHistory } from './request-history.js';

export type { EndpointControllerOptions, EndpointViewState, PlaygroundFeatures, SendOutcome };

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
  readonly #pageOrigin: string | undefined;
  readonly #oauth: EndpointOAuth;
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
    this.#pageOrigin = options.pageOrigin ?? globalThis.location?.origin;
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
    this.#oauth = new EndpointOAuth(this, {
      fetch: this.#fetch,
      fetchArguments: (built) => this.#fetchArguments(built),
      resolveEndpoint: options.resolveEndpoint,
      sessionStorage: options.sessionStorage,
      assignLocation: options.assignLocation ?? ((href) => globalThis.location.assign(href)),
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
    const { url, init } = this.#fetchArguments(built);
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

  /** The URL and init that send `built` through the proxy, or directly with `skipProxy`. */
  #fetchArguments(built: BuiltRequest): { url: string; init: RequestInit } {
    return fetchArguments(built, {
      proxyBaseUrl: this.#proxyBaseUrl,
      skipProxy: this.features.skipProxy === true,
    });
  }

  /** The flows of the OAuth scheme in use (empty when it is not OAuth), the default first. */
  get oauthFlows(): OAuthFlow[] {
    return this.#oauth.flows;
  }

  /** The flow the auth card runs: the one the reader picked, else the scheme's first runnable one. */
  get oauthFlow(): OAuthTokenFlow | undefined {
    return this.#oauth.flow;
  }

  /** The OAuth token endpoint, or undefined with the bearer fallback shown (`EndpointOAuth.tokenEndpoint`). */
  oauthTokenEndpoint(flow: OAuthTokenFlow): Promise<Endpoint | undefined> {
    return this.#oauth.tokenEndpoint(flow);
  }

  /** Switches to the bearer fallback when the OAuth token endpoint is known to be missing (checked once at start). */
  checkOAuthFallback(): Promise<void> {
    return this.#oauth.checkFallback();
  }

  /** The auth card's button for the selected flow (`EndpointOAuth.login`). */
  oauthLogin(): Promise<boolean> {
    return this.#oauth.login();
  }

  /** The redirect URI of this page, shown so the reader can register it with the provider. */
  authorizationRedirectUri(): string {
    return this.#oauth.redirectUri();
  }

  /** Authorize (authorization code with PKCE): sends the page to the provider (`EndpointOAuth.authorize`). */
  authorize(flow: OAuthAuthorizationCode): Promise<boolean> {
    return this.#oauth.authorize(flow);
  }

  /** Finishes an authorization that came back to this page (`EndpointOAuth.completeAuthorization`). */
  completeAuthorization(): Promise<boolean> {
    return this.#oauth.completeAuthorization();
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
