/** API-key injection: config parsing, refresh every 5 minutes while enabled (fake timers), URLs, login errors. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_KEY_INJECTION_REFRESH_MS,
  ApiKeyInjectionStore,
  loginErrorFromSearch,
  loginUrl,
  logoutUrl,
  parseApiKeyInjectionConfig,
  withoutLoginError,
} from './api-key-injection.js';

afterEach(() => {
  vi.useRealTimers();
});

function countingFetch(bodies: unknown[]) {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    const body = bodies[Math.min(calls.length - 1, bodies.length - 1)];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
}

describe('ApiKeyInjectionStore', () => {
  it('fetches on first subscriber and refreshes every 5 minutes while enabled', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = countingFetch([
      { enabled: true, authenticated: false, authorizationUrl: 'https://idp/authorize' },
      { enabled: true, authenticated: true, access_token: 'tok', authorizationUrl: 'https://idp/authorize' },
    ]);
    const store = new ApiKeyInjectionStore({ baseUrl: 'https://docs.example.com', fetch });
    const stop = store.subscribe(() => {});
    await flush();
    expect(calls).toEqual(['https://docs.example.com/api/auth/api-key-injection']);
    expect(store.getState().config?.authenticated).toBe(false);
    expect(API_KEY_INJECTION_REFRESH_MS).toBe(300_000);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(calls).toHaveLength(2);
    expect(store.getState().config).toMatchObject({ authenticated: true, access_token: 'tok' });
    await vi.advanceTimersByTimeAsync(300_000);
    await flush();
    expect(calls).toHaveLength(3);
    stop();
    await vi.advanceTimersByTimeAsync(900_000);
    expect(calls).toHaveLength(3);
  });

  it('does not refresh while disabled', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = countingFetch([{ enabled: false }]);
    const store = new ApiKeyInjectionStore({ fetch });
    store.subscribe(() => {});
    await flush();
    expect(store.getState().config?.enabled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(calls).toHaveLength(1);
  });

  it('records an error when the config cannot be loaded', async () => {
    const store = new ApiKeyInjectionStore({
      fetch: (async () => new Response('nope', { status: 500 })) as typeof fetch,
    });
    await store.refresh();
    expect(store.getState().status).toBe('error');
    expect(store.getState().error).toContain('500');
  });
});

describe('config and URLs', () => {
  it('parses the response defensively', () => {
    expect(parseApiKeyInjectionConfig(null)).toMatchObject({
      enabled: false,
      authenticated: false,
      returnToQueryParam: 'state',
    });
    expect(parseApiKeyInjectionConfig({ enabled: 'yes', authenticated: true })).toMatchObject({
      enabled: false,
      authenticated: false,
    });
    expect(
      parseApiKeyInjectionConfig({
        enabled: true,
        authenticated: true,
        access_token: 7,
        returnToQueryParam: 'return_to',
      }),
    ).toMatchObject({
      enabled: true,
      authenticated: true,
      access_token: undefined,
      returnToQueryParam: 'return_to',
    });
  });

  it('builds the login URL with the return parameter (default state) and the logout URL', () => {
    const config = parseApiKeyInjectionConfig({
      enabled: true,
      authorizationUrl: 'https://idp.example/authorize?client_id=c',
    });
    expect(loginUrl(config, '/docs/pets?explorer=getPet')).toBe(
      'https://idp.example/authorize?client_id=c&state=%2Fdocs%2Fpets%3Fexplorer%3DgetPet',
    );
    const relative = parseApiKeyInjectionConfig({
      enabled: true,
      authorizationUrl: '/api/auth/login',
      returnToQueryParam: 'r',
    });
    expect(loginUrl(relative, '/x')).toBe('/api/auth/login?r=%2Fx');
    expect(loginUrl(parseApiKeyInjectionConfig({ enabled: true }), '/x')).toBeUndefined();
    expect(logoutUrl('', '/docs?a=1')).toBe('/api/auth/logout?redirect=%2Fdocs%3Fa%3D1');
  });

  it('prefers error_description over error, and strips both from the URL', () => {
    expect(loginErrorFromSearch('?error=access_denied&error_description=The+user+said+no')).toBe(
      'The user said no',
    );
    expect(loginErrorFromSearch('?error=access_denied')).toBe('access_denied');
    expect(loginErrorFromSearch('?explorer=x')).toBeUndefined();
    expect(withoutLoginError('https://d.io/p?explorer=x&error=e&error_description=d')).toBe(
      'https://d.io/p?explorer=x',
    );
  });
});
