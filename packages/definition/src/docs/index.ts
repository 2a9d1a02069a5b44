export * from './build-docs-definition.js';
export * from './check-docs-definition.js';
export * from './config.js';
export * from './docs-definition.js';
export * from './nav-label.js';
export * from './navigation.js';
export * from './slug.js';
export * from './url-rules.js';
