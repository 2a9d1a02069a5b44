/**
 * The one-line warning `sextant dev` prints when docs.yml enables Ask AI but the server's
 * environment has no key for its model (the site still starts; the chat says it is not configured).
 */
import type { DocsConfig } from '@sextant/definition';
import { AI_KEY_VARIABLES, AI_MODEL_TABLE } from './models.js';
import { hasProviderKey } from './providers.js';

/** The warning, or undefined when Ask AI is off or configured. */
export function aiConfigWarning(
  config: Pick<DocsConfig, 'ai'>,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  const ai = config.ai;
  if (!ai?.enabled || hasProviderKey(ai.model, env)) return undefined;
  const variable = AI_KEY_VARIABLES[AI_MODEL_TABLE[ai.model].provider];
  return `Ask AI is enabled (model ${ai.model}) but ${variable} is not set: the chat will say it is not configured.`;
}
