export * from './dashboard.js';
export * from './entities/index.js';
export * from './errors.js';
export * from './routes.js';
export * from './tenancy-errors.js';
