/**
 * The authorization card's state (SPEC §3 "Stored auth state", §4 "Auth card"): bearer token,
 * basic username and password, header values, and the OAuth client-credentials flow with its
 * Fetch / Refresh / Loading... states and the "no longer valid" warning. Credentials live in
 * memory; they are written to browser storage (one key per docs site) only after the reader
 * opts in, and removed when they opt out.
 */

import type { ApiDefinition, AuthScheme, Endpoint } from '@sextant/definition';
import {
  authRequirementsOf,
  isOAuthTokenStale,
  type AuthState as RequestAuthState,
  requirementKey,
  selectAuths,
} from '@sextant/request';
import { EmptyTokenError } from '../../errors.js';
import { Store } from '../shared/store.js';
import { OAUTH_LOGIN_FAILED, OAuthLoginError } from './oauth-login-error.js';

/** The OAuth flows the card can run (implicit is shown, never run). */
export type OAuthFlowType = 'clientCredentials' | 'authorizationCode' | 'password';

/** OAuth state: the flow picked, its inputs, the token obtained. */
export interface OAuthState {
  selectedInputMethod: 'credentials' | 'token';
  /** The flow the reader picked; undefined runs the scheme's first. */
  flow: OAuthFlowType | undefined;
  /** Resource owner's credentials of the password flow. */
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
  /** The token sent with requests (obtained at login, or edited by the reader). */
  accessToken: string;
  /** A token the reader pasted while using the token input method. */
  userSuppliedAccessToken: string;
  isLoggedIn: boolean;
  isLoggingIn: boolean;
  /** The token as obtained at login; the warning shows when `accessToken` differs from it. */
  loggedInStartingToken: string;
  /** Last login error, shown under the form. */
  error: string | undefined;
  /** The scopes the reader ticked; undefined asks for every scope the scheme lists. */
  scopes: string[] | undefined;
}

export interface AuthState {
  /** Whether the card is open. */
  open: boolean;
  /** The requirement the reader picked among the endpoint's: a scheme id, or ids sent together joined by `+`. */
  selectedSchemeId: string | undefined;
  bearerToken: string;
  basic: { username: string; password: string };
  /** Header scheme values by scheme id. */
  headerValues: Record<string, string>;
  oauth: OAuthState;
  /** The reader opted in to keeping credentials in this browser. */
  persist: boolean;
}

export { OAUTH_LOGIN_FAILED } from './oauth-login-error.js';

/** The warning shown when the token was edited after login (SPEC §8). */
export const TOKEN_NO_LONGER_VALID =
  'The bearer token is no longer valid. Please refresh it by clicking the button below';

/** Storage the auth store persists to (localStorage fits). */
export type AuthStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AuthStoreOptions {
  /** Browser storage used only when the reader opts in. */
  storage?: AuthStorage | undefined;
  /** One key per docs site, e.g. `sextant:auth:docs.example.com`. */
  storageKey?: string;
  selectedSchemeId?: string | undefined;
  open?: boolean;
}

/** An empty auth state. */
export function emptyAuthState(selectedSchemeId?: string): AuthState {
  return {
    open: true,
    selectedSchemeId,
    bearerToken: '',
    basic: { username: '', password: '' },
    headerValues: {},
    oauth: {
      selectedInputMethod: 'credentials',
      flow: undefined,
      username: '',
      password: '',
      clientId: '',
      clientSecret: '',
      accessToken: '',
      userSuppliedAccessToken: '',
      isLoggedIn: false,
      isLoggingIn: false,
      loggedInStartingToken: '',
      error: undefined,
      scopes: undefined,
    },
    persist: false,
  };
}

/**
 * Label of the OAuth login button: Loading... while logging in, Refresh once logged in, else Fetch.
 *
 * @example
 * oauthButtonLabel({ ...emptyAuthState().oauth, isLoggedIn: true }) // 'Refresh'
 */
export function oauthButtonLabel(oauth: OAuthState): 'Fetch' | 'Refresh' | 'Loading...' {
  if (oauth.isLoggingIn) return 'Loading...';
  return oauth.isLoggedIn ? 'Refresh' : 'Fetch';
}

