/**
 * Verifies the JWT a docs site's login returns (docs.yml `login`, SPEC §6) and reads the API key
 * from it: signed by a key of the site's JWKS (asymmetric algorithms only, with the configured
 * issuer and audience) or with the HMAC secret held in the server's environment; not expired; at
 * login, carrying the nonce this browser was given. Every refusal is a `LoginCredentialError`
 * whose message a reader can act on.
 */
import type { DocsLoginConfig } from '@sextant/definition';
import { SextantError } from '@sextant/definition/errors';
import {
  createRemoteJWKSet,
  customFetch,
  errors,
  type FetchImplementation,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';

export type LoginCredentialErrorCode =
  | 'LoginTokenMalformedError'
  | 'LoginTokenSignatureError'
  | 'LoginTokenAlgorithmError'
  | 'LoginTokenExpiredError'
  | 'LoginTokenClaimError'
  | 'LoginTokenNonceError'
  | 'LoginTokenNoApiKeyError'
  | 'LoginKeysUnavailableError'
  | 'LoginSecretMissingError'
  | 'LoginSecretNotOwnedError';

/** A docs login credential refused; `code` says why (the log line carries it, the reader gets the message). */
export class LoginCredentialError extends SextantError<LoginCredentialErrorCode> {}

/** Longest credential accepted (it travels in a URL and lives in a cookie). */
export const MAX_CREDENTIAL_LENGTH = 3500;
const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];
const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512'];
const CLOCK_TOLERANCE_SECONDS = 30;
const KEY_SETS_KEPT = 200;

/**
 * Remote key sets by URL: jose caches each set's keys and refetches on an unknown `kid`. The
 * fetch is the caller's: a hosted server gives one whose connections pass the proxy's address
 * guard, so a site's `jwksUrl` cannot make the server read a private address.
 */
export class KeySetCache {
  readonly #keySets = new Map<string, JWTVerifyGetKey>();

  constructor(private readonly fetchKeys?: FetchImplementation) {}

  of(url: string): JWTVerifyGetKey {
    let keySet = this.#keySets.get(url);
    if (!keySet) {
      if (this.#keySets.size >= KEY_SETS_KEPT)
        this.#keySets.delete(this.#keySets.keys().next().value as string);
      keySet = createRemoteJWKSet(new URL(url), {
        timeoutDuration: 5000,
        cooldownDuration: 30_000,
        ...(this.fetchKeys ? { [customFetch]: this.fetchKeys } : {}),
      });
      this.#keySets.set(url, keySet);
    }
    return keySet;
  }
}

const defaultKeySets = new KeySetCache();

export interface VerifiedLogin {
  apiKey: string;
  /** When the token expires (epoch seconds), if it says. */
  expiresAt: number | undefined;
}

/**
 * Verifies `token` for the site's `login`; `nonce`: the one this browser's login was started
 * with (checked at the callback; later refreshes pass none).
 */
export async function verifyLoginCredential(
  token: string,
  login: DocsLoginConfig,
  options: {
    nonce?: string | undefined;
    env?: Record<string, string | undefined>;
    keySets?: KeySetCache;
  } = {},
): Promise<VerifiedLogin> {
  if (token.length > MAX_CREDENTIAL_LENGTH)
    throw new LoginCredentialError(
      'LoginTokenMalformedError',
      `The login token is longer than ${MAX_CREDENTIAL_LENGTH} characters.`,
    );
  const checks = {
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    ...(login.issuer !== undefined ? { issuer: login.issuer } : {}),
    ...(login.audience !== undefined ? { audience: login.audience } : {}),
  };
  let payload: JWTPayload;
  try {
    if (login.jwksUrl !== undefined) {
      ({ payload } = await jwtVerify(token, (options.keySets ?? defaultKeySets).of(login.jwksUrl), {
        ...checks,
        algorithms: ASYMMETRIC_ALGORITHMS,
      }));
    } else {
      const name = login.hmacSecretEnv ?? '';
      const secret = (options.env ?? process.env)[name];
      if (!secret)
        throw new LoginCredentialError(
          'LoginSecretMissingError',
          `The docs server has no login secret: its environment variable ${name} is not set. Ask the site's operator to set it.`,
        );
      ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
        ...checks,
        algorithms: HMAC_ALGORITHMS,
      }));
    }
  } catch (error) {
    throw asLoginCredentialError(error, login);
  }
  if (options.nonce !== undefined && payload.nonce !== options.nonce)
    throw new LoginCredentialError(
      'LoginTokenNonceError',
      'The login token was not issued for this login (its nonce does not match): log in again from the API explorer.',
    );
  const apiKey = claimAt(payload, login.apiKeyClaim);
  if (typeof apiKey !== 'string' || apiKey.trim() === '')
    throw new LoginCredentialError(
      'LoginTokenNoApiKeyError',
      `The login token carries no API key in its claim "${login.apiKeyClaim}".`,
    );
  return { apiKey, expiresAt: typeof payload.exp === 'number' ? payload.exp : undefined };
}

function claimAt(payload: JWTPayload, path: string): unknown {
  let value: unknown = payload;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function asLoginCredentialError(error: unknown, login: DocsLoginConfig): LoginCredentialError {
  if (error instanceof LoginCredentialError) return error;
  const verifier = login.jwksUrl !== undefined ? "the site's signing keys" : "the site's HMAC secret";
  if (error instanceof errors.JWTExpired)
    return new LoginCredentialError('LoginTokenExpiredError', 'The login token has expired: log in again.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    const expected: Record<string, string | undefined> = { iss: login.issuer, aud: login.audience };
    const message =
      error.claim === 'iss' || error.claim === 'aud'
        ? `The login token was issued ${error.claim === 'iss' ? 'by another identity provider' : 'for another application'} (its ${error.claim} is not "${expected[error.claim]}").`
        : error.claim === 'nbf'
          ? 'The login token is not valid yet (nbf is in the future).'
          : `The login token's claim "${error.claim}" is not valid: ${error.reason}.`;
    return new LoginCredentialError('LoginTokenClaimError', message);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey)
    return new LoginCredentialError(
      'LoginTokenSignatureError',
      `The login token's signature does not match ${verifier}: it was not issued by the site's login.`,
    );
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
    return new LoginCredentialError(
      'LoginTokenAlgorithmError',
      `The login token is signed with an algorithm ${verifier} cannot verify.`,
    );
  if (login.jwksUrl !== undefined && keySetUnreadable(error))
    return new LoginCredentialError(
      'LoginKeysUnavailableError',
      "The site's signing keys (jwksUrl) could not be read; try again in a minute.",
    );
  return new LoginCredentialError('LoginTokenMalformedError', 'The login credential is not a valid JWT.');
}

/** The key set's fetch failed (network, timeout, not a 200, not a key set), not the token. */
function keySetUnreadable(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true;
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error.code === 'ERR_JOSE_GENERIC'
  );
}
