import type { OAuthAuthorizationCode } from '@sextant/definition';
import { codeChallengeS256 } from '@sextant/request';
import { describe, expect, it } from 'vitest';
import {
  authorizationRedirectUri,
  beginAuthorization,
  PENDING_AUTHORIZATION_KEY,
  readAuthorizationReturn,
} from './oauth-authorization.js';

/** sessionStorage's contract over a Map (the real one is a browser's). */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const flow: OAuthAuthorizationCode = {
  type: 'authorizationCode',
  authorizationUrl: 'https://id.example.com/authorize',
  tokenEndpoint: { endpointId: 'token', accessTokenLocator: '$.access_token' },
  scopes: [{ name: 'read' }],
  pkce: 'S256',
};
const PAGE = 'https://docs.example.com/api/pets?explorer=getPet&explorerForm=abc';

async function started(storage = memoryStorage()) {
  const url = new URL(
    await beginAuthorization(
      {
        flow,
        schemeId: 'oauth',
        endpointId: 'getPet',
        clientId: ' docs ',
        clientSecret: '',
        scopes: ['read'],
        pageHref: PAGE,
      },
      storage,
    ),
  );
  return { url, storage, state: url.searchParams.get('state') ?? '' };
}

describe('beginAuthorization', () => {
  it('keeps the verifier whose S256 challenge the provider gets, and the page to come back to', async () => {
    const { url, storage, state } = await started();
    const pending = JSON.parse(storage.getItem(PENDING_AUTHORIZATION_KEY) ?? '{}');
    expect(url.searchParams.get('code_challenge')).toBe(await codeChallengeS256(pending.codeVerifier));
    expect(url.searchParams.get('redirect_uri')).toBe('https://docs.example.com/api/pets?explorer=getPet');
    expect(url.searchParams.get('client_id')).toBe('docs');
    expect(state).toMatch(/^[\w-]{22}$/);
    expect(pending).toMatchObject({ state, endpointId: 'getPet', schemeId: 'oauth', scopes: ['read'] });
  });

  it('two authorizations never share a state or verifier', async () => {
    const a = await started();
    const b = await started();
    expect(a.state).not.toBe(b.state);
    expect(a.storage.getItem(PENDING_AUTHORIZATION_KEY)).not.toBe(
      b.storage.getItem(PENDING_AUTHORIZATION_KEY),
    );
  });

  it('refuses an empty client id and a javascript: authorization URL, storing nothing', async () => {
    const storage = memoryStorage();
    const base = { flow, schemeId: 'o', endpointId: 'e', clientSecret: '', scopes: [], pageHref: PAGE };
    await expect(beginAuthorization({ ...base, clientId: '  ' }, storage)).rejects.toThrow(/client ID/);
    await expect(
      beginAuthorization(
        { ...base, clientId: 'docs', flow: { ...flow, authorizationUrl: 'javascript:alert(1)' } },
        storage,
      ),
    ).rejects.toThrow(/http or https/);
    expect(storage.map.size).toBe(0);
  });

  it('the redirect URI keeps only the explorer parameter', () => {
    expect(authorizationRedirectUri(PAGE)).toBe('https://docs.example.com/api/pets?explorer=getPet');
  });
});

describe('readAuthorizationReturn', () => {
  const back = (state: string, extra = '') =>
    `https://docs.example.com/api/pets?explorer=getPet&code=c0de&state=${state}${extra}`;

  it('the code, once: the address is cleaned and the record removed', async () => {
    const { storage, state } = await started();
    const cleaned: string[] = [];
    const result = readAuthorizationReturn(back(state, '&iss=x'), 'getPet', storage, (href) =>
      cleaned.push(href),
    );
    expect(result.type === 'code' && result.code).toBe('c0de');
    expect(cleaned).toEqual(['https://docs.example.com/api/pets?explorer=getPet']);
    expect(storage.getItem(PENDING_AUTHORIZATION_KEY)).toBeNull();
    expect(readAuthorizationReturn(back(state), 'getPet', storage, () => {}).type).toBe('refused');
  });

  it('a tampered state is refused and consumes the pending record', async () => {
    const { storage, state } = await started();
    const cleaned: string[] = [];
    const result = readAuthorizationReturn(back(`${state}x`), 'getPet', storage, (href) =>
      cleaned.push(href),
    );
    expect(result).toEqual({
      type: 'refused',
      message: expect.stringMatching(/does not match.*nothing was stored/),
    });
    expect(cleaned).toHaveLength(1);
    expect(readAuthorizationReturn(back(state), 'getPet', storage, () => {}).type).toBe('refused');
  });

  it('the provider error verbatim', async () => {
    const { storage, state } = await started();
    const href = `https://docs.example.com/api/pets?explorer=getPet&error=access_denied&error_description=End-User%20aborted&state=${state}`;
    expect(readAuthorizationReturn(href, 'getPet', storage, () => {})).toEqual({
      type: 'refused',
      message: 'The authorization server answered access_denied: End-User aborted',
    });
  });

  it('another endpoint leaves it alone; an ordinary address is nothing', async () => {
    const { storage, state } = await started();
    const cleaned: string[] = [];
    expect(readAuthorizationReturn(back(state), 'listPets', storage, (h) => cleaned.push(h)).type).toBe(
      'none',
    );
    expect(readAuthorizationReturn(PAGE, 'getPet', storage, (h) => cleaned.push(h)).type).toBe('none');
    expect(cleaned).toEqual([]);
    expect(storage.getItem(PENDING_AUTHORIZATION_KEY)).not.toBeNull();
  });

  it('an error with nothing in flight is the docs login error: left to it', () => {
    const storage = memoryStorage();
    const href = 'https://docs.example.com/api/pets?explorer=getPet&error=login_failed';
    expect(readAuthorizationReturn(href, 'getPet', storage, () => {}).type).toBe('none');
  });

  it.each([
    ['a code with nothing in flight', undefined],
    ['a record that is not JSON', '{not json'],
    ['a record of the wrong shape', JSON.stringify({ state: 1, endpointId: 'getPet' })],
  ])('%s is refused', (_, record) => {
    const storage = memoryStorage();
    if (record !== undefined) storage.setItem(PENDING_AUTHORIZATION_KEY, record);
    const result = readAuthorizationReturn(back('s'), 'getPet', storage, () => {});
    expect(result).toEqual({
      type: 'refused',
      message: expect.stringMatching(/no authorization was started/),
    });
  });
});
