/**
 * One answer of Ask AI, wherever it is asked (site chat, Slack, Discord): retrieve the passages
 * for the conversation, build the system prompt, stream the provider's text, and record the
 * question in the log when it is done (or failed). The caller decides how the text reaches the
 * reader (server-sent events, a Slack message, a Discord follow-up).
 */
import { randomUUID } from 'node:crypto';
import type { AiLocation, DocsAiConfig } from '@sextant/definition';
import type { DocsSite } from '@sextant/docs-site';
import { boundConversation, retrievalQuery } from './conversation.js';
import { AiError, AiProviderError } from './errors.js';
import type { Passage } from './passages.js';
import { passageLink, systemPrompt } from './prompt.js';
import type { AiProvider, ChatTurn } from './providers.js';
import type { QuestionLogEntry } from './question-log.js';
import { retrievePassages } from './retrieve.js';

/** Passages given to the model per question. */
export const PASSAGES_PER_QUESTION = 6;
/** Longest answer, in tokens. */
export const MAX_ANSWER_TOKENS = 1024;

export interface Source {
  title: string;
  url: string;
  kind: Passage['kind'];
  /** The API a reference source documents, and its version. */
  api?: string;
  version?: string;
  /** The docs version of a versioned site (`v1`). */
  docsVersion?: string;
}

export interface AnswerInput {
  site: DocsSite;
  config: DocsAiConfig;
  provider: AiProvider;
  messages: ChatTurn[];
  /** The slug the reader is on (site chat). */
  page?: string;
  location: AiLocation;
  /** What cited URLs start with: the site's base path in the site, its absolute URL elsewhere. */
  linkBase: string;
  linkStyle: 'markdown' | 'slack' | 'plain';
  signal?: AbortSignal;
  /** Stores the finished question; undefined when nothing owns the site (the log goes nowhere). */
  record?: (entry: Omit<QuestionLogEntry, 'orgId' | 'docsUrl'>) => Promise<void>;
}

export interface Answer {
  questionId: string;
  sources: Source[];
  /** The answer's text as it comes; throws AiError. Recording happens when it ends. */
  text: AsyncIterable<string>;
}

/** Prepares an answer: validates the conversation (AiBadRequestError) and retrieves its sources. */
export async function startAnswer(input: AnswerInput): Promise<Answer> {
  const turns = boundConversation(input.messages);
  const passages = await retrievePassages(input.site, retrievalQuery(turns), PASSAGES_PER_QUESTION, {
    ...(input.page !== undefined ? { page: input.page } : {}),
  });
  const sources = passages.map((passage) => ({
    title: passage.title,
    url: passageLink(input.linkBase, passage),
    kind: passage.kind,
    ...(passage.api ? { api: passage.api } : {}),
    ...(passage.version ? { version: passage.version } : {}),
    ...(passage.docsVersion ? { docsVersion: passage.docsVersion } : {}),
  }));
  const system = systemPrompt({
    siteTitle: input.site.definition.config.title,
    ...(input.config.prompt ? { sitePrompt: input.config.prompt } : {}),
    passages,
    linkBase: input.linkBase,
    linkStyle: input.linkStyle,
  });
  const questionId = randomUUID();
  const question = turns.at(-1)?.content ?? '';
  async function* text(): AsyncGenerator<string> {
    let answer = '';
    let errorCode: string | undefined;
    try {
      for await (const piece of input.provider.stream({
        system,
        messages: turns,
        maxTokens: MAX_ANSWER_TOKENS,
        ...(input.signal ? { signal: input.signal } : {}),
      })) {
        answer += piece;
        yield piece;
      }
    } catch (error) {
      const named =
        error instanceof AiError ? error : new AiProviderError('The answer failed: ask again in a moment.');
      // The reader stopping the answer (or leaving) is no failure of the assistant.
      if (!input.signal?.aborted) errorCode = named.code;
      throw named;
    } finally {
      await input
        .record?.({
          id: questionId,
          location: input.location,
          model: input.config.model,
          question,
          answer,
          sources: sources.map(({ title, url }) => ({ title, url })),
          ...(errorCode ? { errorCode } : {}),
          ...(input.page !== undefined ? { page: input.page } : {}),
        })
        .catch(() => undefined);
    }
  }
  return { questionId, sources, text: text() };
}

/** The whole answer as one string (Slack, Discord). */
export async function collectAnswer(answer: Answer): Promise<string> {
  let text = '';
  for await (const piece of answer.text) text += piece;
  return text;
}
