/**
 * The parts table (parts.ts) read by one loop: every combination of the `parts` flags mounts the
 * rows it enables, in the table's order, and only those (the plugins Fastify reports, the
 * decorators and routes they add); a part whose declared need no earlier part provides stops the
 * start with a PartDependencyError naming it, and a part's plugin registered alone without its
 * need is refused by Fastify's own check of the declared decorators.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.js';
import { PartDependencyError } from './lifecycle/index.js';
import { readinessPlugin } from './lifecycle/readiness.js';
import { llmsPlugin } from './llms/index.js';
import { mountParts, PARTS, type PartFlags } from './parts.js';
import { createPostgresDatabase } from './registry/testing/servers.js';

const FLAGS = ['registry', 'proxy', 'wsProxy', 'docsHost'] as const;

/** All sixteen combinations of the four flags. */
const COMBINATIONS: Required<PartFlags>[] = Array.from({ length: 16 }, (_, bits) => ({
  registry: (bits & 1) !== 0,
  proxy: (bits & 2) !== 0,
  wsProxy: (bits & 4) !== 0,
  docsHost: (bits & 8) !== 0,
}));

/** What each combination mounts, in order: the server's parts as they were mounted before the table. */
function expectedParts(flags: Required<PartFlags>): string[] {
  return [
    'consoleHost',
    'metrics',
    ...(flags.registry ? ['registry'] : []),
    'siteDatabase',
    ...(flags.registry ? ['docsCacheEvents'] : []),
    ...(flags.proxy || flags.wsProxy ? ['environmentHosts'] : []),
    ...(flags.proxy ? ['proxy'] : []),
    ...(flags.wsProxy ? ['wsProxy'] : []),
    ...(flags.docsHost
      ? ['siteSource', 'docsHost', 'snippetTemplates', 'llms', 'seo', 'mcp', 'ai', 'analytics']
      : []),
    ...(flags.registry ? ['dashboard'] : []),
    'authInjection',
    'partChecks',
  ];
}

/** The name Fastify lists a plugin under: its fastify-plugin name, else its function's. */
function pluginName(plugin: object): string {
  const meta = (plugin as { [key: symbol]: { name?: string } | undefined })[Symbol.for('plugin-meta')];
  return meta?.name ?? (plugin as { name: string }).name;
}

/** The plugin names in Fastify's tree of `app` (each line's name, without the tree drawing). */
function mountedPlugins(app: FastifyInstance): Set<string> {
  return new Set(
    app
      .printPlugins()
      .split('\n')
      .map((line) =>
        line
          .replace(/^[\s│├└─┬]+/u, '')
          .replace(/ \d+ ms$/, '')
          .trim(),
      ),
  );
}

/** One PostgreSQL database for the registry of every combination (migrated once). */
let database: { url: string; drop(): Promise<void> };
beforeAll(async () => {
  const created = await createPostgresDatabase();
  if ('skipped' in created) throw new Error(`PostgreSQL is needed: ${created.skipped}`);
  database = created;
});
afterAll(() => database.drop());

const opened: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

describe('the parts table', () => {
  it.each(COMBINATIONS)('parts %j mounts the rows it enables and only those', async (flags) => {
    expect(PARTS.filter((part) => part.enabled(flags)).map((part) => part.name)).toEqual(
      expectedParts(flags),
    );

    const app = await buildServer({ mode: 'local', parts: flags, databaseUrl: database.url, logger: false });
    opened.push(app);
    await app.ready();
    const mounted = mountedPlugins(app);
    for (const part of PARTS) {
      const name = pluginName(await part.load());
      expect({ part: part.name, mounted: mounted.has(name) }).toEqual({
        part: part.name,
        mounted: part.enabled(flags),
      });
    }
    expect(app.hasDecorator('registry')).toBe(flags.registry);
    expect(app.hasDecorator('docsHost')).toBe(flags.docsHost);
    expect(app.hasDecorator('docsSiteSource')).toBe(flags.registry && flags.docsHost);
    expect(app.hasRoute({ method: 'GET', url: '/proxy/*' })).toBe(flags.proxy);
    expect(app.hasRoute({ method: 'GET', url: '/_sextant/snippet-templates' })).toBe(flags.docsHost);
  });
});

describe('declared needs', () => {
  it('a part mounted without the part it needs stops the start with a PartDependencyError naming both', async () => {
    const app = Fastify();
    opened.push(app);
    await app.register(readinessPlugin);
    const withoutDocsHost = PARTS.filter((part) => part.name !== 'docsHost');
    const error = await mountParts(
      app,
      { mode: 'local', parts: { registry: false, proxy: false, wsProxy: false } },
      withoutDocsHost,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PartDependencyError);
    expect(error).toMatchObject({ code: 'PartDependencyError', decorator: 'docsHost' });
    expect((error as Error).message).toContain('"llms" part needs app.docsHost');
  });

  it('the dashboard without the registry is refused the same way', async () => {
    const app = Fastify();
    opened.push(app);
    const dashboardAlone = PARTS.filter((part) => part.name === 'consoleHost' || part.name === 'dashboard');
    await expect(mountParts(app, { mode: 'hosted' }, dashboardAlone)).rejects.toMatchObject({
      code: 'PartDependencyError',
      decorator: 'registry',
    });
  });

  it("a part's plugin registered alone without its need is refused by Fastify's check of its declaration", async () => {
    const app = Fastify();
    opened.push(app);
    await expect(app.register(llmsPlugin)).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE',
      message: expect.stringContaining("'docsHost' required by 'sextant-llms'"),
    });
  });
});
