/**
 * The browser side of the OAuth 2.0 authorization-code flow with PKCE (RFC 6749 §4.1, RFC 7636):
 * the code verifier and its S256 challenge (WebCrypto), the random `state`, the authorization URL,
 * reading the redirect back (state checked, the provider's `error` kept verbatim), and the token
 * request's fields for the code and password grants. No storage and no navigation here: the
 * playground keeps the pending authorization and moves the page.
 */
import { OAuthRedirectError, type OAuthRedirectFailure } from '../errors.js';

export type { OAuthRedirectFailure };

export { OAuthRedirectError };

const UNRESERVED = /^[A-Za-z0-9\-._~]{43,128}$/;

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * A random URL-safe string of `bytes` random bytes (base64url): 32 bytes give the 43 characters
 * RFC 7636 §4.1 recommends for a code verifier; also used for `state`.
 */
export function randomUrlSafe(bytes = 32): string {
  return base64Url(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Whether `verifier` is a code verifier RFC 7636 §4.1 allows (43–128 unreserved characters). */
export function isCodeVerifier(verifier: string): boolean {
  return UNRESERVED.test(verifier);
}

/**
 * The S256 code challenge of a verifier: BASE64URL(SHA-256(ASCII(verifier))) (RFC 7636 §4.2).
 * @example await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk') // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 */
export async function codeChallengeS256(verifier: string): Promise<string> {
  if (!isCodeVerifier(verifier))
    throw new RangeError('A PKCE code verifier is 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export interface AuthorizationRequest {
  authorizationUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  codeChallenge: string;
}

/**
 * The provider's authorization URL with the request's parameters (RFC 6749 §4.1.1 plus RFC 7636
 * §4.3); parameters already in the spec's URL are kept. Only http(s) URLs: a `javascript:` or
 * `data:` URL in a spec is refused.
 * @example authorizationRequestUrl({ authorizationUrl: 'https://id.example.com/auth', clientId: 'docs', redirectUri: 'https://docs.example.com/api/pets', scopes: ['read'], state: 's', codeChallenge: 'c' })
 * // 'https://id.example.com/auth?response_type=code&client_id=docs&redirect_uri=…&scope=read&state=s&code_challenge=c&code_challenge_method=S256'
 */
export function authorizationRequestUrl(request: AuthorizationRequest): string {
  let url: URL;
  try {
    url = new URL(request.authorizationUrl);
  } catch {
    throw new OAuthRedirectError(
      'bad-authorization-url',
      `The authorization URL "${request.authorizationUrl}" is not an absolute URL`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new OAuthRedirectError(
      'bad-authorization-url',
      `The authorization URL must be http or https, not ${url.protocol}`,
    );
  const params: [string, string][] = [
    ['response_type', 'code'],
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
  ];
  if (request.scopes.length > 0) params.push(['scope', request.scopes.join(' ')]);
  params.push(
    ['state', request.state],
    ['code_challenge', request.codeChallenge],
    ['code_challenge_method', 'S256'],
  );
  for (const [name, value] of params) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The redirect URI of a docs page: its address without fragment and without query parameters
 * other than `keep` (what the reader registers with the provider; the provider appends `code`
 * and `state`).
 * @example redirectUriOf('https://docs.example.com/api/pets?explorer=getPet&x=1#x', ['explorer']) // 'https://docs.example.com/api/pets?explorer=getPet'
 */
export function redirectUriOf(pageHref: string, keep: readonly string[] = []): string {
  const url = new URL(pageHref);
  const query = new URLSearchParams();
  for (const name of keep) {
    const value = url.searchParams.get(name);
    if (value !== null) query.set(name, value);
  }
  const search = query.toString();
  return `${url.origin}${url.pathname}${search ? `?${search}` : ''}`;
}

/** The authorization response parameters of a redirect, when the address carries one (`state` with `code` or `error`). */
export interface AuthorizationResponseParams {
  state: string | undefined;
  code: string | undefined;
  error: string | undefined;
  errorDescription: string | undefined;
}

/**
 * The authorization response in a page address, or undefined when it holds none (no `code` and no `error`).
 * @example authorizationResponseIn('?code=abc&state=s')?.code // 'abc'
 */
export function authorizationResponseIn(search: string): AuthorizationResponseParams | undefined {
  const params = new URLSearchParams(search);
  const code = params.get('code') ?? undefined;
  const error = params.get('error') ?? undefined;
  if (code === undefined && error === undefined) return undefined;
  return {
    state: params.get('state') ?? undefined,
    code,
    error,
    errorDescription: params.get('error_description') ?? undefined,
  };
}

/** The page address with the authorization response's parameters removed. */
export function withoutAuthorizationResponse(href: string): string {
  const url = new URL(href);
  for (const name of ['code', 'state', 'error', 'error_description', 'error_uri', 'iss', 'session_state'])
    url.searchParams.delete(name);
  return url.toString();
}

/**
 * The code of an authorization response, after checking its `state` against the one sent
 * (RFC 6749 §10.12). A mismatch, a missing state or code, and the provider's own `error` (with
 * its `error_description`, verbatim) raise an {@link OAuthRedirectError}.
 */
export function authorizationCodeOf(response: AuthorizationResponseParams, expectedState: string): string {
  if (response.state === undefined || response.state === '')
    throw new OAuthRedirectError(
      'missing-state',
      'The authorization server returned no state: nothing was stored.',
    );
  if (!constantTimeEqual(response.state, expectedState))
    throw new OAuthRedirectError(
      'state-mismatch',
      'The state returned by the authorization server does not match the one sent: the response was refused and nothing was stored.',
    );
  if (response.error !== undefined)
    throw new OAuthRedirectError(
      'provider-error',
      `The authorization server answered ${response.error}${response.errorDescription ? `: ${response.errorDescription}` : ''}`,
    );
  if (!response.code)
    throw new OAuthRedirectError('missing-code', 'The authorization server returned no code.');
  return response.code;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** A client's credentials: the secret is sent only when there is one (a public client has none). */
export interface OAuthClient {
  clientId: string;
  clientSecret?: string | undefined;
}

function clientFields(client: OAuthClient): Record<string, string> {
  const fields: Record<string, string> = { client_id: client.clientId };
  if (client.clientSecret) fields.client_secret = client.clientSecret;
  return fields;
}

/** The token request fields trading a code for a token (RFC 6749 §4.1.3, RFC 7636 §4.5). */
export function authorizationCodeGrant(
  client: OAuthClient,
  code: string,
  redirectUri: string,
  codeVerifier: string,
): Record<string, string> {
  return {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
    ...clientFields(client),
  };
}

/** The token request fields of the password grant (RFC 6749 §4.3.2). */
export function passwordGrant(
  client: OAuthClient,
  username: string,
  password: string,
  scopes: readonly string[] = [],
): Record<string, string> {
  return {
    grant_type: 'password',
    username,
    password,
    ...(scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
    ...clientFields(client),
  };
}
