/**
 * Reader sessions of the docs site's login: an opaque id in an HttpOnly cookie maps to the
 * access token in server memory, so the token reaches the page only through the
 * api-key-injection response. Bounded in size and time.
 */
import { randomBytes } from 'node:crypto';

const MAX_SESSIONS = 10_000;

export class SessionStore {
  readonly #sessions = new Map<string, { token: string; expires: number }>();
  constructor(readonly ttlMs: number) {}

  create(token: string, now = Date.now()): string {
    if (this.#sessions.size >= MAX_SESSIONS) {
      const oldest = this.#sessions.keys().next().value;
      if (oldest !== undefined) this.#sessions.delete(oldest);
    }
    const id = randomBytes(24).toString('base64url');
    this.#sessions.set(id, { token, expires: now + this.ttlMs });
    return id;
  }

  /** The token of a live session, or undefined. */
  token(id: string | undefined, now = Date.now()): string | undefined {
    if (!id) return undefined;
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    if (session.expires < now) {
      this.#sessions.delete(id);
      return undefined;
    }
    return session.token;
  }

  delete(id: string | undefined): void {
    if (id) this.#sessions.delete(id);
  }
}

/**
 * Keeps a return address on this site: a path starting with one `/` (no scheme, no `//host`,
 * no backslash tricks); anything else becomes `/`.
 *
 * @example
 * safeReturnPath('https://evil.example/') // '/'
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never belong in a redirect
  if (/[\u0000-\u001f]/.test(value)) return '/';
  return value;
}

/** A site path with `params` added to its query (undefined values left out). */
export function withParams(path: string, params: Record<string, string | undefined>): string {
  const url = new URL(path, 'http://placeholder.invalid');
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
