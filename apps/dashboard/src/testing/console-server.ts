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
import { type Session, sessionSchema } from '@sextant/registry-client';
import { fetch as nodeFetch } from 'undici';
import { z } from 'zod';
import { dashboardCall } from '../api.js';

export interface ConsoleServer {
  origin: string;
  adminToken: string;
  orgId: string;
  /** Requests the page made, by path (`/dashboard/get-docs-sites-for-org`: 2). */
  requests: Map<string, number>;
  /** Opens a dashboard session with `token` (the sign-in form's call). */
  signIn(token: string): Promise<Session>;
  /** Ends `session` on the server (the sign-out button's call). */
  endSession(session: Session): Promise<void>;
  close(): Promise<void>;
}

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
async function startServerProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_SCRIPT], {
    stdio: ['ignore', 'pipe', 'inherit'],
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

/** Starts a local-mode registry server and points the page's fetch at it. */
export async function startConsoleServer(): Promise<ConsoleServer> {
  const server = await startServerProcess();
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
    requests,
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
