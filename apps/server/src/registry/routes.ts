/**
 * Registers the route table on an encapsulated Fastify context: zod validation and
 * serialisation, bearer auth before validation, and one error handler that answers every
 * failure as `{ "error": "Name", "content": { "message": … } }` with a 4xx for anything the client got wrong.
 */
import { issuePath } from '@sextant/definition';
import { type RouteName, type RouteSpec, routes } from '@sextant/registry-client';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { type ReplyError, replyErrorOf, sendErrorReply } from '../error-replies/index.js';
import { type CallContext, RawJson, type RegistryContext } from './context.js';
import { definitionRefusal } from './definition-refusal.js';
import { RegistryError } from './errors.js';
import { handlers } from './handlers.js';
import { inputProblem } from './hostile-input.js';
import { authenticateRequest, type Caller } from './identity.js';
import { buildOpenApiDocument } from './openapi.js';

const DEFAULT_BODY_LIMIT = 1024 * 1024;
const callers = new WeakMap<FastifyRequest, Caller | undefined>();

function errorReply(error: FastifyError | RegistryError | Error, request: FastifyRequest): ReplyError {
  if (error instanceof RegistryError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = (error as FastifyError).validationContext ?? 'request';
    const issues = error.validation.map((issue) => ({
      path: issuePath([where, ...pathKeys(issue.instancePath)]),
      message: issue.message,
    }));
    if (where === 'body') {
      const refusal = definitionRefusal(
        issues.map((issue) => ({ ...issue, path: issue.path.slice('body.'.length) })),
      );
      if (refusal) return refusal;
    }
    const first = issues[0];
    return new RegistryError('BadRequestError', {
      message: first ? `${first.path}: ${first.message}` : 'Invalid request',
      issues,
    });
  }
  return replyErrorOf(error, request, 'registry');
}

/**
 * The keys of a validation issue's JSON pointer, list indexes as numbers, so a path reads the same
 * over HTTP as in process (`config.redirects[0].destination`): the zod type provider joins zod's
 * path with slashes and drops whether a key was an index.
 */
function pathKeys(instancePath: string): (string | number)[] {
  return instancePath
    .split('/')
    .slice(1)
    .filter((key) => key !== '')
    .map((key) => (/^(0|[1-9]\d{0,8})$/.test(key) ? Number(key) : key));
}

const OPENAPI_PATH = '/openapi.json';

async function sendRaw(reply: FastifyReply, request: FastifyRequest, raw: RawJson): Promise<void> {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    await reply.header('content-encoding', 'gzip').send(raw.gz);
    return;
  }
  await reply.send(await raw.json());
}

/**
 * Registers every registry route. `context` resolves once the database is open (it opens in the
 * background so the server listens at once); requests wait for it, and get UnavailableError
 * when it failed to open.
 */
export async function registerRoutes(
  app: FastifyInstance,
  context: () => Promise<RegistryContext>,
): Promise<void> {
  const contexts = new WeakMap<FastifyRequest, RegistryContext>();
  app.addHook('onRequest', async (request) => {
    // The registry's own OpenAPI document comes from the contract: it never waits for the
    // database (`sextant dev` loads it while the database is still closed).
    if (request.routeOptions.url?.endsWith(OPENAPI_PATH)) return;
    try {
      contexts.set(request, await context());
    } catch (error) {
      throw new RegistryError(
        'UnavailableError',
        `The registry database is not available: ${(error as Error).message}`,
      );
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, request, reply) =>
    sendErrorReply(reply, errorReply(error, request)),
  );

  app.get(OPENAPI_PATH, async () => buildOpenApiDocument());
  // Raw uploads (routes with `rawBody`): the bytes as a Buffer. Any other route given bytes fails its JSON schema.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  for (const [name, spec] of Object.entries(routes) as [RouteName, RouteSpec][]) {
    const handler = handlers[name] as (
      ctx: RegistryContext,
      request: { params: unknown; query: unknown; body: unknown },
      call: CallContext,
    ) => Promise<unknown>;
    app.route({
      method: spec.method,
      url: spec.path.replace(/\{(\w+)\}/g, ':$1'),
      bodyLimit: spec.bodyLimit ?? DEFAULT_BODY_LIMIT,
      schema: {
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        response: { 200: spec.response },
      },
      // Auth runs before validation so anonymous callers learn nothing about the schema.
      preValidation: async (request) => {
        const problem =
          inputProblem(request.params, 'params') ??
          inputProblem(request.query, 'query') ??
          (spec.rawBody ? undefined : inputProblem(request.body, 'body'));
        if (problem) throw new RegistryError('BadRequestError', { message: problem });
        if (spec.auth === 'public') return;
        const ctx = contexts.get(request) as RegistryContext;
        // A session cookie counts on the console host only (console/console-host.ts).
        const sessionId = app.hasDecorator('consoleHost') ? app.consoleHost.sessionIdOf(request) : undefined;
        const caller = await authenticateRequest(ctx.db, request, sessionId);
        if (spec.auth === 'token' && !caller)
          throw new RegistryError('UnauthorizedError', 'This call needs a bearer token');
        callers.set(request, caller);
      },
      handler: async (request, reply) => {
        const result = await handler(
          contexts.get(request) as RegistryContext,
          { params: request.params ?? {}, query: request.query ?? {}, body: request.body ?? {} },
          { caller: callers.get(request) },
        );
        if (result instanceof RawJson) return sendRaw(reply, request, result);
        return result;
      },
    });
  }
}
