/**
 * The OAuth login of one endpoint playground (SPEC §8): the flows of the scheme in use, its token
 * endpoint (or the bearer fallback when that cannot be used), the client-credentials and password
 * grants through the proxy, and the authorization-code round trip to the provider with PKCE.
 */

import {
  type AuthScheme,
  type Endpoint,
  type OAuthAuthorizationCode,
  type OAuthFlow,
  type OAuthTokenFlow,
  oauthFlows,
} from '@sextant/definition';
import {
  authorizationCodeGrant,
  buildGrantRequest,
  clientCredentialsGrant,
  extractAccessToken,
  passwordGrant,
} from '@sextant/request';
import { TokenEndpointUnknownError } from '../../errors.js';
import type { AuthStore } from '../auth/auth-store.js';
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
import type { ValueStore } from '../form/value-store.js';
import { type BuiltRequest, buildTokenRequest } from '../request/request-engine.js';
import type { EndpointControllerOptions, EndpointViewState } from './endpoint-options.js';

/** What the OAuth login reads of the endpoint playground that owns it. */
export interface OAuthHost {
  readonly definition: EndpointControllerOptions['definition'];
  readonly endpoint: Endpoint;
  readonly auth: AuthStore;
  readonly view: ValueStore<EndpointViewState>;
  /** The scheme the OAuth login acts on: the requirement's OAuth scheme, else its first. */
  readonly authScheme: AuthScheme | undefined;
}

/** How the OAuth login reaches the token endpoint and the provider. */
export interface OAuthTransport {
  fetch: typeof fetch;
  /** The URL and init that send a built request through the proxy (or directly). */
  fetchArguments: (built: BuiltRequest) => { url: string; init: RequestInit };
  resolveEndpoint: EndpointControllerOptions['resolveEndpoint'];
  sessionStorage: SessionStorage | undefined;
  assignLocation: (href: string) => void;
}

export class EndpointOAuth {
  readonly #host: OAuthHost;
  readonly #transport: OAuthTransport;

  constructor(host: OAuthHost, transport: OAuthTransport) {
    this.#host = host;
    this.#transport = transport;
  }

  /** The flows of the OAuth scheme in use (empty when it is not OAuth), the default first. */
  get flows(): OAuthFlow[] {
    const scheme = this.#host.authScheme;
    return scheme?.type === 'oAuth' ? oauthFlows(scheme) : [];
  }

  /** The flow the auth card runs: the one the reader picked, else the scheme's first runnable one. */
  get flow(): OAuthTokenFlow | undefined {
    const picked = this.#host.auth.getState().oauth.flow;
    const runnable = this.flows.filter((flow): flow is OAuthTokenFlow => flow.type !== 'implicit');
    return runnable.find((flow) => flow.type === picked) ?? runnable[0];
  }

