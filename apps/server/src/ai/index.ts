/** Ask AI (issue #19): answers from a docs site's pages and API reference, in the site, Slack and Discord. */
export { aiConfigWarning } from './config-warning.js';
export { AI_ERROR_CODES, type AiErrorCode } from './errors.js';
export { AI_MODEL_TABLE } from './models.js';
export type { Passage, PassageKind } from './passages.js';
export { type AiPluginOptions, aiPlugin } from './plugin.js';
export { listQuestions } from './question-log.js';
export { retrievePassages } from './retrieve.js';
