/**
 * The one table of Ask AI models: each docs.yml `ai.model` name, its provider and the provider's
 * model id. The claude ids are Anthropic's aliases (the installed SDK documents `claude-sonnet-4-6` for
 * Sonnet 4 and marks `claude-sonnet-4-5` deprecated); command-a is Cohere's dated id. The 3.x aliases
 * are the brief's; Anthropic may have retired them, which a request answers with 404 (said in the chat).
 */
import type { AiModel } from '@sextant/definition';

export type AiProviderName = 'anthropic' | 'cohere';

export interface AiModelEntry {
  provider: AiProviderName;
  /** The id sent to the provider. */
  id: string;
}

export const AI_MODEL_TABLE: Record<AiModel, AiModelEntry> = {
  'claude-3.5': { provider: 'anthropic', id: 'claude-3-5-sonnet-latest' },
  'claude-3.7': { provider: 'anthropic', id: 'claude-3-7-sonnet-latest' },
  'claude-4': { provider: 'anthropic', id: 'claude-sonnet-4-6' },
  'command-a': { provider: 'cohere', id: 'command-a-03-2025' },
};

/** The environment variable holding each provider's key. */
export const AI_KEY_VARIABLES: Record<AiProviderName, string> = {
  anthropic: 'ANTHROPIC_API_KEY',
  cohere: 'CO_API_KEY',
};

/**
 * What a reader (and the site's owner) is told when the model's provider has no key here.
 * @example notConfiguredMessage('command-a') // '… the server owner sets CO_API_KEY (command-a runs on Cohere).'
 */
export function notConfiguredMessage(model: AiModel): string {
  const { provider } = AI_MODEL_TABLE[model];
  const name = provider === 'anthropic' ? 'Anthropic' : 'Cohere';
  return `Ask AI is not configured on this server: the server owner sets ${AI_KEY_VARIABLES[provider]} (${model} runs on ${name}).`;
}
