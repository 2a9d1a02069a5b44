/**
 * The parts of the server, in mounting order: one row each (name, when it is mounted, its plugin,
 * the options it is given), read by one loop. Each part declares what it needs (fastify-plugin
 * `decorators`; lifecycle/part-dependency.ts), checked before it is mounted: the docs host's
 * parts need the docs host, which needs a site source in hosted mode, in-process (the registry
 * mounted here) or over HTTP (`registryUrl`).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import { checkDeclaredNeeds } from './lifecycle/index.js';
import type { ServerOptions } from './options.js';

/** The `parts` flags of ServerOptions (each defaults to true). */
export type PartFlags = NonNullable<ServerOptions['parts']>;

/** One row of the table. */
export interface Part {
  readonly name: string;
  /** Whether the server mounts it, from the `parts` flags; absent: always. */
  readonly enabled: (flags: PartFlags) => boolean;
  /** Imports the part's plugin (a part not mounted is never imported). */
  readonly load: () => Promise<object>;
  /** Loads the part's plugin, checks its declared needs, and registers it with its options. */
  readonly mount: (app: FastifyInstance, options: ServerOptions) => Promise<void>;
}

interface Row {
  name: string;
  when?: (flags: PartFlags) => boolean;
}

/** A row whose plugin is given options: `options` maps the server's to the plugin's. */
function part<O extends FastifyPluginOptions>(
  row: Row & { load: () => Promise<FastifyPluginAsync<O>>; options: (options: ServerOptions) => O },
): Part {
  return mountingRow(row, async (app, plugin, options) => {
    await app.register(plugin, row.options(options));
  });
}

/** A row whose plugin takes no options. */
function plainPart(row: Row & { load: () => Promise<FastifyPluginAsync> }): Part {
  return mountingRow(row, async (app, plugin) => {
    await app.register(plugin);
  });
}

/** A Part of `row`: mounting loads the plugin and checks its declared needs before `register`. */
function mountingRow<P extends object>(
  row: Row & { load: () => Promise<P> },
  register: (app: FastifyInstance, plugin: P, options: ServerOptions) => Promise<void>,
): Part {
  return {
    name: row.name,
    enabled: row.when ?? (() => true),
    load: row.load,
    mount: async (app, options) => {
      const plugin = await row.load();
      checkDeclaredNeeds(app, row.name, plugin);
      await register(app, plugin, options);
    },
  };
}

const registry = (flags: PartFlags) => flags.registry !== false;
const docsHost = (flags: PartFlags) => flags.docsHost !== false;
const all = (options: ServerOptions) => options;

export const PARTS: readonly Part[] = [
  // Where the console answers (hosted mode: --console-host); the parts below ask it.
  part({
    name: 'consoleHost',
    load: async () => (await import('./console/index.js')).consoleHostPart,
    options: all,
  }),
  part({
    name: 'metrics',
    load: async () => (await import('./metrics/index.js')).metricsPlugin,
    options: all,
  }),
  part({
    name: 'registry',
    when: registry,
    load: async () => (await import('./registry/index.js')).registryPlugin,
    options: all,
  }),
  part({
    name: 'siteDatabase',
    load: async () => (await import('./storage/site-database.js')).siteDatabasePlugin,
    options: all,
  }),
  plainPart({
    name: 'docsCacheEvents',
    when: registry,
    load: async () => (await import('./registry/docs-cache-events.js')).docsCacheEvents,
  }),
  part({
    name: 'environmentHosts',
    when: (flags) => flags.proxy !== false || flags.wsProxy !== false,
    load: async () => (await import('./proxy/environment-hosts-source.js')).environmentHostsPlugin,
    options: all,
  }),
  part({
    name: 'proxy',
    when: (flags) => flags.proxy !== false,
    load: async () => (await import('./proxy/index.js')).proxyPlugin,
    options: all,
  }),
  part({
    name: 'wsProxy',
    when: (flags) => flags.wsProxy !== false,
    load: async () => (await import('./ws-proxy/index.js')).wsProxyPlugin,
    options: all,
  }),
  part({
    name: 'siteSource',
    when: docsHost,
    load: async () => (await import('./docs-host/registry-source/index.js')).siteSource,
    options: all,
  }),
  part({
    name: 'docsHost',
    when: docsHost,
    load: async () => (await import('./docs-host/index.js')).docsHost,
    options: (options) => ({
      mode: options.mode,
      ...options.docs,
      ...(options.memoryMiB ? { memoryMiB: options.memoryMiB } : {}),
      ...(options.requestLog ? { requestLog: options.requestLog } : {}),
    }),
  }),
  part({
    name: 'snippetTemplates',
    when: docsHost,
    load: async () => (await import('./docs-host/snippet-templates/plugin.js')).snippetTemplates,
    options: all,
  }),
  plainPart({ name: 'llms', when: docsHost, load: async () => (await import('./llms/index.js')).llmsPlugin }),
  plainPart({ name: 'seo', when: docsHost, load: async () => (await import('./seo/index.js')).seoPlugin }),
  plainPart({ name: 'mcp', when: docsHost, load: async () => (await import('./mcp/index.js')).mcpPlugin }),
  plainPart({ name: 'ai', when: docsHost, load: async () => (await import('./ai/index.js')).aiPlugin }),
  plainPart({
    name: 'analytics',
    when: docsHost,
    load: async () => (await import('./analytics/index.js')).analyticsPlugin,
  }),
  part({
    name: 'dashboard',
    when: registry,
    load: async () => (await import('./dashboard/index.js')).dashboardPlugin,
    options: all,
  }),
  part({
    name: 'authInjection',
    load: async () => (await import('./auth-injection/index.js')).authInjectionPart,
    options: all,
  }),
  plainPart({
    name: 'partChecks',
    load: async () => (await import('./lifecycle/part-checks.js')).partChecks,
  }),
];

/** Mounts the enabled rows of `parts` (default: the server's table) on `app`, in order. */
export async function mountParts(
  app: FastifyInstance,
  options: ServerOptions,
  parts: readonly Part[] = PARTS,
): Promise<void> {
  const flags = options.parts ?? {};
  for (const row of parts) if (row.enabled(flags)) await row.mount(app, options);
}
