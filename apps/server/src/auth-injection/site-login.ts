/**
 * A docs site's own login (docs.yml `login`, SPEC §6–7) as site routes of the docs host, so each
 * published site answers under its base path with its own configuration:
 * - `GET {base}/api/auth/api-key-injection` → `{ enabled: false }` without `login`; else
 *   `{ enabled, authenticated, access_token?, authorizationUrl, returnToQueryParam }`, the token
 *   verified again on every call (an expired one logs the reader out);
 * - `GET {base}/api/auth/login?<return param>=<page>` gives this browser a nonce (cookie) and
 *   redirects to the site's authorization URL with `redirect_uri`, `nonce` and the return page;
 * - `GET {base}/api/auth/callback` receives the JWT (query, or fragment relayed by a tiny page),
 *   verifies it (`login-credential.ts`), keeps it in an HttpOnly cookie of this host and returns to
 *   the page, or passes `error` / `error_description` back to it;
 * - `GET {base}/api/auth/logout` clears it.
 * The session is the verified JWT itself, so every replica of a hosted server can read it.
 * Return pages are paths of this site only: anything else is refused, never followed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type DocsLoginConfig, hostedLoginSecretProblem } from '@sextant/definition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FetchImplementation } from 'jose';
import { refuseMalformedHost, type SiteRequestContext, type SiteRoute } from '../docs-host/index.js';
import { sendError } from '../error-replies/index.js';
import { readCookie } from '../request-cookie.js';
import { requestIsHttps } from '../trust-proxy/index.js';
import { KeySetCache, LoginCredentialError, verifyLoginCredential } from './login-credential.js';
import { AUTH_PATHS } from './options.js';
import { safeReturnPath, withParams } from './sessions.js';

/**
 * On a hosted server a site verifies logins with its own organization's secret only: a site that
 * names another's (stored before the registry refused it) could accept that organization's
 * readers' tokens. The registry refuses such a definition at publish; this holds for any stored.
 */
export async function refuseOtherOrgsSecret(
  login: DocsLoginConfig,
  context: Pick<SiteRequestContext, 'mode' | 'owner'>,
): Promise<void> {
  if (context.mode !== 'hosted' || login.hmacSecretEnv === undefined) return;
  const owner = await context.owner();
  const problem = owner
    ? hostedLoginSecretProblem(login.hmacSecretEnv, owner.orgId)
    : `hmacSecretEnv names ${login.hmacSecretEnv}, and this site has no organization to own it`;
  if (problem)
    throw new LoginCredentialError(
      'LoginSecretNotOwnedError',
      `The docs server refused this site's login setting: ${problem}. Ask the site's owner to fix docs.yml.`,
    );
}

/** Cookie holding the verified login JWT (HttpOnly, this host, the auth paths only). */
export const SITE_LOGIN_COOKIE = 'sextant_login';
/** Cookie holding the nonce of a login in progress. */
export const SITE_LOGIN_NONCE_COOKIE = 'sextant_login_nonce';
const LOGIN_PATH = '/api/auth/login';
const NONCE_TTL_SECONDS = 600;
const MAX_SESSION_SECONDS = 8 * 60 * 60;

/** Moves a credential returned in the fragment into the query, where the server can read it. */
const RELAY_SCRIPT =
  "var h=location.hash.slice(1);location.replace(location.pathname+'?'+(h?h+'&':'')+'relayed=1')";
