/**
 * The reader's stored credentials (SPEC §3 "Stored auth state") and the "visitor is
 * authenticated" predicate of SPEC §5.
 */

export interface OAuthState {
  /** Whether the reader logs in with client credentials or pastes a token. */
  selectedInputMethod: 'credentials' | 'token';
  clientId?: string;
  clientSecret?: string;
  /** Token obtained by the client-credentials login. */
  accessToken: string;
  /** Token the reader pasted. */
  userSuppliedAccessToken: string;
  isLoggedIn: boolean;
  isLoggingIn: boolean;
  /** The token as it was right after login, to warn when the reader edits it away. */
  loggedInStartingToken: string;
}

export interface AuthState {
  bearer?: { token: string };
  basic?: { username: string; password: string };
  /** Header API keys by wire header name (e.g. `X-API-Key`), without the scheme's prefix. */
  header?: { headers: Record<string, string> };
  /** Query-parameter API keys by parameter name. */
  queryParameter?: { values: Record<string, string> };
  oauth?: OAuthState;
}

/** A fresh OAuth state: credentials input, nothing obtained. */
export function emptyOAuthState(): OAuthState {
  return {
    selectedInputMethod: 'credentials',
    accessToken: '',
    userSuppliedAccessToken: '',
    isLoggedIn: false,
    isLoggingIn: false,
    loggedInStartingToken: '',
  };
}

/** The OAuth token in effect: the pasted one in token mode, the obtained one otherwise. */
export function oauthAccessToken(oauth: OAuthState | undefined): string {
  if (!oauth) return '';
  return oauth.selectedInputMethod === 'token' ? oauth.userSuppliedAccessToken : oauth.accessToken;
}

const filled = (value: string | undefined): boolean => (value ?? '').trim() !== '';

/**
 * SPEC §5: authenticated when, after trimming, the bearer token, or both username and password, or
 * a header (or query) API key value, or the OAuth access token is non-empty.
 * @example
 * isAuthenticated({ basic: { username: 'ada', password: ' ' } }); // false
 */
export function isAuthenticated(auth: AuthState | undefined): boolean {
  if (!auth) return false;
  return (
    filled(auth.bearer?.token) ||
    (filled(auth.basic?.username) && filled(auth.basic?.password)) ||
    Object.values(auth.header?.headers ?? {}).some(filled) ||
    Object.values(auth.queryParameter?.values ?? {}).some(filled) ||
    filled(oauthAccessToken(auth.oauth))
  );
}

/** SPEC §4: the bearer token differs from the one obtained at login, so it is no longer valid. */
export function isOAuthTokenStale(oauth: OAuthState | undefined): boolean {
  return !!oauth?.isLoggedIn && oauth.accessToken !== oauth.loggedInStartingToken;
}