/** True when the token in use differs from the one obtained at login (SPEC §4; `@sextant/request`'s rule). */
export function isTokenNoLongerValid(oauth: OAuthState): boolean {
  return isOAuthTokenStale(oauth);
}

/**
 * The credentials in the form `@sextant/request`'s `buildRequest` reads: header and query API
 * keys by wire name, the rest as typed.
 *
 * @example
 * toRequestAuth({ ...emptyAuthState(), headerValues: { apiKey: 'k' } }, definition.auths).header // { headers: { 'X-API-Key': 'k' } }
 */
export function toRequestAuth(state: AuthState, auths: ApiDefinition['auths']): RequestAuthState {
  const headers: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const [schemeId, value] of Object.entries(state.headerValues)) {
    const scheme = auths[schemeId];
    if (scheme?.type === 'header') headers[scheme.headerWireValue] = value;
    else if (scheme?.type === 'queryParameter') values[scheme.queryParameterName] = value;
  }
  const { error: _error, scopes: _scopes, flow: _flow, username: _u, password: _p, ...oauth } = state.oauth;
  return {
    bearer: { token: state.bearerToken },
    basic: { ...state.basic },
    header: { headers },
    queryParameter: { values },
    oauth,
  };
}

/**
 * The requirement the reader picked in the auth card (`requirementKey`: a scheme id, or the ids
 * of schemes sent together joined by `+`), when it is one of `endpoint`'s.
 * @example selectedRequirement({ ...emptyAuthState('key+app') }, { auth: ['key', 'app'], authRequirements: [['key', 'app']] }) // 'key+app'
 */
export function selectedRequirement(
  state: Pick<AuthState, 'selectedSchemeId'>,
  endpoint: Pick<Endpoint, 'auth' | 'authRequirements'>,
): string | undefined {
  const key = state.selectedSchemeId;
  return key !== undefined && authRequirementsOf(endpoint).some((r) => requirementKey(r) === key)
    ? key
    : undefined;
}

/**
 * Whether a request to `endpoint` carries its credentials: every scheme of the requirement the
 * reader picked (else the first requirement in order whose schemes all have a value). This is the
 * auth card's badge: a bearer token typed or injected does not make a basic-auth endpoint
 * authenticated, nor an API key alone one that needs an app token too. The rule is
 * `@sextant/request`'s `selectAuths`, the one Send applies.
 *
 * @example
 * authenticatedFor({ ...emptyAuthState('basic'), bearerToken: 't' }, { id: 'e', auth: ['basic'] }, auths) // false
 */
export function authenticatedFor(
  state: AuthState,
  endpoint: Pick<Endpoint, 'id' | 'auth' | 'authRequirements'>,
  auths: ApiDefinition['auths'],
): boolean {
  return selectAuths(endpoint, toRequestAuth(state, auths), auths, selectedRequirement(state, endpoint))
    .complete;
}

/**
 * Whether one access token (the docs site's login) can be the credential of `scheme`: bearer,
 * header and query API keys, and OAuth (as a pasted token) take one; basic auth takes a user name
 * and password, which a token is not.
 */
export function tokenServesScheme(scheme: AuthScheme | undefined): boolean {
  return scheme !== undefined && scheme.type !== 'basicAuth';
}

/**
 * Headless store of the auth card.
 *
 * @example
 * const auth = new AuthStore(); auth.setBearerToken('abc'); auth.getState().bearerToken // 'abc'
 */
export class AuthStore extends Store<AuthState> {
  readonly #storage: AuthStorage | undefined;
  readonly #storageKey: string;

  constructor(options: AuthStoreOptions = {}) {
    const initial = emptyAuthState(options.selectedSchemeId);
    if (options.open !== undefined) initial.open = options.open;
    const restored = readStored(options.storage, options.storageKey ?? 'sextant:auth');
    super(
      restored
        ? { ...initial, ...restored, oauth: { ...initial.oauth, ...restored.oauth }, persist: true }
        : initial,
    );
    this.#storage = options.storage;
    this.#storageKey = options.storageKey ?? 'sextant:auth';
  }

  setOpen(open: boolean): void {
    this.#update((s) => ({ ...s, open }));
  }

