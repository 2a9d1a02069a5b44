/**
 * Identity providers the docs site logs readers in with: the built-in demo provider (an
 * in-process authorization server with a consent page, for `npm start` and tests) and a generic
 * OAuth 2.0 authorization-code provider reached over HTTP.
 */

import { randomBytes } from 'node:crypto';
import { SextantError } from '@sextant/definition/errors';
import { AUTH_PATHS, DEMO_CLIENT_ID, type OAuthProviderOptions } from './options.js';

/** What the plugin needs from a provider. */
export interface IdentityProvider {
  /** The authorization URL without the return parameter (the playground adds it). */
  authorizationUrl(redirectUri: string): string;
  /** Exchanges an authorization code for an access token; throws when the code is not valid. */
  exchange(code: string, redirectUri: string): Promise<string>;
}

/** Raised when the provider refuses a code; the callback turns it into `error` URL parameters. */
export class CodeExchangeError extends SextantError<'CodeExchangeError'> {
  constructor(readonly description: string) {
    super('CodeExchangeError', `Login failed: ${description}. Log in again from the API explorer.`);
  }
}

const CODE_TTL_MS = 60_000;
const MAX_PENDING_CODES = 1000;

/**
 * The demo provider: codes are one-time and expire after a minute; each login issues a fresh
 * `demo_…` token.
 */
export class DemoIdentityProvider implements IdentityProvider {
  readonly #codes = new Map<string, { redirectUri: string; expires: number }>();

  authorizationUrl(redirectUri: string): string {
    const params = new URLSearchParams({
      client_id: DEMO_CLIENT_ID,
      redirect_uri: redirectUri,
      response_type: 'code',
    });
    return `${AUTH_PATHS.demoAuthorize}?${params}`;
  }

  /** Issues a code for the consent page's "Sign in" button. */
  issueCode(redirectUri: string, now = Date.now()): string {
    for (const [code, entry] of this.#codes) if (entry.expires < now) this.#codes.delete(code);
    if (this.#codes.size >= MAX_PENDING_CODES) {
      const oldest = this.#codes.keys().next().value;
      if (oldest !== undefined) this.#codes.delete(oldest);
    }
    const code = randomBytes(16).toString('hex');
    this.#codes.set(code, { redirectUri, expires: now + CODE_TTL_MS });
    return code;
  }

  async exchange(code: string, redirectUri: string): Promise<string> {
    const entry = this.#codes.get(code);
    this.#codes.delete(code);
    if (!entry || entry.expires < Date.now())
      throw new CodeExchangeError('the authorization code is unknown or expired');
    if (entry.redirectUri !== redirectUri) throw new CodeExchangeError('the redirect URI does not match');
    return `demo_${randomBytes(18).toString('base64url')}`;
  }
}

/** A generic OAuth 2.0 authorization-code provider. */
export class OAuthIdentityProvider implements IdentityProvider {
  constructor(
    readonly options: OAuthProviderOptions,
    readonly fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
  ) {}

  authorizationUrl(redirectUri: string): string {
    const url = new URL(this.options.authorizationEndpoint);
    url.searchParams.set('client_id', this.options.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    if (this.options.scope) url.searchParams.set('scope', this.options.scope);
    return url.toString();
  }

  async exchange(code: string, redirectUri: string): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: this.options.clientId,
    });
    if (this.options.clientSecret) body.set('client_secret', this.options.clientSecret);
    const response = await this.fetchImpl(this.options.tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      error_description?: unknown;
    };
    if (!response.ok || typeof json.access_token !== 'string')
      throw new CodeExchangeError(
        typeof json.error_description === 'string'
          ? json.error_description
          : `token endpoint answered ${response.status}`,
      );
    return json.access_token;
  }
}
