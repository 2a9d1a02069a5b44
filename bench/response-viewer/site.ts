/**
 * The site bench:response and its profiler load: the real Sextant server (local mode, its HTTP
 * proxy and docs host) serving the large-answers project, with the loopback upstream answering
 * 1 MB and 10 MB JSON (`packages/playground/src/testing/large-answers.ts`).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NavItem } from '@sextant/definition';
import { buildServer } from '@sextant/server';
import {
  type LargeSize,
  startLargeAnswersUpstream,
  writeLargeAnswersProject,
} from '../../packages/playground/src/testing/large-answers.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface LargeAnswersSite {
  /** The reference page URL of the endpoint answering `size` (its body made and cached first). */
  pageUrl(size: LargeSize): string;
  close(): Promise<void>;
}

function slugOf(items: NavItem[], id: string): string {
  for (const item of items) {
    if (item.type === 'endpoint' && item.endpointId === id) return item.slug;
    const inner = 'children' in item ? slugOf(item.children, id) : '';
    if (inner) return inner;
  }
  return '';
}

/** Starts the upstream and the server on free loopback ports, with a copy of the built docs client. */
export async function startLargeAnswersSite(): Promise<LargeAnswersSite> {
  const upstream = await startLargeAnswersUpstream();
  const project = await writeLargeAnswersProject(upstream.url);
  const clientDir = await mkdtemp(join(tmpdir(), 'sextant-bench-response-'));
  await cp(join(ROOT, 'packages/docs-site/dist/client'), clientDir, { recursive: true });
  const app = await buildServer({
    mode: 'local',
    logger: false,
    parts: { registry: false, proxy: true, wsProxy: false, docsHost: true },
    docs: { projectDir: project.dir, clientDir },
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const { project: loaded, error } = await app.docsHost.current();
  if (!loaded) throw error;
  return {
    pageUrl(size) {
      upstream.body(size);
      return `${origin}/${slugOf(loaded.definition.navigation, `getBulk${size.toUpperCase()}`)}`;
    },
    async close() {
      await app.close();
      await upstream.close();
      await project.remove();
      await rm(clientDir, { recursive: true, force: true });
    },
  };
}
