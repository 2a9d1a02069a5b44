/**
 * Ask AI as a plugin of the server: the site chat (status, chat, feedback), the Slack events and
 * the Discord interactions endpoints, all site routes of the docs host (`app.docsHost`), so each
 * docs site answers under its own base path with its own docs.yml `ai` config. Keys come from the
 * environment; the question log goes to the registry's database (`app.siteDatabase`: the registry
 * in this process, or a docs host alone given the registry's DATABASE_URL).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { needs } from '../lifecycle/index.js';
import { TokenBuckets } from '../rate-limit/index.js';
import { siteDatabaseOf } from '../storage/index.js';
import { chatRoutes } from './chat-routes.js';
import { discordRoute } from './discord.js';
import type { ProviderOptions } from './providers.js';
import { createProviderCache, type SiteAiServices } from './site-ai.js';
import { slackRoute } from './slack.js';

export interface AiPluginOptions extends ProviderOptions {
  /** Questions per visitor (IP, Slack user, Discord user) and site per minute. Default 10. */
  questionsPerMinute?: number;
  /** How Slack's and Discord's APIs are called; default the global fetch. */
  fetch?: typeof fetch;
}

async function ai(app: FastifyInstance, options: AiPluginOptions = {}): Promise<void> {
  const docsHost = app.docsHost;
  const env = options.env ?? process.env;
  const database = siteDatabaseOf(app);
  const services: SiteAiServices = {
    provider: createProviderCache({ ...options, env }),
    ...(database ? { database: () => database.get() } : {}),
    log: app.log,
  };
  const questionLimit = new TokenBuckets(options.questionsPerMinute ?? 10, { clock: app.clock });
  const chat = chatRoutes({
    ...services,
    questionLimit,
    feedbackLimit: new TokenBuckets(60, { clock: app.clock }),
  });
  const fetchFn = options.fetch ?? fetch;
  docsHost.addSiteRoute({ method: 'GET', path: '/_sextant/ai/status', handler: chat.status });
  docsHost.addSiteRoute({ method: 'POST', path: '/_sextant/ai/chat', handler: chat.chat });
  docsHost.addSiteRoute({ method: 'POST', path: '/_sextant/ai/feedback', handler: chat.feedback });
  docsHost.addSiteRoute({
    method: 'POST',
    path: '/_sextant/ai/slack/events',
    handler: slackRoute({ ...services, questionLimit, env, fetch: fetchFn }),
  });
  docsHost.addSiteRoute({
    method: 'POST',
    path: '/_sextant/ai/discord/interactions',
    handler: discordRoute({ ...services, questionLimit, env, fetch: fetchFn }),
  });
}

/** Ask AI, on every docs site. */
export const aiPlugin = fp(ai, {
  name: 'sextant-ai',
  fastify: '5.x',
  encapsulate: true,
  decorators: needs('docsHost', 'clock'),
});
