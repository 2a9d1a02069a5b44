/**
 * Dashboard sessions: the one rule for a browser signed in with an org token. The session id is
 * random, lives only in an httpOnly SameSite=Strict cookie and is stored as its SHA-256; the CSRF
 * token is an HMAC of the session id (so it is bound to the session and never stored), sent back
 * by the dashboard in a header on every call. A call on a session must also come from the
 * server's own origin (`Origin` / `Sec-Fetch-Site`). A session acts as the token it was opened
 * with: when that token is revoked the session ends.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely } from 'kysely';
import { CALLER_COLUMNS, type Caller, callerOfTokenRow } from '../registry/index.js';
import { readCookie } from '../request-cookie.js';
import type { Database } from '../storage/index.js';

/** Cookie names: `__Host-` (Secure, Path=/, no Domain) over https; plain over http (local use). */
export const SESSION_COOKIE_SECURE = '__Host-sx_dashboard';
export const SESSION_COOKIE = 'sx_dashboard';
/** Header carrying the session's CSRF token. */
export const CSRF_HEADER = 'x-sextant-csrf';
/** How long a session lasts from sign-in. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

type SessionTable = {
  dashboard_sessions: { id_hash: string; token_id: string; created_at: Date; expires_at: Date };
};
type SessionDb = Kysely<Database & SessionTable>;
const withSessions = (db: Kysely<Database>): SessionDb => db.withTables<SessionTable>();

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The CSRF token of a session: HMAC-SHA256 of a fixed label keyed by the session id. */
export function csrfTokenOf(sessionId: string): string {
  return createHmac('sha256', sessionId).update('sextant-dashboard-csrf').digest('base64url');
}

/** The session cookie's name: `__Host-` over https (a browser keeps it only Secure, Path=/, host-only), plain over http. */
export function sessionCookieName(https: boolean): string {
  return https ? SESSION_COOKIE_SECURE : SESSION_COOKIE;
}

/**
 * The Set-Cookie value of a session (an empty value with max-age 0 ends it): httpOnly,
 * SameSite=Strict, Path=/, no Domain, and over https `__Host-` and Secure.
 * @example sessionCookie(id, 43200, true) // '__Host-sx_dashboard=…; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure'
 */
export function sessionCookie(value: string, maxAgeSeconds: number, https: boolean): string {
  return `${sessionCookieName(https)}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${https ? '; Secure' : ''}`;
}

/**
 * Reads the session cookie of the request's scheme from a Cookie header; undefined when absent.
 * Over https only the `__Host-` cookie counts: a plain-named one could have been set by a
 * sibling host for the whole domain (a planted session), which `__Host-` rules out.
 */
export function sessionIdOf(headers: IncomingHttpHeaders, https: boolean): string | undefined {
  const value = readCookie(headers.cookie, sessionCookieName(https));
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

/**
 * Why a request may not act on a session, or undefined when it may: it must come from this
 * server's origin (`Sec-Fetch-Site: same-origin` when sent; `Origin`'s host equal to `Host` when
 * sent; a state-changing call must send one of them) and, unless `csrf` is false (sign-in, which
 * has no session yet), carry the session's CSRF token.
 */
export function sessionRequestProblem(
  headers: IncomingHttpHeaders,
  method: string,
  sessionId: string | undefined,
  csrf = true,
): string | undefined {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin')
    return `Dashboard calls must come from the dashboard's own origin (Sec-Fetch-Site is "${site}")`;
  const origin = headers.origin;
  if (origin !== undefined) {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host === undefined || host !== headers.host)
      return `Dashboard calls must come from the dashboard's own origin (Origin is "${origin}")`;
  }
  const safe = method === 'GET' || method === 'HEAD';
  if (!safe && origin === undefined && site === undefined)
    return 'A dashboard call that changes state must send Origin or Sec-Fetch-Site';
  if (!csrf) return undefined;
  const sent = headers[CSRF_HEADER];
  if (typeof sent !== 'string' || sent === '' || sessionId === undefined)
    return `This call uses the dashboard session but has no ${CSRF_HEADER} header: reload the dashboard`;
  const expected = Buffer.from(csrfTokenOf(sessionId));
  const given = Buffer.from(sent);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return `The ${CSRF_HEADER} header does not match this session: reload the dashboard`;
  return undefined;
}

/** Opens a session for a token; returns the new session id (the cookie value). */
export async function openSession(db: Kysely<Database>, tokenId: string, now = Date.now()): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  const sessions = withSessions(db);
  // Expired sessions are swept on each sign-in: the table stays small without a timer.
  await sessions.deleteFrom('dashboard_sessions').where('expires_at', '<', new Date(now)).execute();
  await sessions
    .insertInto('dashboard_sessions')
    .values({
      id_hash: sha256(sessionId),
      token_id: tokenId,
      created_at: new Date(now),
      expires_at: new Date(now + SESSION_TTL_MS),
    })
    .execute();
  return sessionId;
}

/** The token behind a live session (not expired, token not revoked); undefined otherwise. */
export async function sessionToken(db: Kysely<Database>, sessionId: string): Promise<Caller | undefined> {
  const row = await withSessions(db)
    .selectFrom('dashboard_sessions')
    .innerJoin('tokens', 'tokens.id', 'dashboard_sessions.token_id')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(CALLER_COLUMNS)
    .where('dashboard_sessions.id_hash', '=', sha256(sessionId))
    .where('dashboard_sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row || row.revoked_at) return undefined;
  return callerOfTokenRow(row);
}

/** Ends a session (sign-out). */
export async function closeSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await withSessions(db).deleteFrom('dashboard_sessions').where('id_hash', '=', sha256(sessionId)).execute();
}
