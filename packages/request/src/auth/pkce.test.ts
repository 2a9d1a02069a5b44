import { describe, expect, it } from 'vitest';
import { tokenEndpoint } from '../testing/fixtures.js';
import { buildGrantRequest } from './oauth.js';
import {
  authorizationCodeGrant,
  authorizationCodeOf,
  authorizationRequestUrl,
  authorizationResponseIn,
  codeChallengeS256,
  isCodeVerifier,
  OAuthRedirectError,
  passwordGrant,
  randomUrlSafe,
  redirectUriOf,
  withoutAuthorizationResponse,
} from './pkce.js';

const failure = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof OAuthRedirectError) return error.failure;
    throw error;
  }
  return undefined;
};

describe('PKCE (RFC 7636)', () => {
  it('S256 challenge of the appendix B verifier', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('random verifiers are 43 unreserved characters and differ', () => {
    const a = randomUrlSafe();
    const b = randomUrlSafe();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isCodeVerifier(a)).toBe(true);
    expect(a).not.toBe(b);
  });

  it.each(['short', 'x'.repeat(129), `${'a'.repeat(43)} `, `${'a'.repeat(42)}+`, `${'a'.repeat(42)}é`])(
    'refuses the verifier %j',
    async (verifier) => {
      await expect(codeChallengeS256(verifier)).rejects.toThrow(RangeError);
    },
  );
});

describe('authorization request', () => {
  const request = {
    authorizationUrl: 'https://id.example.com/auth?audience=api',
    clientId: 'docs app',
    redirectUri: 'https://docs.example.com/api/pets',
    scopes: ['read', 'write'],
    state: 'st&te',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  };

  it('carries every parameter, encoded, and keeps the spec URL own parameters', () => {
    const url = new URL(authorizationRequestUrl(request));
    expect(url.origin + url.pathname).toBe('https://id.example.com/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      audience: 'api',
      response_type: 'code',
      client_id: 'docs app',
      redirect_uri: 'https://docs.example.com/api/pets',
      scope: 'read write',
      state: 'st&te',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
  });

  it('a spec parameter cannot override the request (response_type=token)', () => {
    const url = new URL(
      authorizationRequestUrl({
        ...request,
        authorizationUrl: 'https://id.example.com/auth?response_type=token',
      }),
    );
    expect(url.searchParams.getAll('response_type')).toEqual(['code']);
  });

  it('no scope parameter without scopes', () => {
    expect(new URL(authorizationRequestUrl({ ...request, scopes: [] })).searchParams.has('scope')).toBe(
      false,
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '/relative/auth', 'not a url'])(
    'refuses the authorization URL %j',
    (authorizationUrl) => {
      expect(failure(() => authorizationRequestUrl({ ...request, authorizationUrl }))).toBe(
        'bad-authorization-url',
      );
    },
  );

  it('the redirect URI is the page without fragment, keeping only the named parameters', () => {
    const page = 'https://docs.example.com/api/pets?x=1&explorer=get%20Pet&code=old#top';
    expect(redirectUriOf(page)).toBe('https://docs.example.com/api/pets');
    expect(redirectUriOf(page, ['explorer'])).toBe('https://docs.example.com/api/pets?explorer=get+Pet');
  });
});

describe('authorization response', () => {
  it('reads code and state, and nothing from an ordinary address', () => {
    expect(authorizationResponseIn('?code=abc&state=s1')).toEqual({
      code: 'abc',
      state: 's1',
      error: undefined,
      errorDescription: undefined,
    });
    expect(authorizationResponseIn('?explorer=getPet&state=s1')).toBeUndefined();
  });

  it('the code when the state matches', () => {
    expect(authorizationCodeOf(authorizationResponseIn('?code=abc&state=s1')!, 's1')).toBe('abc');
  });

  it.each([
    ['?code=abc&state=other', 'state-mismatch'],
    ['?code=abc&state=s1x', 'state-mismatch'],
    ['?code=abc', 'missing-state'],
    ['?code=abc&state=', 'missing-state'],
    ['?code=&state=s1', 'missing-code'],
    ['?error=access_denied&state=s1', 'provider-error'],
    ['?error=access_denied&state=forged', 'state-mismatch'],
  ])('%s is refused (%s)', (search, code) => {
    const response = authorizationResponseIn(search);
    expect(response).toBeDefined();
    expect(failure(() => authorizationCodeOf(response!, 's1'))).toBe(code);
  });

  it('the provider error and its description verbatim', () => {
    const response = authorizationResponseIn(
      '?error=access_denied&error_description=End-User+aborted+interaction&state=s1',
    );
    expect(() => authorizationCodeOf(response!, 's1')).toThrow(
      'The authorization server answered access_denied: End-User aborted interaction',
    );
  });

  it('removes the response parameters and keeps the rest', () => {
    expect(
      withoutAuthorizationResponse(
        'https://d.io/api/pets?explorer=getPet&code=abc&state=s&iss=https%3A%2F%2Fid#h',
      ),
    ).toBe('https://d.io/api/pets?explorer=getPet#h');
  });
});

describe('token grants', () => {
  it('authorization code with the verifier; no empty client secret', () => {
    expect(
      authorizationCodeGrant(
        { clientId: 'docs', clientSecret: '' },
        'c0de',
        'https://d.io/p',
        'v'.repeat(43),
      ),
    ).toEqual({
      grant_type: 'authorization_code',
      code: 'c0de',
      redirect_uri: 'https://d.io/p',
      code_verifier: 'v'.repeat(43),
      client_id: 'docs',
    });
  });

  it('password grant, urlencoded on the wire', () => {
    const built = buildGrantRequest(
      tokenEndpoint,
      passwordGrant({ clientId: 'docs', clientSecret: 's3' }, 'ada', 'p&ss word', ['read', 'write']),
    );
    expect(
      built.body.type === 'urlencoded' && Object.fromEntries(new URLSearchParams(built.body.text)),
    ).toEqual({
      grant_type: 'password',
      username: 'ada',
      password: 'p&ss word',
      scope: 'read write',
      client_id: 'docs',
      client_secret: 's3',
    });
  });
});
