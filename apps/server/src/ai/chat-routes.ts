/**
 * The site chat of Ask AI (location `docs`), as site routes under the site's base path:
 * - `GET /_sextant/ai/status` → `{ enabled, configured, model?, message? }` (message: why not configured)
 * - `POST /_sextant/ai/chat` `{ messages, page? }` → `text/event-stream`: `sources` first, then
 *   `delta`s, then `done` with the question's id; `error` at any point. Before streaming, a bad
 *   body is 400, a disabled site 404, no key 503, too many questions 429, each as JSON
 *   `{ error, content: { message } }`.
 * - `POST /_sextant/ai/feedback` `{ questionId, rating }` → 204.
 * Source and citation URLs are site paths with the base path (`/docs/guides/auth#h-tokens`).
 * Questions and feedback are limited per site and client (`request.ip`, which follows
 * `--trust-proxy`: behind a load balancer, each reader rather than the balancer's address).
 * POST bodies must be JSON (`content-type: application/json`), so another site's page cannot
 * spend this site's quota with a simple form post (a JSON post needs a CORS preflight, which
 * these routes never grant).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SiteRequestContext } from '../docs-host/index.js';
import { ReplyError, sendErrorReply } from '../error-replies/index.js';
import type { TokenBuckets } from '../rate-limit/index.js';
import { siteClientKey } from '../rate-limit/index.js';
import { startAnswer } from './answer.js';
import { chatBodySchema } from './conversation.js';
import {
  AiBadRequestError,
  AiError,
  AiNotConfiguredError,
  AiNotEnabledError,
  AiProviderError,
  AiRateLimitedError,
} from './errors.js';
import { notConfiguredMessage } from './models.js';
import { rateQuestion } from './question-log.js';
import { warmPassageIndex } from './retrieve.js';
import { aiConfigFor, questionRecorder, type SiteAiServices, waitSeconds } from './site-ai.js';

const feedbackSchema = z.strictObject({
  questionId: z.string().min(1).max(100),
  rating: z.enum(['up', 'down']),
});

export interface ChatRouteDeps extends SiteAiServices {
  questionLimit: TokenBuckets;
  feedbackLimit: TokenBuckets;
}

function sendError(reply: FastifyReply, error: ReplyError) {
  if (error instanceof AiRateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  return sendErrorReply(reply, error);
}

/** The JSON body of a site route (a raw Buffer), parsed with `schema`; AiBadRequestError otherwise. */
function parseJson<T>(request: FastifyRequest, schema: z.ZodType<T>): T {
  if (!/^application\/json\b/i.test(String(request.headers['content-type'] ?? '')))
    throw new AiBadRequestError('Send the body as JSON (content-type: application/json).');
  let value: unknown;
  try {
    value = JSON.parse((request.body as Buffer | undefined)?.toString('utf8') ?? '');
  } catch {
    throw new AiBadRequestError('The body is not valid JSON.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AiBadRequestError(
      `Invalid request at ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

const notEnabled = new AiNotEnabledError(
  'Ask AI is not enabled on this site (docs.yml ai.enabled, location docs).',
);

export function chatRoutes(deps: ChatRouteDeps) {
  async function status(_request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) {
    const ai = aiConfigFor(context, 'docs');
    reply.header('cache-control', 'no-store');
    if (!ai) return reply.send({ enabled: false, configured: false });
    const configured = deps.provider(ai.model) !== undefined;
    // The chat panel asks for the status when a page opens: index the site before the first question.
    if (configured) warmPassageIndex(context.site);
    return reply.send({
      enabled: true,
      configured,
      model: ai.model,
      ...(configured ? {} : { message: notConfiguredMessage(ai.model) }),
    });
  }

  async function chat(request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) {
    const ai = aiConfigFor(context, 'docs');
    if (!ai) return sendError(reply, notEnabled);
    let body: z.infer<typeof chatBodySchema>;
    try {
      body = parseJson(request, chatBodySchema);
    } catch (error) {
      return sendError(reply, error as AiError);
    }
    const provider = deps.provider(ai.model);
    if (!provider) return sendError(reply, new AiNotConfiguredError(notConfiguredMessage(ai.model)));
    const wait = waitSeconds(deps.questionLimit, await siteClientKey(context, request.ip));
    if (wait > 0) return sendError(reply, new AiRateLimitedError(wait));
    const abort = new AbortController();
    let answer: Awaited<ReturnType<typeof startAnswer>>;
    try {
      answer = await startAnswer({
        site: context.site,
        config: ai,
        provider,
        messages: body.messages,
        ...(body.page !== undefined ? { page: body.page } : {}),
        location: 'docs',
        linkBase: context.basePath,
        linkStyle: 'markdown',
        signal: abort.signal,
        record: await questionRecorder(deps, context),
      });
    } catch (error) {
      if (error instanceof AiError) return sendError(reply, error);
      throw error;
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-content-type-options': 'nosniff',
      // Proxies (nginx) must pass each event on as it comes.
      'x-accel-buffering': 'no',
    });
    res.on('close', () => {
      if (!res.writableEnded) abort.abort();
    });
    const send = (event: string, data: unknown) => {
      if (!res.writableEnded && !res.destroyed)
        res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    send('sources', { sources: answer.sources });
    try {
      for await (const text of answer.text) send('delta', { text });
      send('done', { questionId: answer.questionId });
    } catch (error) {
      const named =
        error instanceof AiError ? error : new AiProviderError('The answer failed: ask again in a moment.');
      if (!abort.signal.aborted) request.log.warn({ err: error }, 'ask ai: the answer failed');
      send('error', { code: named.code, message: named.message });
    }
    res.end();
  }

  async function feedback(request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) {
    if (!aiConfigFor(context, 'docs')) return sendError(reply, notEnabled);
    let body: z.infer<typeof feedbackSchema>;
    try {
      body = parseJson(request, feedbackSchema);
    } catch (error) {
      return sendError(reply, error as AiError);
    }
    const wait = waitSeconds(deps.feedbackLimit, await siteClientKey(context, request.ip));
    if (wait > 0) return sendError(reply, new AiRateLimitedError(wait));
    const owner = deps.database ? await context.owner() : undefined;
    if (deps.database && owner) {
      const stored = await rateQuestion(await deps.database(), owner, body.questionId, body.rating);
      if (!stored)
        return sendError(
          reply,
          new ReplyError(
            'QuestionNotFoundError',
            404,
            'This site has no question with that id: rate an answer it gave.',
          ),
        );
    } else request.log.debug('ask ai: feedback not logged (no registry or no owner)');
    return reply.code(204).send();
  }

  return { status, chat, feedback };
}
