/**
 * The docs site's API-key injection (SPEC §6–7) as a Fastify plugin:
 * - `GET /api/auth/api-key-injection` → `{ enabled, authenticated, access_token?, authorizationUrl, returnToQueryParam }`
 *   (`{ enabled: false }` when no identity provider is configured, so the playground hides Login);
 * - `GET /api/auth/callback` exchanges the provider's code for a token, keeps it in a server-side
 *   session (HttpOnly cookie) and returns the reader to the page named by the return parameter, or
 *   passes `error` / `error_description` back to that page;
 * - `GET /api/auth/logout` ends the session and returns to `redirect`;
 * - with the demo provider, `/demo-idp/authorize` is a consent page that signs the reader in or
 *   denies access.
 * Return addresses are same-site paths only (no open redirect).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../error-replies/index.js';
import { type ProxyOptions, resolveProxyOptions } from '../proxy/index.js';
import { readCookie } from '../request-cookie.js';
import { guardedKeyFetch } from './guarded-key-fetch.js';
import {
  CodeExchangeError,
  DemoIdentityProvider,
  type IdentityProvider,
  OAuthIdentityProvider,
} from './identity-provider.js';
import { AUTH_PATHS, type AuthInjectionOptions, SESSION_COOKIE } from './options.js';
import { SessionStore, safeReturnPath, withParams } from './sessions.js';
import { siteLoginRoutes } from './site-login.js';

const DEFAULT_TTL_SECONDS = 8 * 60 * 60;

export interface AuthInjectionPluginOptions {
  /** Undefined: injection disabled (the config route answers `{ enabled: false }`). */
  authInjection?: AuthInjectionOptions | undefined;
  /** For tests: the network used to reach a real provider's token endpoint. */
  fetch?: typeof fetch;
}

