/**
 * The playground's authorization-code round trip (issue #28 item 8). Authorize keeps a pending
 * authorization (PKCE verifier, random state, the client, the endpoint it left from) in
 * sessionStorage and sends the whole page to the provider; the provider sends it back to the
 * redirect URI — the docs page with its `explorer` parameter, so the explorer reopens on the
 * same endpoint — with `code` and `state`. The playground then reads the response here: the
 * address loses `code`/`state` at once, the pending record is used once and removed, and a state
 * that does not match stores nothing.
 *
 * A same-window redirect rather than a popup: a top-level navigation is not governed by the docs
 * CSP (form-action covers form posts only) and cannot be blocked as a popup can, and providers
 * that send Cross-Origin-Opener-Policy would cut a popup's `window.opener` anyway.
 */
import type { OAuthAuthorizationCode } from '@sextant/definition';
import {
  authorizationCodeOf,
  authorizationRequestUrl,
  authorizationResponseIn,
  codeChallengeS256,
  OAuthRedirectError,
  randomUrlSafe,
  redirectUriOf,
  withoutAuthorizationResponse,
} from '@sextant/request';
import { EXPLORER_PARAM } from '../endpoint/url-params.js';

/** The sessionStorage key of the authorization in flight (one per tab). */
export const PENDING_AUTHORIZATION_KEY = 'sextant:oauth:pending';

/** An authorization in flight, kept across the provider's pages. */
export interface PendingAuthorization {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  endpointId: string;
  schemeId: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
}

export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface BeginAuthorization {
  flow: OAuthAuthorizationCode;
  schemeId: string;
  endpointId: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /** The docs page's address (with its `explorer` parameter). */
  pageHref: string;
}

/**
 * Starts an authorization: the pending record is stored and the provider's URL returned (the
 * caller navigates to it). An empty client id or a bad authorization URL raise an {@link OAuthRedirectError}.
 */
export async function beginAuthorization(
  request: BeginAuthorization,
  storage: SessionStorage,
): Promise<string> {
  if (request.clientId.trim() === '')
    throw new OAuthRedirectError(
      'bad-authorization-url',
      'Enter the client ID registered with the provider.',
    );
  const codeVerifier = randomUrlSafe(32);
  const state = randomUrlSafe(16);
  const redirectUri = authorizationRedirectUri(request.pageHref);
  const url = authorizationRequestUrl({
    authorizationUrl: request.flow.authorizationUrl,
    clientId: request.clientId.trim(),
    redirectUri,
    scopes: request.scopes,
    state,
    codeChallenge: await codeChallengeS256(codeVerifier),
  });
  const pending: PendingAuthorization = {
    state,
    codeVerifier,
    redirectUri,
    endpointId: request.endpointId,
    schemeId: request.schemeId,
    clientId: request.clientId.trim(),
    clientSecret: request.clientSecret,
    scopes: request.scopes,
  };
  storage.setItem(PENDING_AUTHORIZATION_KEY, JSON.stringify(pending));
  return url;
}

/** The redirect URI the reader registers: this page with only its `explorer` parameter. */
export function authorizationRedirectUri(pageHref: string): string {
  return redirectUriOf(pageHref, [EXPLORER_PARAM]);
}

/** What the page's address says about an authorization that came back to it. */
export type AuthorizationReturn =
  | { type: 'none' }
  | { type: 'refused'; message: string }
  | { type: 'code'; code: string; pending: PendingAuthorization };

/**
 * Reads the authorization response in `pageHref` for `endpointId`: `none` when the address holds
 * none (or it belongs to another endpoint's playground, or it is an error and no authorization is
 * in flight: the docs login's), `refused` with the reason (state
 * mismatch, no authorization started in this tab, the provider's error), or the code with its
 * pending record. `cleanUrl` receives the address without the response parameters whenever there
 * was one; the pending record is removed once read.
 */
export function readAuthorizationReturn(
  pageHref: string,
  endpointId: string,
  storage: SessionStorage,
  cleanUrl: (href: string) => void,
): AuthorizationReturn {
  const url = new URL(pageHref);
  const response = authorizationResponseIn(url.search);
  if (!response) return { type: 'none' };
  const pending = readPending(storage);
  if (pending && pending.endpointId !== endpointId) return { type: 'none' };
  // An error with no authorization in flight is the docs login's (`loginErrorFromSearch`).
  if (!pending && response.code === undefined) return { type: 'none' };
  cleanUrl(withoutAuthorizationResponse(pageHref));
  storage.removeItem(PENDING_AUTHORIZATION_KEY);
  if (!pending) return { type: 'refused', message: UNEXPECTED_RESPONSE };
  try {
    return { type: 'code', code: authorizationCodeOf(response, pending.state), pending };
  } catch (error) {
    if (error instanceof OAuthRedirectError) return { type: 'refused', message: error.message };
    throw error;
  }
}

const UNEXPECTED_RESPONSE =
  'An authorization code arrived, but no authorization was started in this tab: nothing was stored.';

// The stored record is untrusted input (another script may have written it): only the expected shape.
function readPending(storage: SessionStorage): PendingAuthorization | undefined {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(PENDING_AUTHORIZATION_KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const text = ['state', 'codeVerifier', 'redirectUri', 'endpointId', 'schemeId', 'clientId', 'clientSecret'];
  if (!text.every((key) => typeof record[key] === 'string')) return undefined;
  const scopes = Array.isArray(record.scopes) ? record.scopes.filter((s) => typeof s === 'string') : [];
  return { ...(record as unknown as PendingAuthorization), scopes };
}
