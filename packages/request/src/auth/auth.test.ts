import { describe, expect, it } from 'vitest';
import { tokenEndpoint } from '../testing/fixtures.js';
import { emptyOAuthState, isAuthenticated, isOAuthTokenStale } from './auth-state.js';
import { buildTokenRequest, extractAccessToken } from './oauth.js';

describe('isAuthenticated (SPEC §5)', () => {
  it.each([
    [{}, false],
    [{ bearer: { token: '  ' } }, false],
    [{ bearer: { token: ' t ' } }, true],
    [{ basic: { username: 'ada', password: '' } }, false],
    [{ basic: { username: ' ', password: 'pw' } }, false],
    [{ basic: { username: 'ada', password: 'pw' } }, true],
    [{ header: { headers: { 'X-Key': '' } } }, false],
    [{ header: { headers: { 'X-Key': '', 'X-Other': 'k' } } }, true],
    [{ queryParameter: { values: { api_key: 'k' } } }, true],
    [{ oauth: { ...emptyOAuthState(), userSuppliedAccessToken: 'pasted' } }, false],
    [
      {
        oauth: {
          ...emptyOAuthState(),
          selectedInputMethod: 'token' as const,
          userSuppliedAccessToken: 'pasted',
        },
      },
      true,
    ],
    [{ oauth: { ...emptyOAuthState(), accessToken: 'obtained' } }, true],
  ])('%j → %s', (auth, expected) => {
    expect(isAuthenticated(auth)).toBe(expected);
  });
  it('is false for no state at all', () => {
    expect(isAuthenticated(undefined)).toBe(false);
  });
  it('warns when the token differs from the one obtained at login', () => {
    const oauth = { ...emptyOAuthState(), isLoggedIn: true, accessToken: 'a', loggedInStartingToken: 'a' };
    expect(isOAuthTokenStale(oauth)).toBe(false);
    expect(isOAuthTokenStale({ ...oauth, accessToken: 'edited' })).toBe(true);
  });
});

describe('OAuth client credentials', () => {
  it('builds the token request as a form after the endpoint content type', () => {
    const request = buildTokenRequest(tokenEndpoint, 'id 1', 's&cret', ['read', 'write']);
    expect(request.url).toBe('https://api.example.com/v1/oauth/token');
    expect(request.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(request.body).toMatchObject({
      type: 'urlencoded',
      text: 'grant_type=client_credentials&client_id=id+1&client_secret=s%26cret&scope=read+write',
    });
  });
  it('builds a JSON token request when the endpoint takes JSON, and a form when it declares no body', () => {
    const json = {
      ...tokenEndpoint,
      requests: [
        {
          contentType: 'application/json',
          body: { type: 'alias' as const, shape: { type: 'unknown' as const } },
        },
      ],
    };
    expect(buildTokenRequest(json, 'a', 'b').body).toMatchObject({
      type: 'json',
      value: { grant_type: 'client_credentials', client_id: 'a', client_secret: 'b' },
    });
    expect(
      buildTokenRequest({ ...tokenEndpoint, requests: [] }, 'a', 'b', [], { baseUrl: 'http://x' }),
    ).toMatchObject({
      url: 'http://x/oauth/token',
      body: { type: 'urlencoded', text: 'grant_type=client_credentials&client_id=a&client_secret=b' },
    });
  });
  it('extracts the token with a locator', () => {
    const json = {
      access_token: 'abc',
      data: { tokens: [{ value: 'deep' }], 'odd key': 'odd' },
      n: 5,
      o: {},
    };
    expect(extractAccessToken(json, '$.access_token')).toBe('abc');
    expect(extractAccessToken(json, '$.data.tokens[0].value')).toBe('deep');
    expect(extractAccessToken(json, "$.data['odd key']")).toBe('odd');
    expect(extractAccessToken(json, 'access_token')).toBe('abc');
    expect(extractAccessToken(json, '$.n')).toBe('5');
  });
  it('returns undefined for missing values, non-strings and bad locators', () => {
    expect(extractAccessToken({ a: 1 }, '$.missing')).toBeUndefined();
    expect(extractAccessToken({ o: {} }, '$.o')).toBeUndefined();
    expect(extractAccessToken(null, '$.a')).toBeUndefined();
    expect(extractAccessToken('text', '$.length')).toBeUndefined();
    expect(extractAccessToken({ a: 'x' }, '$..a')).toBeUndefined();
    expect(extractAccessToken({ a: 'x' }, '$.a[')).toBeUndefined();
  });
});
