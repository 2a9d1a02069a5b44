/**
 * The process-wide module caches of what is derived from spec and site text (type names,
 * compiled patterns, the docs site's inline style elements: `@sextant/definition`'s
 * module-caches.ts, group `compiled`) get their byte budget from `--memory` and report to
 * `/metrics` like every other cache (`sextant_cache_bytes{cache="compiled"}`, evictions).
 * Whichever part uses them (the registry's import, the docs host's pages), they are one set per
 * process: the last server built in a process sets their budget.
 */
import { COMPILED_CACHES, configureModuleCaches, moduleCacheBytes } from '@sextant/definition';
import type { FastifyInstance } from 'fastify';
import { type CacheBudgets, cacheBudgets } from './memory-budget.js';

/**
 * @example sizeModuleCaches(app, { memoryMiB: 768 })
 */
export function sizeModuleCaches(
  app: FastifyInstance,
  options: { memoryMiB?: number; cacheBudgets?: Partial<CacheBudgets> },
): void {
  const maxBytes = options.cacheBudgets?.compiled ?? cacheBudgets(options.memoryMiB).compiled;
  const metrics = app.hasDecorator('metrics') ? app.metrics : undefined;
  configureModuleCaches(COMPILED_CACHES, {
    maxBytes,
    ...(metrics ? { onEvicted: () => metrics.cacheEvicted(COMPILED_CACHES) } : {}),
  });
  metrics?.watchCache(COMPILED_CACHES, () => moduleCacheBytes(COMPILED_CACHES));
}
