export { aiConfigWarning } from './ai/index.js';
export { buildServer } from './app.js';
export type { LogLevel } from './logging.js';
export { MemoryOptionError, parseMemoryMiB } from './memory-budget.js';
export type { ServerMode, ServerOptions } from './options.js';
