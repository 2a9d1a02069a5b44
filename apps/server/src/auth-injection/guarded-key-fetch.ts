/**
 * The fetch a site's `jwksUrl` is read with. A hosted site names that URL, so its connections
 * go through the proxy's address guard (`guardedLookup`: private, loopback and link-local
 * addresses refused in hosted mode unless `--trusted-private-target` names them, checked at
 * connect time against DNS rebinding); the server cannot be made to read its own network.
 */
import type { FetchImplementation } from 'jose';
import { Agent, fetch as undiciFetch } from 'undici';
import { checkTarget, guardedLookup, type ResolvedProxyOptions } from '../proxy/index.js';

const KEY_FETCH_TIMEOUT_MS = 5000;
/** Statuses a Response cannot be constructed with a body for. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

export interface GuardedKeyFetch {
  fetchKeys: FetchImplementation;
  close(): Promise<void>;
}

/** `proxy`: the server's proxy options; their allowlist (API hosts) does not apply to key sets. */
export function guardedKeyFetch(proxy: ResolvedProxyOptions): GuardedKeyFetch {
  const guard: ResolvedProxyOptions = { ...proxy, allowlist: undefined };
  const agent = new Agent({
    connections: 16,
    connect: { lookup: guardedLookup(guard), rejectUnauthorized: true, timeout: KEY_FETCH_TIMEOUT_MS },
  });
  const fetchKeys: FetchImplementation = async (url, init) => {
    // An address literal never reaches the lookup, so the URL is checked first as well.
    await checkTarget(new URL(url), guard);
    const response = await undiciFetch(url, {
      method: init.method,
      headers: Object.fromEntries(init.headers.entries()),
      signal: init.signal,
      redirect: 'manual',
      dispatcher: agent,
    });
    // undici's Response is not the global one's type: the key set is handed on in a global Response.
    const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers),
    });
  };
  return { fetchKeys, close: () => agent.close() };
}
