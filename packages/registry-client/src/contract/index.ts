export * from './ai-entities.js';
export * from './analytics-entities.js';
export * from './dashboard.js';
export * from './entities.js';
export * from './errors.js';
export * from './routes.js';
export * from './tenancy-entities.js';
export * from './tenancy-errors.js';
