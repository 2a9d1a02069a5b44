/**
 * API-key injection (SPEC §6–7): the docs site tells the playground whether the reader is
 * logged in through the site's identity provider and, if so, hands over an access token. The
 * store GETs the config when the first listener subscribes and every 5 minutes while the config
 * says enabled; it builds the login and logout addresses, and reads login errors from the
 * `error` / `error_description` URL parameters (description preferred).
 */
import { UnexpectedStatusError } from '@sextant/definition/errors';
import { Store } from '../shared/store.js';

/** The api-key-injection response (SPEC §7). */
export interface ApiKeyInjectionConfig {
  enabled: boolean;
  authenticated: boolean;
  access_token: string | undefined;
  authorizationUrl: string | undefined;
  returnToQueryParam: string;
}

export interface ApiKeyInjectionState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  config: ApiKeyInjectionConfig | undefined;
  /** Why the config could not be loaded. */
  error: string | undefined;
}

/** Refresh interval while enabled (SPEC §9). */
export const API_KEY_INJECTION_REFRESH_MS = 300_000;

/** Path of the config on the docs site's API. */
export const API_KEY_INJECTION_PATH = '/api/auth/api-key-injection';

/** Path the logout redirects to. */
export const API_KEY_INJECTION_LOGOUT_PATH = '/api/auth/logout';

export interface ApiKeyInjectionOptions {
  /** Origin (and base path) of the docs site's API, e.g. `https://docs.example.com`; '' means same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  refreshMs?: number;
}

/**
 * Validates the untrusted config response; a disabled config when the shape is wrong.
 *
 * @example
 * parseApiKeyInjectionConfig({ enabled: true, authenticated: false, authorizationUrl: 'https://idp/authorize' }).returnToQueryParam // 'state'
 */
export function parseApiKeyInjectionConfig(value: unknown): ApiKeyInjectionConfig {
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
  const enabled = record.enabled === true;
  return {
    enabled,
    authenticated: enabled && record.authenticated === true,
    access_token: enabled ? text(record.access_token) : undefined,
    authorizationUrl: enabled ? text(record.authorizationUrl) : undefined,
    returnToQueryParam: text(record.returnToQueryParam) ?? 'state',
  };
}

/**
 * The address the Login button goes to: the authorization URL with the return parameter set to
 * where the reader should come back.
 */
export function loginUrl(config: ApiKeyInjectionConfig, returnTo: string): string | undefined {
  if (!config.authorizationUrl) return undefined;
  const url = new URL(config.authorizationUrl, 'http://placeholder.invalid');
  url.searchParams.set(config.returnToQueryParam, returnTo);
  return config.authorizationUrl.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
}

/** The address the Logout button goes to; the server clears the token and comes back to `returnTo`. */
export function logoutUrl(baseUrl: string, returnTo: string): string {
  return `${baseUrl}${API_KEY_INJECTION_LOGOUT_PATH}?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * The login error carried back in the URL, description preferred; undefined when there is none.
 *
 * @example
 * loginErrorFromSearch('?error=access_denied&error_description=The+user+said+no') // 'The user said no'
 */
export function loginErrorFromSearch(search: string): string | undefined {
  const params = new URLSearchParams(search);
  return params.get('error_description') || params.get('error') || undefined;
}

/** Removes `error` and `error_description` from a URL after their alert was shown. */
export function withoutLoginError(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('error');
  url.searchParams.delete('error_description');
  return url.toString();
}

/**
 * Headless store of the API-key injection config. Starts fetching on the first subscriber and
 * stops its timer on the last.
 */
export class ApiKeyInjectionStore extends Store<ApiKeyInjectionState> {
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;
  readonly #refreshMs: number;
  #timer: ReturnType<typeof setInterval> | undefined;
  #stopped = false;

  constructor(options: ApiKeyInjectionOptions = {}) {
    super({ status: 'idle', config: undefined, error: undefined });
    this.#baseUrl = options.baseUrl ?? '';
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#refreshMs = options.refreshMs ?? API_KEY_INJECTION_REFRESH_MS;
  }

  get baseUrl(): string {
    return this.#baseUrl;
  }

  /** Fetches the config now. */
  async refresh(): Promise<void> {
    if (this.getState().status === 'idle') this.setState((s) => ({ ...s, status: 'loading' }));
    try {
      const response = await this.#fetch(`${this.#baseUrl}${API_KEY_INJECTION_PATH}`, {
        credentials: 'include',
        headers: { accept: 'application/json' },
      });
      if (!response.ok)
        throw new UnexpectedStatusError(
          'the API key settings',
          response.status,
          `The docs site answered ${response.status}`,
        );
      const config = parseApiKeyInjectionConfig(await response.json());
      if (this.#stopped) return;
      this.setState({ status: 'ready', config, error: undefined });
      this.#schedule(config.enabled);
    } catch (error) {
      if (this.#stopped) return;
      this.setState((s) => ({
        ...s,
        status: 'error',
        error: error instanceof Error ? error.message : String(error),
      }));
    }
  }

  protected override onFirstSubscriber(): void {
    this.#stopped = false;
    void this.refresh();
  }

  protected override onLastUnsubscribe(): void {
    this.#stopped = true;
    this.#schedule(false);
  }

  #schedule(enabled: boolean): void {
    if (enabled && this.#timer === undefined) {
      this.#timer = setInterval(() => void this.refresh(), this.#refreshMs);
    } else if (!enabled && this.#timer !== undefined) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }
}
