/** Auth card state: labels, the no-longer-valid warning, OAuth login outcomes, persistence opt-in. */

import { isAuthenticated } from '@sextant/request';
import { describe, expect, it } from 'vitest';
import {
  AuthStore,
  authenticatedFor,
  emptyAuthState,
  isTokenNoLongerValid,
  OAUTH_LOGIN_FAILED,
  oauthButtonLabel,
  TOKEN_NO_LONGER_VALID,
  tokenServesScheme,
  toRequestAuth,
} from './auth-store.js';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('AuthStore', () => {
  it('a flow picked starts with all its scopes ticked; the password flow credentials survive a reload when remembered', () => {
    const storage = memoryStorage();
    const auth = new AuthStore({ storage, storageKey: 'k' });
    auth.setPersist(true);
    auth.toggleOAuthScope('openid', ['openid', 'pets:read']);
    expect(auth.getState().oauth.scopes).toEqual(['pets:read']);
    auth.selectOAuthFlow('password');
    expect(auth.getState().oauth.scopes).toBeUndefined();
    auth.toggleOAuthScope('pets:read', ['pets:read']);
    auth.selectOAuthFlow('password');
    expect(auth.getState().oauth.scopes).toEqual([]);
    auth.setOAuthField('username', 'ada');
    auth.setOAuthField('password', 'pw');
    const restored = new AuthStore({ storage, storageKey: 'k' }).getState().oauth;
    expect(restored).toMatchObject({ flow: 'password', username: 'ada', password: 'pw', scopes: [] });
    storage.setItem('k', JSON.stringify({ oauth: { flow: 'implicit', username: 7 } }));
    expect(new AuthStore({ storage, storageKey: 'k' }).getState().oauth).toMatchObject({
      flow: undefined,
      username: '',
    });
  });

  it('opens and closes the card', () => {
    const auth = new AuthStore();
    expect(auth.getState().open).toBe(true);
    auth.setOpen(false);
    expect(auth.getState().open).toBe(false);
  });

  it('shows Fetch, then Loading... while logging in, then Refresh; a failed login shows the message', async () => {
    const auth = new AuthStore();
    expect(oauthButtonLabel(auth.getState().oauth)).toBe('Fetch');
    let resolveToken: (token: string) => void = () => {};
    const login = auth.loginWithClientCredentials(() => new Promise((resolve) => (resolveToken = resolve)));
    expect(oauthButtonLabel(auth.getState().oauth)).toBe('Loading...');
    resolveToken('tok-1');
    expect(await login).toBe(true);
    expect(oauthButtonLabel(auth.getState().oauth)).toBe('Refresh');
    expect(auth.getState().oauth).toMatchObject({
      accessToken: 'tok-1',
      loggedInStartingToken: 'tok-1',
      isLoggedIn: true,
    });
    expect(await auth.loginWithClientCredentials(async () => Promise.reject(new Error('401')))).toBe(false);
    expect(auth.getState().oauth.error).toBe(OAUTH_LOGIN_FAILED);
    expect(auth.getState().oauth.isLoggingIn).toBe(false);
    expect(oauthButtonLabel(auth.getState().oauth)).toBe('Refresh');
  });

  it('passes the typed credentials to the token fetcher, and an empty token counts as failure', async () => {
    const auth = new AuthStore();
    auth.setOAuthField('clientId', 'id');
    auth.setOAuthField('clientSecret', 'sec');
    let seen: unknown;
    await auth.loginWithClientCredentials(async (c) => {
      seen = c;
      return '';
    });
    expect(seen).toEqual({ clientId: 'id', clientSecret: 'sec' });
    expect(auth.getState().oauth.error).toBe(OAUTH_LOGIN_FAILED);
    expect(auth.getState().oauth.isLoggedIn).toBe(false);
  });

  it('warns once the token differs from the one obtained at login', async () => {
    const auth = new AuthStore();
    await auth.loginWithClientCredentials(async () => 'tok-1');
    expect(isTokenNoLongerValid(auth.getState().oauth)).toBe(false);
    auth.setOAuthAccessToken('tok-edited');
    expect(isTokenNoLongerValid(auth.getState().oauth)).toBe(true);
    expect(TOKEN_NO_LONGER_VALID).toBe(
      'The bearer token is no longer valid. Please refresh it by clicking the button below',
    );
    await auth.loginWithClientCredentials(async () => 'tok-2');
    expect(isTokenNoLongerValid(auth.getState().oauth)).toBe(false);
  });

  it('keeps credentials in memory until the reader opts in, and forgets the stored copy on opt-out', () => {
    const storage = memoryStorage();
    const auth = new AuthStore({ storage, storageKey: 'k' });
    auth.setBearerToken('secret');
    expect(storage.map.size).toBe(0);
    auth.setPersist(true);
    expect(JSON.parse(storage.map.get('k') ?? '{}').bearerToken).toBe('secret');
    const restored = new AuthStore({ storage, storageKey: 'k' });
    expect(restored.getState()).toMatchObject({ bearerToken: 'secret', persist: true });
    restored.setPersist(false);
    expect(storage.map.has('k')).toBe(false);
    expect(new AuthStore({ storage, storageKey: 'k' }).getState().bearerToken).toBe('');
  });

  it('ignores a corrupt stored value and fields of the wrong type', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(new AuthStore({ storage, storageKey: 'k' }).getState().bearerToken).toBe('');
    storage.setItem(
      'k',
      JSON.stringify({
        bearerToken: 7,
        basic: 'x',
        headerValues: { a: 'ok', b: 1 },
        oauth: { isLoggingIn: true, accessToken: 't' },
      }),
    );
    const state = new AuthStore({ storage, storageKey: 'k' }).getState();
    expect(state.bearerToken).toBe('');
    expect(state.basic).toEqual({ username: '', password: '' });
    expect(state.headerValues).toEqual({ a: 'ok' });
    expect(state.oauth).toMatchObject({
      accessToken: 't',
      isLoggingIn: false,
      selectedInputMethod: 'credentials',
    });
    storage.setItem('k', '[1,2]');
    expect(new AuthStore({ storage, storageKey: 'k' }).getState().persist).toBe(false);
  });

  it('applies and clears an injected token (docs site login / logout)', () => {
    const auth = new AuthStore();
    auth.applyInjectedToken('injected', ['apiKey']);
    expect(auth.getState()).toMatchObject({ bearerToken: 'injected', headerValues: { apiKey: 'injected' } });
    expect(auth.getState().oauth).toMatchObject({
      selectedInputMethod: 'token',
      userSuppliedAccessToken: 'injected',
    });
    auth.applyInjectedToken(undefined, ['apiKey'], 'injected');
    expect(auth.getState()).toMatchObject({ bearerToken: '', headerValues: { apiKey: '' } });
  });

  it('keeps what the reader typed when a token is injected or taken back', () => {
    const auth = new AuthStore();
    auth.setBearerToken('typed');
    auth.applyInjectedToken('injected', ['apiKey']);
    expect(auth.getState()).toMatchObject({ bearerToken: 'typed', headerValues: { apiKey: 'injected' } });
    auth.setHeaderValue('apiKey', 'mine');
    auth.applyInjectedToken(undefined, ['apiKey'], 'injected');
    expect(auth.getState()).toMatchObject({ bearerToken: 'typed', headerValues: { apiKey: 'mine' } });
  });
});

