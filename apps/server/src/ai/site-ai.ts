/**
 * What Ask AI needs from one request's docs site: its `ai` config for a location, the provider of
 * its model (undefined when the server has no key: AiNotConfiguredError), and the recorder of the
 * question log for the site's owner (undefined when nothing owns the site or no registry runs in
 * this process; said once at debug level).
 */
import type { AiLocation, AiModel, DocsAiConfig } from '@sextant/definition';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteRequestContext } from '../docs-host/index.js';
import type { TokenBuckets } from '../rate-limit/index.js';
import { siteClientKey } from '../rate-limit/index.js';
import type { Database } from '../storage/index.js';
import { type AnswerInput, collectAnswer, startAnswer } from './answer.js';
import { AiError, AiNotConfiguredError, AiRateLimitedError } from './errors.js';
import { type AiProvider, createProvider, type ProviderOptions } from './providers.js';
import { recordQuestion } from './question-log.js';

export interface SiteAiServices {
  /** The provider of a model, made once per model; undefined without a key. */
  provider(model: AiModel): AiProvider | undefined;
  /** The registry's database, when a registry runs in this process. */
  database?: () => Promise<Kysely<Database>>;
  log: FastifyBaseLogger;
}

/** The site's `ai` config when Ask AI answers at `location`, else undefined. */
export function aiConfigFor(context: SiteRequestContext, location: AiLocation): DocsAiConfig | undefined {
  const ai = context.site.definition.config.ai;
  return ai?.enabled && ai.location.includes(location) ? ai : undefined;
}

export function createProviderCache(options: ProviderOptions): (model: AiModel) => AiProvider | undefined {
  const providers = new Map<AiModel, AiProvider | undefined>();
  return (model) => {
    if (!providers.has(model)) providers.set(model, createProvider(model, options));
    return providers.get(model);
  };
}

/** The recorder of the question log for this site, or undefined (the log goes nowhere). */
export async function questionRecorder(
  services: SiteAiServices,
  context: SiteRequestContext,
): Promise<AnswerInput['record']> {
  const database = services.database;
  const owner = database ? await context.owner().catch(() => undefined) : undefined;
  if (!database || !owner) {
    services.log.debug(
      { reason: database ? 'the site has no owner' : 'no registry in this process' },
      'ask ai: question not logged',
    );
    return undefined;
  }
  return async (entry) => {
    try {
      await recordQuestion(await database(), { ...entry, orgId: owner.orgId, docsUrl: owner.docsUrl });
    } catch (error) {
      services.log.warn({ err: error }, 'ask ai: the question could not be logged');
    }
  };
}

/** Counts one question for `key`: the seconds to wait when over the rate, else 0. */
export function waitSeconds(limit: TokenBuckets, key: string): number {
  return limit.take(key) ? 0 : Math.max(1, limit.retryAfterSeconds(key));
}

/**
 * The whole answer to one question asked in a chat app (Slack, Discord), with absolute links; a
 * failure (no key, over the rate, provider error) is answered with its message instead. Undefined
 * when Ask AI does not answer at this location.
 */
export async function answerInChatApp(
  deps: SiteAiServices & { questionLimit: TokenBuckets },
  context: SiteRequestContext,
  input: {
    location: 'slack' | 'discord';
    question: string;
    rateKey: string;
    linkStyle: AnswerInput['linkStyle'];
  },
): Promise<string | undefined> {
  const ai = aiConfigFor(context, input.location);
  if (!ai) return undefined;
  try {
    const provider = deps.provider(ai.model);
    if (!provider) throw new AiNotConfiguredError();
    const wait = waitSeconds(
      deps.questionLimit,
      await siteClientKey(context, `${input.location}:${input.rateKey}`),
    );
    if (wait > 0) throw new AiRateLimitedError(wait);
    const answer = await startAnswer({
      site: context.site,
      config: ai,
      provider,
      messages: [{ role: 'user', content: input.question }],
      location: input.location,
      linkBase: `${context.origin ?? ''}${context.basePath}`,
      linkStyle: input.linkStyle,
      record: await questionRecorder(deps, context),
    });
    return await collectAnswer(answer);
  } catch (error) {
    if (error instanceof AiError) return error.message;
    deps.log.warn({ err: error, location: input.location }, 'ask ai: the answer failed');
    return 'The answer failed: ask again in a moment.';
  }
}
