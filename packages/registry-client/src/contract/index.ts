export * from './entities.js';
export * from './errors.js';
export * from './routes.js';