const RELAY_CSP = `default-src 'none'; script-src 'sha256-${createHash('sha256').update(RELAY_SCRIPT).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

export interface SiteLoginOptions {
  /** Where HMAC secrets are read (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** How a site's `jwksUrl` is fetched (the server gives one behind the proxy's address guard). */
  fetchKeys?: FetchImplementation;
}

/** The site routes of the login; add each with `app.docsHost.addSiteRoute`. */
export function siteLoginRoutes(options: SiteLoginOptions = {}): SiteRoute[] {
  const keySets = new KeySetCache(options.fetchKeys);
  const verify = async (
    token: string,
    login: DocsLoginConfig,
    context: SiteRequestContext,
    nonce?: string,
  ) => {
    await refuseOtherOrgsSecret(login, context);
    return verifyLoginCredential(token, login, {
      nonce,
      keySets,
      ...(options.env ? { env: options.env } : {}),
    });
  };

  const config: SiteRoute['handler'] = async (request, reply, context) => {
    reply.header('cache-control', 'no-store');
    const login = context.site.definition.config.login;
    if (!login) return reply.send({ enabled: false });
    const token = readCookie(request.headers.cookie, SITE_LOGIN_COOKIE);
    let apiKey: string | undefined;
    if (token) {
      try {
        apiKey = (await verify(token, login, context)).apiKey;
      } catch (error) {
        request.log.info({ code: codeOf(error) }, 'docs login: stored token no longer valid');
        setCookies(reply, request, context, [[SITE_LOGIN_COOKIE, '', 0]]);
      }
    }
    return reply.send({
      enabled: true,
      authenticated: apiKey !== undefined,
      ...(apiKey !== undefined ? { access_token: apiKey } : {}),
      authorizationUrl: `${context.basePath}${LOGIN_PATH}`,
      returnToQueryParam: login.returnToQueryParam,
    });
  };

  const start: SiteRoute['handler'] = async (request, reply, context) => {
    reply.header('cache-control', 'no-store');
    const login = context.site.definition.config.login;
    if (!login) return refuseNoLogin(reply);
    if (!context.origin) return refuseMalformedHost(reply);
    const requested = queryOf(request).get(login.returnToQueryParam);
    const returnTo = requested === null ? home(context) : returnPathOnSite(requested, context.basePath);
    if (returnTo === undefined)
      return sendError(
        reply,
        400,
        'LoginReturnAddressError',
        `Login refused: the return address ${JSON.stringify(String(requested).slice(0, 200))} is not a page of this docs site.`,
      );
    const nonce = randomBytes(18).toString('base64url');
    const target = new URL(login.authorizationUrl);
    target.searchParams.set('redirect_uri', `${context.origin}${context.basePath}${AUTH_PATHS.callback}`);
    target.searchParams.set('nonce', nonce);
    target.searchParams.set(login.returnToQueryParam, returnTo);
    setCookies(reply, request, context, [[SITE_LOGIN_NONCE_COOKIE, nonce, NONCE_TTL_SECONDS]]);
    return reply.redirect(target.toString());
  };

  const callback: SiteRoute['handler'] = async (request, reply, context) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const login = context.site.definition.config.login;
    if (!login) return refuseNoLogin(reply);
    const query = queryOf(request);
    const requested = query.get(login.returnToQueryParam);
    const returnTo = requested === null ? home(context) : returnPathOnSite(requested, context.basePath);
    const back = (error: string, description: string) => {
      setCookies(reply, request, context, [[SITE_LOGIN_NONCE_COOKIE, '', 0]]);
      return reply.redirect(withParams(returnTo ?? home(context), { error, error_description: description }));
    };
    if (returnTo === undefined)
      return back(
        'invalid_return_url',
        'The login came back with a return address that is not a page of this docs site, so it was refused. Log in again from the API explorer.',
      );
    const error = query.get('error');
    if (error) return back(error, query.get('error_description') || `The login failed: ${error}.`);
    const credential = query.get(login.credentialParam);
    if (credential === null) {
      if (query.has('relayed'))
        return back(
          'invalid_request',
          `The login came back without a credential (no ${login.credentialParam} parameter).`,
        );
      return reply
        .header('content-security-policy', RELAY_CSP)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head><body><p>Signing in…</p><noscript>Signing in needs JavaScript.</noscript><script>${RELAY_SCRIPT}</script></body></html>`,
        );
    }
    const nonce = readCookie(request.headers.cookie, SITE_LOGIN_NONCE_COOKIE);
    if (!nonce)
      return back(
        'login_failed',
        'This login was not started from this browser, or took longer than 10 minutes: log in again from the API explorer.',
      );
    try {
      const verified = await verify(credential, login, context, nonce);
      const now = Math.floor(Date.now() / 1000);
      const lifetime = Math.min(MAX_SESSION_SECONDS, (verified.expiresAt ?? now + MAX_SESSION_SECONDS) - now);
      setCookies(reply, request, context, [
        [SITE_LOGIN_NONCE_COOKIE, '', 0],
        [SITE_LOGIN_COOKIE, credential, Math.max(lifetime, 1)],
      ]);
      return reply.redirect(returnTo);
    } catch (failure) {
      request.log.warn({ code: codeOf(failure) }, 'docs login: credential refused');
      return back(
        'login_failed',
        failure instanceof LoginCredentialError ? failure.message : 'The login could not be checked.',
      );
    }
  };

  const logout: SiteRoute['handler'] = async (request, reply, context) => {
    reply.header('cache-control', 'no-store');
    setCookies(reply, request, context, [[SITE_LOGIN_COOKIE, '', 0]]);
    const requested = queryOf(request).get('redirect');
    return reply.redirect(
      (requested !== null && returnPathOnSite(requested, context.basePath)) || home(context),
    );
  };

  return [
    { method: 'GET', path: AUTH_PATHS.config, handler: config },
    { method: 'GET', path: LOGIN_PATH, handler: start },
    { method: 'GET', path: AUTH_PATHS.callback, handler: callback },
    { method: 'GET', path: AUTH_PATHS.logout, handler: logout },
  ];
}

/**
 * A return address on this site: a path (see `safeReturnPath`) under the site's base path;
 * undefined for anything else (another host, a scheme, `//host`, another site's path).
 */
export function returnPathOnSite(value: string, basePath: string): string | undefined {
  if (value.length > 2000 || safeReturnPath(value) !== value) return undefined;
  if (basePath === '') return value;
  const rest = value.slice(basePath.length);
  return value.startsWith(basePath) && (rest === '' || /^[/?#]/.test(rest)) ? value : undefined;
}

function home(context: SiteRequestContext): string {
  return `${context.basePath}/`;
}

function queryOf(request: FastifyRequest): URLSearchParams {
  const search = request.url.indexOf('?');
  return new URLSearchParams(search === -1 ? '' : request.url.slice(search + 1));
}

/** Host-only cookies (no Domain) on the site's auth paths; Secure when the reader came over https. */
function setCookies(
  reply: FastifyReply,
  request: FastifyRequest,
  context: SiteRequestContext,
  cookies: [name: string, value: string, maxAgeSeconds: number][],
): void {
  const secure = requestIsHttps(request) ? '; Secure' : '';
  const path = `${context.basePath}/api/auth`;
  reply.header(
    'set-cookie',
    cookies.map(
      ([name, value, maxAge]) =>
        `${name}=${encodeURIComponent(value)}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`,
    ),
  );
}

function refuseNoLogin(reply: FastifyReply) {
  return sendError(reply, 404, 'LoginNotConfiguredError', 'This docs site has no login.');
}

function codeOf(error: unknown): string {
  return error instanceof LoginCredentialError ? error.code : 'UNKNOWN';
}
