/**
 * The dashboard as a Fastify plugin at `/_sextant/dashboard`: the built SPA (strict CSP, no
 * inline script, nosniff, no framing) and its small API: sign-in with an org token (opens a
 * cookie session), the session (with its CSRF token), sign-out, and the reads the registry has
 * no call for (`reads.ts`). Everything else the SPA calls is the registry's own routes, which
 * accept the session cookie plus the CSRF header in place of a bearer token (`authenticateRequest`).
 * In hosted mode every route of it exists on the console host only (`app.consoleHost`): on a
 * docs host the request falls through to the docs host, which answers 404.
 */
import {
  DASHBOARD_API,
  DASHBOARD_PATH,
  orgPageQuerySchema,
  type Session,
  signInBodySchema,
  versionsQuerySchema,
} from '@sextant/registry-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { ZodError, type z } from 'zod';
import { type ReplyError, replyErrorOf, sendError, sendErrorReply } from '../error-replies/index.js';
import { needs } from '../lifecycle/index.js';
import type { ServerOptions } from '../options.js';
import {
  authenticate,
  authenticateRequest,
  type Caller,
  fail,
  RegistryError,
  requireCaller,
} from '../registry/index.js';
import type { Database } from '../storage/index.js';
import { requestIsHttps } from '../trust-proxy/index.js';
import { type DashboardBuild, loadDashboardBuild } from './assets.js';
import { listApis, listTemplates, listTokens, listVersions } from './reads.js';
import {
  closeSession,
  csrfTokenOf,
  openSession,
  SESSION_TTL_MS,
  sessionCookie,
  sessionRequestProblem,
  sessionToken,
} from './session.js';

/** The dashboard page's Content-Security-Policy: its own scripts and styles only, never framed. */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  return schema.parse(value ?? {});
}

async function sessionOf(
  db: Kysely<Database>,
  caller: Caller,
  sessionId: string,
  mode: Session['mode'],
): Promise<Session> {
  // A session acts as its token: in the token's one organization (none for an operator token).
  const orgs =
    caller.orgId === null
      ? []
      : await db
          .selectFrom('memberships')
          .select(['org_id', 'role'])
          .where('user_id', '=', caller.userId)
          .where('org_id', '=', caller.orgId)
          .execute();
  return {
    userId: caller.userId,
    tokenId: caller.tokenId,
    isOperator: caller.isOperator,
    csrfToken: csrfTokenOf(sessionId),
    orgs: orgs.map((row) => ({ orgId: row.org_id, role: row.role })),
    mode,
  };
}

function errorReply(error: unknown, request: FastifyRequest): ReplyError {
  if (error instanceof ZodError) {
    const first = error.issues[0];
    return new RegistryError('BadRequestError', {
      message: first ? `${first.path.join('.') || 'request'}: ${first.message}` : 'Invalid request',
    });
  }
  return replyErrorOf(error, request, 'dashboard');
}

function securityHeaders(reply: FastifyReply): void {
  reply
    .header('content-security-policy', DASHBOARD_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('cross-origin-resource-policy', 'same-origin');
}

/** Registers the dashboard's page, assets and API. Needs the registry part (its database). */
async function dashboard(app: FastifyInstance, options: ServerOptions): Promise<void> {
  const gate = app.consoleHost;
  const database = async () => (await app.registry.database()).db;
  let build: Promise<DashboardBuild> | undefined;

  await app.register(
    async (scope) => {
      // Hosted mode: the page, its assets and its API exist on the console host only.
      scope.addHook('onRoute', (route) => {
        route.constraints = { ...route.constraints, ...gate.routeConstraints() };
      });
      scope.addHook('onRequest', async (_request, reply) => securityHeaders(reply));
      scope.setErrorHandler((error, request, reply) => sendErrorReply(reply, errorReply(error, request)));
      const page = async (_request: FastifyRequest, reply: FastifyReply) => {
        build ??= loadDashboardBuild();
        const { index } = await build.catch((error: unknown) => {
          build = undefined;
          throw error;
        });
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(index);
      };
      scope.get('/', page);
      scope.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) => {
        build ??= loadDashboardBuild();
        const file = (await build).assets.get(request.params['*']);
        if (!file) return sendError(reply, 404, 'RouteNotFoundError', 'No dashboard file has this name');
        return reply
          .header('content-type', file.type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(file.body);
      });

      // The API: JSON only, never cached.
      scope.register(
        async (api) => {
          api.addHook('onSend', async (_request, reply) => {
            reply.header('cache-control', 'no-store');
          });
          const caller = async (request: FastifyRequest) =>
            requireCaller(await authenticateRequest(await database(), request, gate.sessionIdOf(request)));

          api.post('/session', { bodyLimit: 16 * 1024 }, async (request, reply) => {
            const problem = sessionRequestProblem(request.headers, request.method, undefined, false);
            if (problem) fail('CsrfCheckFailedError', problem);
            const { token } = parse(signInBodySchema, request.body);
            const db = await database();
            let signedIn: Caller | undefined;
            try {
              signedIn = await authenticate(db, `Bearer ${token.trim()}`);
            } catch (error) {
              if (!(error instanceof RegistryError) || error.errorName !== 'UnauthorizedError') throw error;
            }
            if (!signedIn)
              fail(
                'UnauthorizedError',
                'This token is not valid (unknown, revoked or mistyped): paste a whole org token, such as the admin token sextant dev prints',
              );
            const sessionId = await openSession(db, signedIn.tokenId);
            reply.header(
              'set-cookie',
              sessionCookie(sessionId, SESSION_TTL_MS / 1000, requestIsHttps(request)),
            );
            return sessionOf(db, signedIn, sessionId, options.mode);
          });

          api.get('/session', async (request) => {
            const sessionId = gate.sessionIdOf(request);
            const problem = sessionRequestProblem(request.headers, request.method, sessionId, false);
            if (problem) fail('CsrfCheckFailedError', problem);
            const db = await database();
            const session = sessionId === undefined ? undefined : await sessionToken(db, sessionId);
            if (!session || sessionId === undefined)
              fail('UnauthorizedError', 'Not signed in: sign in with an org token');
            return sessionOf(db, session, sessionId, options.mode);
          });

          api.delete('/session', async (request, reply) => {
            const sessionId = gate.sessionIdOf(request);
            const problem = sessionRequestProblem(request.headers, request.method, sessionId);
            if (problem) fail('CsrfCheckFailedError', problem);
            if (sessionId !== undefined) await closeSession(await database(), sessionId);
            reply.header('set-cookie', sessionCookie('', 0, requestIsHttps(request)));
            return {};
          });

          api.get('/tokens', async (request) =>
            listTokens(await database(), await caller(request), parse(orgPageQuerySchema, request.query)),
          );
          api.get('/apis', async (request) =>
            listApis(await database(), await caller(request), parse(orgPageQuerySchema, request.query)),
          );
          api.get('/apis/versions', async (request) =>
            listVersions(await database(), await caller(request), parse(versionsQuerySchema, request.query)),
          );
          api.get('/snippet-templates', async (request) =>
            listTemplates(await database(), await caller(request), parse(orgPageQuerySchema, request.query)),
          );
        },
        { prefix: DASHBOARD_API.slice(DASHBOARD_PATH.length) },
      );
    },
    { prefix: DASHBOARD_PATH },
  );
}

/** The dashboard, over the registry mounted in this server. */
export const dashboardPlugin = fp(dashboard, {
  name: 'sextant-dashboard',
  fastify: '5.x',
  encapsulate: true,
  decorators: needs('consoleHost', 'registry'),
});
