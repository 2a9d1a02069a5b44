/**
 * The playground's e2e harness on the real server: builds the harness entry with Vite (once per
 * process, into a temporary folder) and mounts `/__harness/…` routes on a Sextant Fastify app:
 * the built assets, and one page per named config. Pages are same-origin with the proxy, as the
 * docs site's pages are.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { HarnessConfig } from './harness-entry.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const BASE = '/__harness/';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

let built: Promise<string> | undefined;

/** Builds the harness bundle (memoised per process); resolves with the output folder. */
export function buildHarness(): Promise<string> {
  built ??= (async () => {
    const { build } = await import('vite');
    const react = (await import('@vitejs/plugin-react')).default;
    const outDir = await mkdtemp(join(tmpdir(), 'sextant-playground-harness-'));
    await build({
      configFile: false,
      logLevel: 'warn',
      root: resolve(HERE, '../../..'),
      base: `${BASE}assets/`,
      plugins: [react()],
      build: {
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        minify: false,
        rollupOptions: {
          input: join(HERE, 'harness-entry.tsx'),
          output: {
            entryFileNames: 'harness.js',
            chunkFileNames: '[name]-[hash].js',
            assetFileNames: '[name][extname]',
          },
        },
      },
    });
    return outDir;
  })();
  return built;
}

/** Deletes this process's harness build (call when the last stack closes). */
export async function removeHarnessBuild(): Promise<void> {
  const pending = built;
  built = undefined;
  const dir = await pending?.catch(() => undefined);
  if (dir) await rm(dir, { recursive: true, force: true });
}

/** Mounts the harness assets and pages on `app` (before it listens). */
export async function mountHarness(
  app: FastifyInstance,
  pages: Record<string, HarnessConfig>,
): Promise<void> {
  const dir = await buildHarness();
  const files = new Set(await readdir(dir));
  const css = [...files].filter((f) => f.endsWith('.css'));
  app.get<{ Params: { file: string } }>(`${BASE}assets/:file`, async (request, reply) => {
    const file = request.params.file;
    if (!files.has(file)) return reply.code(404).send('not found');
    reply.type(TYPES[extname(file)] ?? 'application/octet-stream');
    return readFile(join(dir, file));
  });
  app.get<{ Params: { name: string } }>(`${BASE}page/:name`, async (request, reply) => {
    const config = pages[request.params.name];
    if (!config) return reply.code(404).send('no such harness page');
    const json = JSON.stringify(config).replaceAll('<', '\\u003c');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Playground harness</title><link rel="icon" href="data:,">${css
      .map((f) => `<link rel="stylesheet" href="${BASE}assets/${f}">`)
      .join(
        '',
      )}</head><body><div id="root"></div><script>window.__PLAYGROUND_HARNESS__=${json}</script><script type="module" src="${BASE}assets/harness.js"></script></body></html>`;
  });
}