/** The plugin. Register with `app.register(authInjectionPlugin, { authInjection })`. */
export async function authInjectionPlugin(
  app: FastifyInstance,
  options: AuthInjectionPluginOptions,
): Promise<void> {
  const config = options.authInjection;
  if (!config) {
    app.get(AUTH_PATHS.config, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { enabled: false };
    });
    return;
  }
  const demo = config.provider.type === 'demo' ? new DemoIdentityProvider() : undefined;
  const provider: IdentityProvider =
    demo ??
    new OAuthIdentityProvider(
      config.provider as Extract<AuthInjectionOptions['provider'], { type: 'oauth' }>,
      options.fetch,
    );
  const ttlSeconds = config.sessionTtlSeconds ?? DEFAULT_TTL_SECONDS;
  const sessions = new SessionStore(ttlSeconds * 1000);
  const returnParam = config.returnToQueryParam ?? 'state';

  app.get(AUTH_PATHS.config, async (request, reply) => {
    const token = sessions.token(readCookie(request.headers.cookie, SESSION_COOKIE));
    reply.header('cache-control', 'no-store');
    return {
      enabled: true,
      authenticated: token !== undefined,
      ...(token !== undefined ? { access_token: token } : {}),
      authorizationUrl: provider.authorizationUrl(callbackUrl(request)),
      returnToQueryParam: returnParam,
    };
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(
    AUTH_PATHS.callback,
    { schema: { querystring: stringQuery(['code', 'error', 'error_description', returnParam]) } },
    async (request, reply) => {
      const query = request.query;
      const returnTo = safeReturnPath(query[returnParam]);
      if (query.error || !query.code) {
        return reply.redirect(
          withParams(returnTo, {
            error: query.error ?? 'invalid_request',
            error_description: query.error
              ? query.error_description
              : 'The identity provider returned no authorization code.',
          }),
        );
      }
      try {
        const token = await provider.exchange(query.code, callbackUrl(request));
        const id = sessions.create(token);
        setSessionCookie(reply, request, id, ttlSeconds);
        return reply.redirect(returnTo);
      } catch (error) {
        request.log.warn({ err: error }, 'api-key injection: code exchange failed');
        const description =
          error instanceof CodeExchangeError
            ? error.description
            : 'The identity provider could not be reached.';
        return reply.redirect(
          withParams(returnTo, { error: 'login_failed', error_description: description }),
        );
      }
    },
  );

  app.get<{ Querystring: { redirect?: string } }>(
    AUTH_PATHS.logout,
    { schema: { querystring: stringQuery(['redirect']) } },
    async (request, reply) => {
      sessions.delete(readCookie(request.headers.cookie, SESSION_COOKIE));
      setSessionCookie(reply, request, '', 0);
      return reply.redirect(safeReturnPath(request.query.redirect));
    },
  );

  if (demo) mountDemoProvider(app, demo);
}

function mountDemoProvider(app: FastifyInstance, demo: DemoIdentityProvider): void {
  const query = stringQuery(['client_id', 'redirect_uri', 'response_type', 'state', 'decision']);
  app.get<{ Querystring: Record<string, string | undefined> }>(
    AUTH_PATHS.demoAuthorize,
    { schema: { querystring: query } },
    async (request, reply) => {
      const { redirect_uri: redirectUri, state } = request.query;
      if (!redirectUri || !isOwnCallback(redirectUri, request))
        return sendError(
          reply,
          400,
          'InvalidRedirectUriError',
          "Invalid redirect_uri: the demo identity provider only returns to this server's /api/auth/callback.",
        );
      const decision = request.query.decision;
      if (decision === 'allow' || decision === 'deny') {
        const target = new URL(redirectUri);
        if (state !== undefined) target.searchParams.set('state', state);
        if (decision === 'allow') target.searchParams.set('code', demo.issueCode(redirectUri));
        else {
          target.searchParams.set('error', 'access_denied');
          target.searchParams.set(
            'error_description',
            'You declined to sign in to the demo identity provider.',
          );
        }
        return reply.redirect(target.toString());
      }
      const params = (value: string) => {
        const p = new URLSearchParams({ redirect_uri: redirectUri, decision: value });
        if (state !== undefined) p.set('state', state);
        return `${AUTH_PATHS.demoAuthorize}?${p}`;
      };
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return consentPage(params('allow'), params('deny'));
    },
  );
}

function consentPage(allowHref: string, denyHref: string): string {
  const escapeHtml = (s: string) =>
    s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Demo identity provider</title><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:15vh auto;padding:0 16px;color:#16181d}a{display:inline-block;margin:8px 8px 0 0;padding:8px 14px;border-radius:6px;border:1px solid #2952cc;text-decoration:none}.allow{background:#2952cc;color:#fff}.deny{color:#2952cc}</style></head>
<body><main><h1>Demo identity provider</h1><p>The docs site asks to sign you in so the API explorer can send requests with your API key.</p>
<a class="allow" href="${escapeHtml(allowHref)}">Sign in as Demo Reader</a><a class="deny" href="${escapeHtml(denyHref)}">Deny</a></main></body></html>`;
}

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? request.hostname}`;
}

function callbackUrl(request: FastifyRequest): string {
  return `${origin(request)}${AUTH_PATHS.callback}`;
}

function isOwnCallback(redirectUri: string, request: FastifyRequest): boolean {
  try {
    const url = new URL(redirectUri);
    return url.origin === origin(request) && url.pathname === AUTH_PATHS.callback;
  } catch {
    return false;
  }
}

function setSessionCookie(reply: FastifyReply, request: FastifyRequest, value: string, maxAge: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`,
  );
}

function stringQuery(keys: string[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(keys.map((key) => [key, { type: 'string', maxLength: 4096 }])),
  } as const;
}

/** The environment variable that turns on the built-in demo identity provider (`npm start` sets it). */
export const DEMO_LOGIN_ENV = 'SEXTANT_DEMO_LOGIN';

/**
 * The provider a server part uses: the configured one; `false` for none; else the demo provider
 * only in local mode with `SEXTANT_DEMO_LOGIN=1` (the demo site). With no identity provider the
 * config route answers `{ enabled: false }` and the playground offers no login: a demo login
 * would hand out a token the reader's own API never accepts.
 */
export function configuredAuthInjection(
  options: { mode: 'local' | 'hosted'; authInjection?: AuthInjectionOptions | false },
  env: Record<string, string | undefined> = process.env,
): AuthInjectionOptions | undefined {
  if (options.authInjection === false) return undefined;
  if (options.authInjection) return options.authInjection;
  const demo = env[DEMO_LOGIN_ENV] === '1' || env[DEMO_LOGIN_ENV] === 'true';
  return options.mode === 'local' && demo ? { provider: { type: 'demo' } } : undefined;
}

/**
 * The plugin as a server part: a provider of the server (`ServerOptions.authInjection`, or the
 * demo; see {@link configuredAuthInjection}) serves every site; else, with the docs host, each
 * site's own docs.yml `login` (`site-login.ts`); else the config answers `{ enabled: false }`.
 */
export async function authInjectionPart(
  app: FastifyInstance,
  options: { mode: 'local' | 'hosted'; authInjection?: AuthInjectionOptions | false; proxy?: ProxyOptions },
): Promise<void> {
  const configured = configuredAuthInjection(options);
  if (configured === undefined && options.authInjection !== false && app.hasDecorator('docsHost')) {
    const keyFetch = guardedKeyFetch(resolveProxyOptions(options.mode, options.proxy));
    app.addHook('onClose', () => keyFetch.close());
    for (const route of siteLoginRoutes({ fetchKeys: keyFetch.fetchKeys })) app.docsHost.addSiteRoute(route);
    return;
  }
  await authInjectionPlugin(app, { authInjection: configured });
}