describe('authenticatedFor (the auth card badge)', () => {
  const auths = {
    bearer: { type: 'bearerAuth', id: 'bearer' },
    basic: { type: 'basicAuth', id: 'basic' },
    apiKey: { type: 'header', id: 'apiKey', headerWireValue: 'X-API-Key' },
  } as const;
  it('is true only when the scheme the request uses has a value', () => {
    const auth = new AuthStore({ selectedSchemeId: 'basic' });
    auth.applyInjectedToken('injected', ['apiKey']);
    const state = auth.getState();
    expect(authenticatedFor(state, { id: 'b', auth: ['basic'] }, auths)).toBe(false);
    expect(authenticatedFor(state, { id: 'k', auth: ['apiKey'] }, auths)).toBe(true);
    expect(authenticatedFor(state, { id: 't', auth: ['bearer'] }, auths)).toBe(true);
    expect(authenticatedFor(state, { id: 'n', auth: [] }, auths)).toBe(false);
    auth.setBasic('username', 'ada');
    auth.setBasic('password', ' ');
    expect(authenticatedFor(auth.getState(), { id: 'b', auth: ['basic'] }, auths)).toBe(false);
    auth.setBasic('password', 'pw');
    expect(authenticatedFor(auth.getState(), { id: 'b', auth: ['basic'] }, auths)).toBe(true);
  });
  it('says which schemes one login token can serve', () => {
    expect(tokenServesScheme(auths.bearer)).toBe(true);
    expect(tokenServesScheme(auths.apiKey)).toBe(true);
    expect(tokenServesScheme(auths.basic)).toBe(false);
    expect(tokenServesScheme(undefined)).toBe(false);
  });
});

describe('toRequestAuth', () => {
  const auths = {
    bearer: { type: 'bearerAuth', id: 'bearer' },
    apiKey: { type: 'header', id: 'apiKey', headerWireValue: 'X-API-Key' },
    q: { type: 'queryParameter', id: 'q', queryParameterName: 'api_key' },
  } as const;

  it('hands @sextant/request the credentials by wire name, and its isAuthenticated agrees with SPEC §5', () => {
    const base = emptyAuthState();
    const check = (state: typeof base) => isAuthenticated(toRequestAuth(state, auths));
    expect(check(base)).toBe(false);
    expect(check({ ...base, bearerToken: '  ' })).toBe(false);
    expect(check({ ...base, bearerToken: ' t ' })).toBe(true);
    expect(check({ ...base, basic: { username: 'u', password: '' } })).toBe(false);
    expect(check({ ...base, basic: { username: 'u', password: 'p' } })).toBe(true);
    expect(check({ ...base, headerValues: { apiKey: 'v' } })).toBe(true);
    expect(check({ ...base, oauth: { ...base.oauth, accessToken: 'a' } })).toBe(true);
    const mapped = toRequestAuth({ ...base, headerValues: { apiKey: 'k', q: 'qv', unknown: 'x' } }, auths);
    expect(mapped.header).toEqual({ headers: { 'X-API-Key': 'k' } });
    expect(mapped.queryParameter).toEqual({ values: { api_key: 'qv' } });
    expect(mapped.oauth).not.toHaveProperty('error');
  });
});
