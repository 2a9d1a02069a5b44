/**
 * Mounts the enabled parts of the server. One line per part. Each part declares what it needs
 * (Fastify plugin dependencies and decorators; lifecycle/part-dependency.ts): the docs host
 * needs a site source, in-process (the registry mounted here) or over HTTP (`registryUrl`).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerOptions } from './options.js';

export async function mountParts(app: FastifyInstance, options: ServerOptions): Promise<void> {
  // Where the console answers (hosted mode: --console-host); the parts below ask it.
  await app.register((await import('./console/index.js')).consoleHostPart, options);
  await app.register((await import('./lifecycle/unavailable-replies.js')).unavailableRepliesPlugin);
  await app.register((await import('./metrics/index.js')).metricsPlugin, options);
  if (options.parts?.registry !== false)
    await app.register((await import('./registry/index.js')).registryPlugin, options);
  await app.register((await import('./storage/site-database.js')).siteDatabasePlugin, options);
  if (options.parts?.registry !== false)
    await app.register((await import('./registry/docs-cache-events.js')).docsCacheEvents);
  if (options.parts?.proxy !== false || options.parts?.wsProxy !== false)
    await app.register((await import('./proxy/environment-hosts-source.js')).environmentHostsPlugin, options);
  if (options.parts?.proxy !== false)
    await app.register((await import('./proxy/index.js')).proxyPlugin, options);
  if (options.parts?.wsProxy !== false)
    await app.register((await import('./ws-proxy/index.js')).wsProxyPlugin, options);
  if (options.parts?.docsHost !== false)
    await app.register((await import('./docs-host/registry-source/index.js')).siteSource, options);
  if (options.parts?.docsHost !== false)
    await app.register((await import('./docs-host/index.js')).docsHost, {
      mode: options.mode,
      ...options.docs,
      ...(options.memoryMiB ? { memoryMiB: options.memoryMiB } : {}),
      ...(options.requestLog ? { requestLog: options.requestLog } : {}),
    });
  if (options.parts?.docsHost !== false)
    await app.register((await import('./docs-host/snippet-templates/plugin.js')).snippetTemplates, options);
  if (options.parts?.docsHost !== false) await app.register((await import('./llms/index.js')).llmsPlugin);
  if (options.parts?.docsHost !== false) await app.register((await import('./seo/index.js')).seoPlugin);
  if (options.parts?.docsHost !== false) await app.register((await import('./mcp/index.js')).mcpPlugin);
  if (options.parts?.docsHost !== false) await app.register((await import('./ai/index.js')).aiPlugin);
  if (options.parts?.docsHost !== false)
    await app.register((await import('./analytics/index.js')).analyticsPlugin);
  if (options.parts?.registry !== false)
    await app.register((await import('./dashboard/index.js')).dashboardPlugin, options);
  await app.register((await import('./auth-injection/index.js')).authInjectionPart, options);
  await app.register((await import('./lifecycle/part-checks.js')).partChecks);
}