  selectScheme(selectedSchemeId: string): void {
    this.#update((s) => ({ ...s, selectedSchemeId }));
  }

  setBearerToken(bearerToken: string): void {
    this.#update((s) => ({ ...s, bearerToken }));
  }

  setBasic(field: 'username' | 'password', value: string): void {
    this.#update((s) => ({ ...s, basic: { ...s.basic, [field]: value } }));
  }

  setHeaderValue(schemeId: string, value: string): void {
    this.#update((s) => ({ ...s, headerValues: { ...s.headerValues, [schemeId]: value } }));
  }

  /** Picks the OAuth flow (client credentials, authorization code, password); its scopes start all ticked. */
  selectOAuthFlow(flow: OAuthFlowType): void {
    this.#update((s) =>
      s.oauth.flow === flow ? s : { ...s, oauth: { ...s.oauth, flow, scopes: undefined, error: undefined } },
    );
  }

  /** The scopes asked for, as a whole (an authorization that came back restores what it asked). */
  setOAuthScopes(scopes: string[]): void {
    this.#update((s) => ({ ...s, oauth: { ...s.oauth, scopes: [...scopes] } }));
  }

  /** An OAuth failure to show under the form (the provider's or the token endpoint's own words). */
  setOAuthError(error: string | undefined): void {
    this.#update((s) => ({ ...s, oauth: { ...s.oauth, isLoggingIn: false, error } }));
  }

  setOAuthField(field: 'clientId' | 'clientSecret' | 'username' | 'password', value: string): void {
    this.#update((s) => ({ ...s, oauth: { ...s.oauth, [field]: value } }));
  }

  /** Ticks or unticks one scope of `all` (the scheme's scopes) for the next login. */
  toggleOAuthScope(scope: string, all: readonly string[]): void {
    this.#update((s) => {
      const current = s.oauth.scopes ?? [...all];
      const scopes = current.includes(scope) ? current.filter((x) => x !== scope) : [...current, scope];
      return { ...s, oauth: { ...s.oauth, scopes: all.filter((x) => scopes.includes(x)) } };
    });
  }

  setOAuthInputMethod(selectedInputMethod: OAuthState['selectedInputMethod']): void {
    this.#update((s) => ({ ...s, oauth: { ...s.oauth, selectedInputMethod } }));
  }

  /** The reader edits the token obtained at login (this triggers the no-longer-valid warning). */
  setOAuthAccessToken(accessToken: string): void {
    this.#update((s) => ({ ...s, oauth: { ...s.oauth, accessToken } }));
  }

  /** The reader pastes a token (token input method, or the plain bearer fallback). */
  setUserSuppliedToken(userSuppliedAccessToken: string): void {
    this.#update((s) => ({ ...s, oauth: { ...s.oauth, userSuppliedAccessToken } }));
  }

  /**
   * Runs the OAuth client-credentials login: `fetchToken` calls the token endpoint through the
   * proxy and returns the access token. On success the token is stored as the starting token;
   * on failure the state records the `OAuthLoginError`'s message (the token endpoint's status or
   * reason), else {@link OAUTH_LOGIN_FAILED}. Resolves true on success.
   */
  async loginWithClientCredentials(
    fetchToken: (credentials: { clientId: string; clientSecret: string }) => Promise<string>,
  ): Promise<boolean> {
    const { clientId, clientSecret } = this.getState().oauth;
    return this.obtainToken(() => fetchToken({ clientId, clientSecret }));
  }

  /**
   * Runs any OAuth token request (`fetchToken` resolves the access token): Loading... while it
   * runs, then the token stored as the starting token, or the error's message (an
   * `OAuthLoginError`'s, else {@link OAUTH_LOGIN_FAILED}). Resolves true on success.
   */
  async obtainToken(fetchToken: () => Promise<string>): Promise<boolean> {
    this.#update((s) => ({ ...s, oauth: { ...s.oauth, isLoggingIn: true, error: undefined } }));
    try {
      const token = await fetchToken();
      if (!token) throw new EmptyTokenError();
      this.#update((s) => ({
        ...s,
        oauth: {
          ...s.oauth,
          accessToken: token,
          loggedInStartingToken: token,
          isLoggedIn: true,
          isLoggingIn: false,
          selectedInputMethod: 'credentials',
          error: undefined,
        },
      }));
      return true;
    } catch (error) {
      const message = error instanceof OAuthLoginError ? error.message : OAUTH_LOGIN_FAILED;
      this.#update((s) => ({ ...s, oauth: { ...s.oauth, isLoggingIn: false, error: message } }));
      return false;
    }
  }

  /**
   * A token from the docs site's login (API-key injection) fills every credential one token can
   * be: the bearer token, the header and query API keys of `headerSchemeIds`, and the OAuth token
   * (token input method). A value the reader typed is kept: only empty fields and fields still
   * holding `previous` (the token injected before) change, so logout clears what login filled.
   */
  applyInjectedToken(token: string | undefined, headerSchemeIds: string[] = [], previous = ''): void {
    const next = token ?? '';
    const fill = (current: string | undefined) =>
      current === undefined || current === '' || current === previous ? next : current;
    this.#update((s) => {
      const userToken = fill(s.oauth.userSuppliedAccessToken);
      return {
        ...s,
        bearerToken: fill(s.bearerToken),
        headerValues: {
          ...s.headerValues,
          ...Object.fromEntries(headerSchemeIds.map((id) => [id, fill(s.headerValues[id])])),
        },
        oauth: {
          ...s.oauth,
          userSuppliedAccessToken: userToken,
          ...(next && userToken === next ? { selectedInputMethod: 'token' as const } : {}),
        },
      };
    });
  }

  /** Opt in or out of keeping credentials in this browser; opting out removes what was stored. */
  setPersist(persist: boolean): void {
    this.#update((s) => ({ ...s, persist }));
    if (!persist) this.#storage?.removeItem(this.#storageKey);
  }

  /** Forget every credential (and the stored copy). */
  clear(): void {
    const { open, selectedSchemeId } = this.getState();
    this.#storage?.removeItem(this.#storageKey);
    this.setState({ ...emptyAuthState(selectedSchemeId), open });
  }

  #update(change: (s: AuthState) => AuthState): void {
    this.setState(change);
    const state = this.getState();
    if (state.persist && this.#storage) {
      const { bearerToken, basic, headerValues, oauth, selectedSchemeId } = state;
      const stored = {
        bearerToken,
        basic,
        headerValues,
        selectedSchemeId,
        oauth: { ...oauth, isLoggingIn: false },
      };
      this.#storage.setItem(this.#storageKey, JSON.stringify(stored));
    }
  }
}