  /**
   * Resolves the OAuth token endpoint, switching to the bearer fallback (SPEC §8) when it cannot:
   * the endpoint is missing, fails to load, or (client credentials) is not an endpoint of this API
   * (the importer's stand-in for a token URL elsewhere, which the docs cannot vouch for). The
   * authorization-code and password flows use such a stand-in: their token URL is the provider's.
   */
  async tokenEndpoint(flow: OAuthTokenFlow): Promise<Endpoint | undefined> {
    const id = flow.tokenEndpoint.endpointId;
    let endpoint = this.#host.definition.endpoints[id];
    if (!endpoint && this.#transport.resolveEndpoint) {
      try {
        endpoint = await this.#transport.resolveEndpoint(id);
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
    this.#host.view.set({ oauthFallback: true, oauthFallbackReason: reason });
    this.#host.auth.setOAuthInputMethod('token');
  }

  /** True when the OAuth token endpoint is known to be missing (checked once at start). */
  async checkFallback(): Promise<void> {
    const flow = this.flow;
    if (flow?.type === 'clientCredentials') await this.tokenEndpoint(flow);
    const implicit = this.flows.find((f) => f.type === 'implicit');
    if (!flow && implicit) this.#fallBackToBearer(`${implicit.unsupported} Paste an access token.`);
  }

  /** The scopes the next token request asks for: the ticked ones, else every scope of the flow. */
  #scopes(flow: OAuthTokenFlow): string[] {
    return this.#host.auth.getState().oauth.scopes ?? flow.scopes.map((scope) => scope.name);
  }

  /**
   * The auth card's button for the selected flow: client credentials and password fetch a token
   * through the proxy (Fetch / Refresh); authorization code sends the page to the provider.
   * Rejected credentials say so with the server's reason; a client-credentials token endpoint
   * that fails otherwise names its status and address and switches the card to the bearer input.
   */
  async login(): Promise<boolean> {
    const flow = this.flow;
    if (!flow) return false;
    if (flow.type === 'authorizationCode') return this.authorize(flow);
    const { clientId, clientSecret, username, password } = this.#host.auth.getState().oauth;
    if (flow.type === 'password')
      return this.#host.auth.obtainToken(() =>
        this.#requestToken(
          flow,
          passwordGrant({ clientId, clientSecret }, username, password, this.#scopes(flow)),
        ),
      );
    let failure: OAuthLoginError | undefined;
    const ok = await this.#host.auth.loginWithClientCredentials(async (credentials) => {
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
  redirectUri(): string {
    return authorizationRedirectUri(globalThis.location?.href ?? 'http://localhost/');
  }

  /**
   * Authorize (authorization code with PKCE): keeps the pending authorization in sessionStorage
   * and sends the page to the provider. Resolves false (with the reason shown) when it cannot.
   */
  async authorize(flow: OAuthAuthorizationCode): Promise<boolean> {
    const scheme = this.#host.authScheme;
    const storage = this.#transport.sessionStorage;
    if (!scheme || !storage) {
      this.#host.auth.setOAuthError(
        'This browser keeps no session storage: the authorization cannot be started.',
      );
      return false;
    }
    const { clientId, clientSecret } = this.#host.auth.getState().oauth;
    try {
      const url = await beginAuthorization(
        {
          flow,
          schemeId: scheme.id,
          endpointId: this.#host.endpoint.id,
          clientId,
          clientSecret,
          scopes: this.#scopes(flow),
          pageHref: globalThis.location.href,
        },
        storage,
      );
      this.#transport.assignLocation(url);
      return true;
    } catch (error) {
      this.#host.auth.setOAuthError(error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  /**
   * Finishes an authorization that came back to this page: the address loses `code` and `state`
   * at once; a state that does not match, or the provider's error, is shown and nothing is
   * stored; otherwise the code is traded for a token through the proxy and stored like any other.
   */
  async completeAuthorization(): Promise<boolean> {
    const storage = this.#transport.sessionStorage;
    const location = globalThis.location;
    if (!storage || !location) return false;
    const result = readAuthorizationReturn(location.href, this.#host.endpoint.id, storage, (href) =>
      globalThis.history.replaceState(globalThis.history.state, '', href),
    );
    if (result.type === 'none') return false;
    if (result.type === 'refused') {
      this.#host.auth.setOAuthError(result.message);
      return false;
    }
    const { pending, code } = result;
    if (this.#host.authScheme?.id !== pending.schemeId) this.#host.auth.selectScheme(pending.schemeId);
    this.#host.auth.selectOAuthFlow('authorizationCode');
    this.#host.auth.setOAuthScopes(pending.scopes);
    this.#host.auth.setOAuthField('clientId', pending.clientId);
    this.#host.auth.setOAuthField('clientSecret', pending.clientSecret);
    const flow = this.flow;
    if (flow?.type !== 'authorizationCode') {
      this.#host.auth.setOAuthError(
        `The scheme ${pending.schemeId} has no authorization code flow any more.`,
      );
      return false;
    }
    const client = { clientId: pending.clientId, clientSecret: pending.clientSecret };
    return this.#host.auth.obtainToken(() =>
      this.#requestToken(
        flow,
        authorizationCodeGrant(client, code, pending.redirectUri, pending.codeVerifier),
      ),
    );
  }

  /** One token request through the proxy; the access token, or an `OAuthLoginError` naming why not. */
  async #requestToken(flow: OAuthTokenFlow, fields: Record<string, string>): Promise<string> {
    const tokenEndpoint = await this.tokenEndpoint(flow);
    if (!tokenEndpoint) throw new TokenEndpointUnknownError();
    const built = buildGrantRequest(tokenEndpoint, fields, this.#tokenTarget(tokenEndpoint));
    const { url, init } = this.#transport.fetchArguments(built);
    const response = await this.#transport.fetch(url, init).catch((error: unknown) => {
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
    const view = this.#host.view.getState();
    const shared = tokenEndpoint.environments.some((e) => e.id === view.environmentId);
    return shared ? { baseUrl: view.baseUrl } : (tokenEndpoint.environments[0] ?? { baseUrl: view.baseUrl });
  }
}
