export { aiConfigWarning } from './ai/index.js';
export { buildServer } from './app.js';
export type { LogLevel } from './logging.js';
export type { ServerMode, ServerOptions } from './options.js';
