/**
 * Ask AI in Discord (location `discord`): `POST /_sextant/ai/discord/interactions`, the
 * interactions endpoint of the site's Discord application. Every request is verified first
 * (Ed25519 signature `X-Signature-Ed25519` over `X-Signature-Timestamp` + raw body with
 * `DISCORD_PUBLIC_KEY`, Node's crypto; a timestamp off by more than 5 minutes or a signature seen
 * before, by any replica on the registry's database, is refused with 401 and nothing is
 * processed). PING answers PONG; the `/ask` command answers with a deferred response (type 5)
 * at once, then edits it into the answer through the interaction's webhook
 * (`PATCH {DISCORD_API_URL}/webhooks/{application_id}/{token}/messages/@original`, default
 * https://discord.com/api/v10).
 */
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SiteRequestContext } from '../docs-host/index.js';
import { sendError } from '../error-replies/index.js';
import type { TokenBuckets } from '../rate-limit/index.js';
import { isFreshTimestamp, type SignedChatRequest } from './fresh-timestamp.js';
import { createReplayGuard } from './replay-guard.js';
import { aiConfigFor, answerInChatApp, type SiteAiServices } from './site-ai.js';

export const DISCORD_REPLAY_WINDOW_SECONDS = 5 * 60;
/** Discord's longest message. */
const MAX_DISCORD_MESSAGE = 2000;
/** The DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The Ed25519 public key of a Discord application (64 hex characters), or undefined when malformed. */
export function discordPublicKey(hex: string): KeyObject | undefined {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return undefined;
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/** Whether a Discord interaction is authentic and fresh (`now` in seconds). */
export function verifyDiscordSignature(input: SignedChatRequest & { publicKey: KeyObject }): boolean {
  const { timestamp, signature } = input;
  if (!signature || !/^[0-9a-fA-F]{128}$/.test(signature)) return false;
  if (!isFreshTimestamp(timestamp, DISCORD_REPLAY_WINDOW_SECONDS, input.now)) return false;
  return verify(
    null,
    Buffer.concat([Buffer.from(timestamp), input.body]),
    input.publicKey,
    Buffer.from(signature, 'hex'),
  );
}

const interactionSchema = z.looseObject({
  type: z.number().int(),
  id: z.string().max(100).optional(),
  application_id: z
    .string()
    .regex(/^\d{1,30}$/)
    .optional(),
  token: z
    .string()
    .regex(/^[\w.-]{1,500}$/)
    .optional(),
  guild_id: z.string().max(100).optional(),
  member: z.looseObject({ user: z.looseObject({ id: z.string().max(100) }).optional() }).optional(),
  user: z.looseObject({ id: z.string().max(100) }).optional(),
  data: z
    .looseObject({
      name: z.string().max(100),
      options: z
        .array(z.looseObject({ name: z.string().max(100), value: z.unknown() }))
        .max(25)
        .optional(),
    })
    .optional(),
});
type Interaction = z.infer<typeof interactionSchema>;

const PING = 1;
const APPLICATION_COMMAND = 2;
const PONG = 1;
const CHANNEL_MESSAGE = 4;
const DEFERRED_CHANNEL_MESSAGE = 5;
const EPHEMERAL = 64;

export interface DiscordDeps extends SiteAiServices {
  questionLimit: TokenBuckets;
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
}

/** Cuts an answer to Discord's message limit. */
function discordText(text: string): string {
  return text.length > MAX_DISCORD_MESSAGE ? `${text.slice(0, MAX_DISCORD_MESSAGE - 1)}…` : text;
}

export function discordRoute(deps: DiscordDeps) {
  const signatures = createReplayGuard({
    scope: 'discord:signature',
    ttlMs: 2 * DISCORD_REPLAY_WINDOW_SECONDS * 1000,
    database: deps.database,
    log: deps.log,
  });
  let key: { hex: string; key: KeyObject | undefined } | undefined;
  const publicKey = (hex: string) => {
    if (key?.hex !== hex) key = { hex, key: discordPublicKey(hex) };
    return key.key;
  };

  async function followUp(interaction: Interaction, content: string): Promise<void> {
    const base = (deps.env.DISCORD_API_URL || 'https://discord.com/api/v10').replace(/\/+$/, '');
    const url = `${base}/webhooks/${interaction.application_id}/${interaction.token}/messages/@original`;
    const response = await deps.fetch(url, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: discordText(content), allowed_mentions: { parse: [] } }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) deps.log.warn({ status: response.status }, 'ask ai: the Discord follow-up failed');
  }

  async function answerAsk(
    context: SiteRequestContext,
    interaction: Interaction,
    question: string,
  ): Promise<void> {
    const who = interaction.member?.user?.id ?? interaction.user?.id ?? '';
    const text = await answerInChatApp(deps, context, {
      location: 'discord',
      question,
      rateKey: `${interaction.guild_id ?? ''}:${who}`,
      linkStyle: 'markdown',
    });
    if (text === undefined) return;
    await followUp(interaction, text);
  }

  return async function interactions(
    request: FastifyRequest,
    reply: FastifyReply,
    context: SiteRequestContext,
  ) {
    if (!aiConfigFor(context, 'discord'))
      return sendError(reply, 404, 'AiNotEnabledError', 'Ask AI for Discord is not enabled on this site.');
    const key = publicKey(deps.env.DISCORD_PUBLIC_KEY ?? '');
    if (!key)
      return sendError(
        reply,
        503,
        'AiNotConfiguredError',
        'DISCORD_PUBLIC_KEY is not set on this server (64 hex characters).',
      );
    const body = (request.body as Buffer | undefined) ?? Buffer.alloc(0);
    const signature = request.headers['x-signature-ed25519'];
    const valid = verifyDiscordSignature({
      publicKey: key,
      timestamp: String(request.headers['x-signature-timestamp'] ?? ''),
      signature: typeof signature === 'string' ? signature : undefined,
      body,
    });
    if (!valid || !(await signatures.first(String(signature).toLowerCase())))
      return sendError(reply, 401, 'InvalidSignatureError', 'invalid request signature');
    let interaction: Interaction;
    try {
      interaction = interactionSchema.parse(JSON.parse(body.toString('utf8')));
    } catch {
      return sendError(reply, 400, 'BadRequestError', 'The body is not a Discord interaction.');
    }
    if (interaction.type === PING) return reply.send({ type: PONG });
    if (interaction.type === APPLICATION_COMMAND && interaction.data?.name === 'ask') {
      const option =
        interaction.data.options?.find((o) => o.name === 'question') ?? interaction.data.options?.[0];
      const question = typeof option?.value === 'string' ? option.value.trim() : '';
      if (!question || !interaction.application_id || !interaction.token)
        return reply.send({
          type: CHANNEL_MESSAGE,
          data: { content: 'Ask a question: /ask question:<your question>', flags: EPHEMERAL },
        });
      void answerAsk(context, interaction, question).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'ask ai: the Discord answer failed'),
      );
      return reply.send({ type: DEFERRED_CHANNEL_MESSAGE });
    }
    return reply.send({
      type: CHANNEL_MESSAGE,
      data: { content: 'This app answers /ask.', flags: EPHEMERAL },
    });
  };
}
