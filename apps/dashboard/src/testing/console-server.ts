/**
 * The dashboard's tests run the page in happy-dom against a real registry server in a process of
 * its own, reached over HTTP only, as the built dashboard reaches it (an app does not import
 * another app; and this file's globals are happy-dom's, whose URL class the server's file paths
 * cannot use). The page's fetch behaves as Chromium's does for the console.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import {
  createRegistryClient,
  type RegistryClient,
  type Session,
  sessionSchema,
} from '@sextant/registry-client';
import { fetch as nodeFetch } from 'undici';
import { z } from 'zod';
import { dashboardCall } from '../api.js';

export interface ConsoleServer {
  origin: string;
  adminToken: string;
  orgId: string;
  /** A registry client holding the admin token, as the CLI would (seeds what the pages show). */
  admin: RegistryClient;
  /** Requests the page made, by path (`/dashboard/get-docs-sites-for-org`: 2). */
  requests: Map<string, number>;
  /** Opens a dashboard session with `token` (the sign-in form's call). */
  signIn(token: string): Promise<Session>;
  /**
   * The error a call answers on the wire, read as the one error shape `{ error, content: { message } }`
   * (fails when the call succeeds or answers another shape). Sent as the page sends it (cookie, Origin).
   */
  wireError(path: string, init?: { method?: 'GET' | 'POST'; body?: unknown }): Promise<WireError>;
  /** Ends `session` on the server (the sign-out button's call). */
  endSession(session: Session): Promise<void>;
  close(): Promise<void>;
}

export interface WireError {
  error: string;
  message: string;
}

const wireErrorSchema = z.strictObject({
  error: z.string(),
  content: z.looseObject({ message: z.string() }),
});

/**
 * What the page's fetch does in Chromium, on Node's fetch: relative URLs against the page, the
 * Origin header on every request (the console refuses a state change without it; happy-dom's
 * fetch cannot send it, a forbidden header there) and the session cookie kept and sent back.
 */
function browserLikeFetch(pageOrigin: string, requests: Map<string, number>): typeof fetch {
  const jar = new Map<string, string>();
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      String(input instanceof Request ? input.url : input),
      `${pageOrigin}/_sextant/dashboard/`,
    );
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    const headers = new Headers(init.headers);
    headers.set('origin', pageOrigin);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await nodeFetch(url, {
      method: init.method ?? 'GET',
      headers: Object.fromEntries(headers),
      ...(typeof init.body === 'string' ? { body: init.body } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response as unknown as Response;
  }) as typeof fetch;
}

/** The server's test entry: a local-mode registry that prints `{ baseUrl, token, orgId }` once ready. */
const SERVER_SCRIPT = resolve(import.meta.dirname, '../../../server/src/registry/testing/serve-child.ts');

/** Starts the registry server process; resolves with what it printed once listening. */
async function startServerProcess(insights: object | undefined) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_SCRIPT], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(insights ? { SEXTANT_TEST_INSIGHTS: JSON.stringify(insights) } : {}) },
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const ready = new Promise<{ baseUrl: string; token: string; orgId: string }>((done, fail) => {
    lines.on('line', (line) => {
      if (line.startsWith('{')) done(JSON.parse(line) as { baseUrl: string; token: string; orgId: string });
    });
    void exited.then(([code]) => fail(new Error(`the registry server exited with ${String(code)}`)));
  });
  return { child, exited, ...(await ready) };
}

export interface ConsoleServerOptions {
  /**
   * Ask AI questions, Try-it requests and page feedback the server seeds into its organization
   * before it answers: an `InsightsSeed` (apps/server/src/registry/testing/insights-seed.ts).
   */
  insights?: object;
}

/** Starts a local-mode registry server and points the page's fetch at it. */
export async function startConsoleServer(options: ConsoleServerOptions = {}): Promise<ConsoleServer> {
  const server = await startServerProcess(options.insights);
  const requests = new Map<string, number>();
  // The page runs on the console's origin: the registry client's calls go there.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.baseUrl}/_sextant/dashboard/`,
  );
  globalThis.fetch = browserLikeFetch(server.baseUrl, requests);
  return {
    origin: server.baseUrl,
    adminToken: server.token,
    orgId: server.orgId,
    admin: createRegistryClient({ baseUrl: server.baseUrl, token: server.token, maxRetries: 0 }),
    requests,
    wireError: async (path, init = {}) => {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      if (response.ok) throw new Error(`${path} answered ${response.status}, not an error`);
      const { error, content } = wireErrorSchema.parse(await response.json());
      return { error, message: content.message };
    },
    signIn: (token) => dashboardCall(sessionSchema, '/session', { method: 'POST', body: { token } }),
    endSession: async (session) => {
      await dashboardCall(z.object({}), '/session', { method: 'DELETE', csrf: session.csrfToken });
    },
    close: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}
