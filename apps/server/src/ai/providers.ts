/**
 * Model providers behind one interface: `stream(request)` yields the answer's text as it comes.
 * Claude models go through the official `@anthropic-ai/sdk` (Messages API, streamed), command-a
 * through `cohere-ai`'s v2 chat stream. Keys and base URLs come from the server's environment
 * (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`; `CO_API_KEY`, `CO_API_URL`); timeouts and retries
 * are the SDKs' own options. Provider failures become `AiProviderError` with a readable message.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { AiModel } from '@sextant/definition';
import { CohereClientV2, CohereError, CohereTimeoutError } from 'cohere-ai';
import { AiProviderError } from './errors.js';
import { AI_KEY_VARIABLES, AI_MODEL_TABLE, type AiProviderName } from './models.js';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AnswerRequest {
  system: string;
  /** The conversation, oldest first, ending with the reader's question. */
  messages: ChatTurn[];
  maxTokens: number;
  signal?: AbortSignal;
}

export interface AiProvider {
  provider: AiProviderName;
  modelId: string;
  /** The answer's text, piece by piece. Throws `AiProviderError`. */
  stream(request: AnswerRequest): AsyncIterable<string>;
}

export interface ProviderOptions {
  /** Where keys and base URLs are read; default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Per provider request (each retry), ms. Default 60 s. */
  timeoutMs?: number;
  /** Retries of a failed request (429, 5xx, connection). Default 2. */
  maxRetries?: number;
}

/** Whether the server has the key the model needs. */
export function hasProviderKey(
  model: AiModel,
  env: Record<string, string | undefined> = process.env,
): boolean {
  return Boolean(env[AI_KEY_VARIABLES[AI_MODEL_TABLE[model].provider]]);
}

/** The provider for a model, or undefined when the server has no key for it. */
export function createProvider(model: AiModel, options: ProviderOptions = {}): AiProvider | undefined {
  const env = options.env ?? process.env;
  const entry = AI_MODEL_TABLE[model];
  const key = env[AI_KEY_VARIABLES[entry.provider]];
  if (!key) return undefined;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxRetries = options.maxRetries ?? 2;
  return entry.provider === 'anthropic'
    ? anthropicProvider(
        entry.id,
        new Anthropic({
          apiKey: key,
          baseURL: env.ANTHROPIC_BASE_URL || null,
          timeout: timeoutMs,
          maxRetries,
        }),
      )
    : cohereProvider(
        entry.id,
        new CohereClientV2({
          token: key,
          ...(env.CO_API_URL ? { baseUrl: env.CO_API_URL } : {}),
          timeoutInSeconds: Math.ceil(timeoutMs / 1000),
          maxRetries,
        }),
      );
}

function anthropicProvider(modelId: string, client: Anthropic): AiProvider {
  return {
    provider: 'anthropic',
    modelId,
    async *stream(request) {
      try {
        const stream = await client.messages.create(
          {
            model: modelId,
            max_tokens: request.maxTokens,
            system: request.system,
            messages: request.messages,
            stream: true,
          },
          request.signal ? { signal: request.signal } : {},
        );
        for await (const event of stream) {
          if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
            yield event.delta.text;
          else if (event.type === 'message_delta' && event.delta.stop_reason === 'refusal')
            throw new AiProviderError('The model declined to answer this question.');
        }
      } catch (error) {
        throw anthropicError(error);
      }
    },
  };
}

/** What the reader sees for an Anthropic failure (status and error type per the API's documentation). */
function anthropicError(error: unknown): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (error instanceof Anthropic.APIConnectionTimeoutError)
    return new AiProviderError('The AI provider did not answer in time: ask again in a moment.');
  if (error instanceof Anthropic.APIError) {
    const status = error.status;
    if (status === 429)
      return new AiProviderError('The AI provider is rate limiting this site: ask again in a minute.');
    if (status === 529 || status === 503)
      return new AiProviderError('The AI provider is overloaded: ask again in a moment.');
    if (status === 401 || status === 403)
      return new AiProviderError(
        "The AI provider refused the server's key: the site's operator must check ANTHROPIC_API_KEY.",
      );
    if (status === 404)
      return new AiProviderError(
        "The AI provider does not offer this model: the site's operator must pick another ai.model.",
      );
    return new AiProviderError(
      `The AI provider failed${status ? ` (${status})` : ''}: ask again in a moment.`,
    );
  }
  return new AiProviderError('The AI provider could not be reached: ask again in a moment.');
}

function cohereProvider(modelId: string, client: CohereClientV2): AiProvider {
  return {
    provider: 'cohere',
    modelId,
    async *stream(request) {
      try {
        const stream = await client.chatStream(
          {
            model: modelId,
            maxTokens: request.maxTokens,
            messages: [{ role: 'system', content: request.system }, ...request.messages],
          },
          request.signal ? { abortSignal: request.signal } : {},
        );
        for await (const event of stream) {
          if (event.type === 'content-delta') {
            const text = event.delta?.message?.content?.text;
            if (text) yield text;
          }
        }
      } catch (error) {
        throw cohereError(error);
      }
    },
  };
}

function cohereError(error: unknown): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (error instanceof CohereTimeoutError)
    return new AiProviderError('The AI provider did not answer in time: ask again in a moment.');
  if (error instanceof CohereError) {
    const status = error.statusCode;
    if (status === 429)
      return new AiProviderError('The AI provider is rate limiting this site: ask again in a minute.');
    if (status === 401 || status === 403)
      return new AiProviderError(
        "The AI provider refused the server's key: the site's operator must check CO_API_KEY.",
      );
    return new AiProviderError(
      `The AI provider failed${status ? ` (${status})` : ''}: ask again in a moment.`,
    );
  }
  return new AiProviderError('The AI provider could not be reached: ask again in a moment.');
}