// Stored credentials are untrusted input (another script or an old version may have written
// them): keep only fields of the expected types.
function readStored(storage: AuthStorage | undefined, key: string): Partial<AuthState> | undefined {
  const raw = storage?.getItem(key);
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const out: Partial<AuthState> = {};
  if (typeof value.bearerToken === 'string') out.bearerToken = value.bearerToken;
  if (typeof value.selectedSchemeId === 'string') out.selectedSchemeId = value.selectedSchemeId;
  if (isRecord(value.basic))
    out.basic = { username: text(value.basic.username), password: text(value.basic.password) };
  if (isRecord(value.headerValues))
    out.headerValues = Object.fromEntries(
      Object.entries(value.headerValues).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  if (isRecord(value.oauth)) {
    const o = value.oauth;
    const flows: unknown[] = ['clientCredentials', 'authorizationCode', 'password'];
    out.oauth = {
      selectedInputMethod: o.selectedInputMethod === 'token' ? 'token' : 'credentials',
      flow: flows.includes(o.flow) ? (o.flow as OAuthFlowType) : undefined,
      username: text(o.username),
      password: text(o.password),
      clientId: text(o.clientId),
      clientSecret: text(o.clientSecret),
      accessToken: text(o.accessToken),
      userSuppliedAccessToken: text(o.userSuppliedAccessToken),
      isLoggedIn: o.isLoggedIn === true,
      isLoggingIn: false,
      loggedInStartingToken: text(o.loggedInStartingToken),
      error: undefined,
      scopes: Array.isArray(o.scopes)
        ? o.scopes.filter((x): x is string => typeof x === 'string')
        : undefined,
    };
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
