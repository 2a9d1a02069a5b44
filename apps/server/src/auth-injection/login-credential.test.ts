/**
 * The docs login's JWT check with real keys: a JWKS served over a real socket (RS256) and HMAC
 * secrets from an environment. Good tokens give the API key (a top-level or nested claim);
 * forged, wrong-issuer, wrong-audience, expired, not-yet-valid, wrong-nonce, algorithm-confused,
 * claim-less and garbage tokens are refused with their own code and a message a reader can act on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DocsLoginConfig } from '@sextant/definition';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginCredentialError, verifyLoginCredential } from './login-credential.js';

type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

let server: Server;
let jwksUrl: string;
let signingKey: Key;
let strangerKey: Key;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((request, response) => {
    if (request.url !== '/jwks') return response.writeHead(404).end();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const jwksLogin = (): DocsLoginConfig => ({
  authorizationUrl: 'http://127.0.0.1:1/auth',
  returnToQueryParam: 'state',
  credentialParam: 'id_token',
  apiKeyClaim: 'api_key',
  jwksUrl,
  issuer: 'https://idp.test',
  audience: 'docs',
});
const hmacLogin: DocsLoginConfig = {
  authorizationUrl: 'https://login.acme.test/',
  returnToQueryParam: 'return_to',
  credentialParam: 'token',
  apiKeyClaim: 'acme.key',
  hmacSecretEnv: 'SEXTANT_LOGIN_ACME',
};
const env = { SEXTANT_LOGIN_ACME: 'a-long-shared-secret-of-the-acme-login-service' };

async function rsToken(claims: JWTPayload, options: { key?: Key; kid?: string; expires?: string } = {}) {
  return new SignJWT({ iss: 'https://idp.test', aud: 'docs', api_key: 'key-123', nonce: 'n1', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'k1' })
    .setIssuedAt()
    .setExpirationTime(options.expires ?? '5m')
    .sign(options.key ?? signingKey);
}
async function hsToken(claims: JWTPayload, secret = env.SEXTANT_LOGIN_ACME, expires = '5m') {
  return new SignJWT({ acme: { key: 'acme-key' }, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(expires)
    .sign(new TextEncoder().encode(secret));
}
async function refusal(promise: Promise<unknown>): Promise<LoginCredentialError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LoginCredentialError);
  return error as LoginCredentialError;
}

describe('a JWT checked against the site JWKS', () => {
  it('gives the API key of a good token, with the nonce of the login', async () => {
    const verified = await verifyLoginCredential(await rsToken({}), jwksLogin(), { nonce: 'n1' });
    expect(verified.apiKey).toBe('key-123');
    expect(verified.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('refuses forged, foreign, expired, early and replayed tokens, each saying why', async () => {
    const cases: [() => Promise<unknown>, string, RegExp][] = [
      [
        async () => verifyLoginCredential(await rsToken({}, { key: strangerKey }), jwksLogin()),
        'LoginTokenSignatureError',
        /signature does not match the site's signing keys/,
      ],
      [
        async () => verifyLoginCredential(await rsToken({ iss: 'https://evil.test' }), jwksLogin()),
        'LoginTokenClaimError',
        /issued by another identity provider \(its iss is not "https:\/\/idp.test"\)/,
      ],
      [
        async () => verifyLoginCredential(await rsToken({ aud: 'other-app' }), jwksLogin()),
        'LoginTokenClaimError',
        /for another application \(its aud is not "docs"\)/,
      ],
      [
        async () => verifyLoginCredential(await rsToken({}, { expires: '-2m' }), jwksLogin()),
        'LoginTokenExpiredError',
        /expired/,
      ],
      [
        async () =>
          verifyLoginCredential(await rsToken({ nbf: Math.floor(Date.now() / 1000) + 600 }), jwksLogin()),
        'LoginTokenClaimError',
        /not valid yet/,
      ],
      [
        async () => verifyLoginCredential(await rsToken({}), jwksLogin(), { nonce: 'another-login' }),
        'LoginTokenNonceError',
        /nonce does not match/,
      ],
      [
        async () => verifyLoginCredential(await rsToken({ api_key: undefined }), jwksLogin()),
        'LoginTokenNoApiKeyError',
        /no API key in its claim "api_key"/,
      ],
      [
        async () => verifyLoginCredential('not.a.jwt', jwksLogin()),
        'LoginTokenMalformedError',
        /not a valid JWT/,
      ],
      [() => verifyLoginCredential('x'.repeat(5000), jwksLogin()), 'LoginTokenMalformedError', /longer than/],
    ];
    for (const [attempt, code, message] of cases) {
      const error = await refusal(attempt());
      expect([error.code, error.message]).toEqual([code, expect.stringMatching(message)]);
    }
  });

  it('never lets an HMAC token pass for a key-set login (algorithm confusion)', async () => {
    const error = await refusal(verifyLoginCredential(await hsToken({ api_key: 'k' }), jwksLogin()));
    expect(error.code).toBe('LoginTokenAlgorithmError');
  });

  it('says when the key set cannot be read', async () => {
    const login = { ...jwksLogin(), jwksUrl: jwksUrl.replace('/jwks', '/missing') };
    const error = await refusal(verifyLoginCredential(await rsToken({}), login));
    expect(error.code).toBe('LoginKeysUnavailableError');
    expect(error.message).toMatch(/signing keys \(jwksUrl\) could not be read/);
  });
});

describe('a JWT checked with an HMAC secret from the environment', () => {
  it('gives the API key from a nested claim', async () => {
    const verified = await verifyLoginCredential(await hsToken({}), hmacLogin, { env });
    expect(verified.apiKey).toBe('acme-key');
  });

  it('refuses a token signed with another secret, an expired one, and works only with the secret set', async () => {
    const wrong = await refusal(verifyLoginCredential(await hsToken({}, 'guessed'), hmacLogin, { env }));
    expect([wrong.code, wrong.message]).toEqual([
      'LoginTokenSignatureError',
      expect.stringMatching(/does not match the site's HMAC secret/),
    ]);
    const expired = await refusal(
      verifyLoginCredential(await hsToken({}, env.SEXTANT_LOGIN_ACME, '-5m'), hmacLogin, { env }),
    );
    expect(expired.code).toBe('LoginTokenExpiredError');
    const unset = await refusal(verifyLoginCredential(await hsToken({}), hmacLogin, { env: {} }));
    expect([unset.code, unset.message]).toEqual([
      'LoginSecretMissingError',
      expect.stringMatching(/environment variable SEXTANT_LOGIN_ACME is not set/),
    ]);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"acme":{"key":"k"}}').toString('base64url')}.`;
    expect((await refusal(verifyLoginCredential(unsigned, hmacLogin, { env }))).code).toMatch(
      /LoginToken(Algorithm|Malformed)Error/,
    );
  });
});
