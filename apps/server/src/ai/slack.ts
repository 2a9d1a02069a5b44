/**
 * Ask AI in Slack (location `slack`): `POST /_sextant/ai/slack/events`, the Events API endpoint
 * of the site's Slack app. Every request is verified first (v0 signature: HMAC-SHA256 of
 * `v0:{timestamp}:{raw body}` with `SLACK_SIGNING_SECRET`, compared in constant time; timestamps
 * older than 5 minutes and a signature seen before, by any replica on the registry's database,
 * are refused with 401, and nothing is processed). It answers the `url_verification` challenge,
 * and acknowledges an `app_mention` at once (Slack wants 200 within 3 s), then answers in the
 * thread with `chat.postMessage` (`SLACK_BOT_TOKEN`, `SLACK_API_URL` default
 * https://slack.com/api). Slack's retries (`X-Slack-Retry-Num`, same `event_id`) are acknowledged
 * and not answered twice, whichever replica they reach (replay-guard.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SiteRequestContext } from '../docs-host/index.js';
import { sendError } from '../error-replies/index.js';
import type { TokenBuckets } from '../rate-limit/index.js';
import { isFreshTimestamp, type SignedChatRequest } from './fresh-timestamp.js';
import { createReplayGuard } from './replay-guard.js';
import { aiConfigFor, answerInChatApp, type SiteAiServices } from './site-ai.js';

export const SLACK_REPLAY_WINDOW_SECONDS = 5 * 60;

/** Whether a Slack request is authentic and fresh (`now` in seconds). */
export function verifySlackSignature(input: SignedChatRequest & { secret: string }): boolean {
  const { timestamp, signature } = input;
  if (!signature || !isFreshTimestamp(timestamp, SLACK_REPLAY_WINDOW_SECONDS, input.now)) return false;
  const expected = Buffer.from(
    `v0=${createHmac('sha256', input.secret).update(`v0:${timestamp}:`).update(input.body).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const slackBodySchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('url_verification'), challenge: z.string().max(500) }),
  z.looseObject({
    type: z.literal('event_callback'),
    event_id: z.string().max(200),
    team_id: z.string().max(200).optional(),
    event: z.looseObject({
      type: z.string(),
      text: z.string().max(40_000).optional(),
      user: z.string().max(200).optional(),
      bot_id: z.string().optional(),
      channel: z.string().max(200).optional(),
      ts: z.string().max(100).optional(),
      thread_ts: z.string().max(100).optional(),
    }),
  }),
]);
/** Other Slack payloads (app_rate_limited, …) are acknowledged and ignored. */
const slackTypeSchema = z.looseObject({ type: z.string().max(100) });

export interface SlackDeps extends SiteAiServices {
  questionLimit: TokenBuckets;
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
}

/**
 * An answer as Slack message text: `&`, `<` and `>` escaped as Slack asks, so model output cannot
 * ping `<!channel>` or a user, except the `<https://…|title>` links the prompt asks for.
 */
export function slackText(answer: string): string {
  return answer
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/&lt;(https?:\/\/[^\s|&<>]+)\|([^<>&|]{1,300})&gt;/g, '<$1|$2>');
}

/** The question of a mention: the text without `<@U123>` user mentions. */
export function mentionQuestion(text: string): string {
  return text.replace(/<@[A-Z0-9]+(\|[^>]*)?>/g, '').trim();
}

export function slackRoute(deps: SlackDeps) {
  // Shared by every replica on the registry's database: one answer per event, however many receive it.
  const signatures = createReplayGuard({
    scope: 'slack:signature',
    ttlMs: 2 * SLACK_REPLAY_WINDOW_SECONDS * 1000,
    database: deps.database,
    log: deps.log,
  });
  const events = createReplayGuard({
    scope: 'slack:event',
    ttlMs: 60 * 60 * 1000,
    database: deps.database,
    log: deps.log,
  });

  async function postMessage(channel: string, threadTs: string | undefined, text: string): Promise<void> {
    const token = deps.env.SLACK_BOT_TOKEN;
    if (!token) {
      deps.log.warn('ask ai: SLACK_BOT_TOKEN is not set, so the Slack answer cannot be posted');
      return;
    }
    const base = (deps.env.SLACK_API_URL || 'https://slack.com/api').replace(/\/+$/, '');
    const response = await deps.fetch(`${base}/chat.postMessage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        channel,
        text,
        ...(threadTs ? { thread_ts: threadTs } : {}),
        unfurl_links: false,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const result = (await response.json().catch(() => ({}))) as { ok?: boolean; error?: string };
    if (!response.ok || !result.ok)
      deps.log.warn({ status: response.status, error: result.error }, 'ask ai: chat.postMessage failed');
  }

  async function answerMention(
    context: SiteRequestContext,
    event: { text?: string; user?: string; channel?: string; ts?: string; thread_ts?: string },
    team: string | undefined,
  ): Promise<void> {
    const channel = event.channel;
    if (!channel) return;
    const text = await answerInChatApp(deps, context, {
      location: 'slack',
      question: mentionQuestion(event.text ?? '') || 'What can you tell me about these docs?',
      rateKey: `${team ?? ''}:${event.user ?? ''}`,
      linkStyle: 'slack',
    });
    if (text === undefined) return;
    const threadTs = event.thread_ts ?? event.ts;
    await postMessage(channel, threadTs, slackText(text));
  }

  return async function events_(request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) {
    if (!aiConfigFor(context, 'slack'))
      return sendError(reply, 404, 'AiNotEnabledError', 'Ask AI for Slack is not enabled on this site.');
    const secret = deps.env.SLACK_SIGNING_SECRET;
    if (!secret)
      return sendError(reply, 503, 'AiNotConfiguredError', 'SLACK_SIGNING_SECRET is not set on this server.');
    const body = (request.body as Buffer | undefined) ?? Buffer.alloc(0);
    const signature = request.headers['x-slack-signature'];
    const valid = verifySlackSignature({
      secret,
      timestamp: String(request.headers['x-slack-request-timestamp'] ?? ''),
      signature: typeof signature === 'string' ? signature : undefined,
      body,
    });
    if (!valid || !(await signatures.first(String(signature))))
      return sendError(
        reply,
        401,
        'InvalidSignatureError',
        'The Slack signature is invalid, stale or replayed.',
      );
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      json = undefined;
    }
    const known = slackBodySchema.safeParse(json);
    if (!known.success) {
      if (
        slackTypeSchema.safeParse(json).success &&
        !['url_verification', 'event_callback'].includes((json as { type: string }).type)
      )
        return reply.code(200).send();
      return sendError(reply, 400, 'BadRequestError', 'The body is not a Slack event.');
    }
    const parsed = known.data;
    if (parsed.type === 'url_verification')
      return reply.type('application/json').send({ challenge: parsed.challenge });
    {
      const { event } = parsed;
      // Acknowledge at once; answer a new mention (not a retry, not a bot's own message) afterwards.
      if (event.type === 'app_mention' && !event.bot_id && (await events.first(parsed.event_id))) {
        void answerMention(context, event, parsed.team_id).catch((error: unknown) =>
          deps.log.warn({ err: error }, 'ask ai: the Slack answer failed'),
        );
      }
    }
    return reply.code(200).send();
  };
}
