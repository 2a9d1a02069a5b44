/**
 * The playground e2e stack: the demo upstreams, a real Sextant server (local mode, port 0)
 * with the harness pages mounted beside its proxy, and Chromium. One per e2e file.
 */
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import type { HarnessConfig } from './harness/harness-entry.js';
import { mountHarness, removeHarnessBuild } from './harness/harness-server.js';

export interface E2eStack {
  baseUrl: string;
  restUrl: string;
  wsUrl: string;
  browser: Browser;
  /** Opens a page and records its console errors and page errors into `errors`. */
  open(
    path: string,
    options?: { width?: number; height?: number },
  ): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

interface StackDeps {
  buildServer: (options: {
    mode: 'local' | 'hosted';
    logger?: boolean;
    parts?: Record<string, boolean>;
    authInjection?: { provider: { type: 'demo' } };
  }) => Promise<FastifyInstance>;
  startDemoServers: (options: {
    restPort: number;
    wsPort: number;
    rpcPort: number;
  }) => Promise<{ restUrl: string; wsUrl: string; rpcUrl: string; close(): Promise<void> }>;
  launchBrowser: () => Promise<Browser>;
}

/** Starts everything; `pages(restUrl, wsUrl)` names the harness pages. */
export async function startE2eStack(
  deps: StackDeps,
  pages: (urls: { restUrl: string; wsUrl: string }) => Record<string, HarnessConfig>,
): Promise<E2eStack> {
  const demos = await deps.startDemoServers({ restPort: 0, wsPort: 0, rpcPort: 0 });
  const app = await deps.buildServer({
    mode: 'local',
    logger: false,
    parts: { registry: false, docsHost: false },
    authInjection: { provider: { type: 'demo' } },
  });
  await mountHarness(app, pages({ restUrl: demos.restUrl, wsUrl: demos.wsUrl }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await deps.launchBrowser();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    restUrl: demos.restUrl,
    wsUrl: demos.wsUrl,
    browser,
    async open(path, options = {}) {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 860 },
        acceptDownloads: true,
      });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: `http://127.0.0.1:${port}`,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(`http://127.0.0.1:${port}${path}`);
      return { page, errors };
    },
    async close() {
      await browser.close();
      await app.close();
      await demos.close();
      await removeHarnessBuild();
    },
  };
}
