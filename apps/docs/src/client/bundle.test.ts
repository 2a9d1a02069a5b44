/**
 * The built browser bundle (`npm run build`; the test setup builds it when stale) runs React 19:
 * React DOM's client, the version installed, is in what every page preloads, and no Preact is in
 * any file of the bundle.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultClientDir, loadClientBuild } from '../build/client-build.js';

const REACT_DOM_VERSION = (
  JSON.parse(
    await readFile(join(import.meta.dirname, '../../../../node_modules/react-dom/package.json'), 'utf8'),
  ) as {
    version: string;
  }
).version;

/** The text of every JavaScript file of the built client, by file name. */
async function builtScripts(dir: string): Promise<Map<string, string>> {
  const names = (await readdir(join(dir, 'assets'))).filter((name) => name.endsWith('.js'));
  return new Map(
    await Promise.all(
      names.map(async (name) => [name, await readFile(join(dir, 'assets', name), 'utf8')] as const),
    ),
  );
}

describe('browser bundle', () => {
  it('preloads React DOM on every page and holds no Preact', async () => {
    const dir = defaultClientDir();
    const build = await loadClientBuild(dir);
    const scripts = await builtScripts(dir);
    expect(scripts.size).toBeGreaterThan(3);
    const preloaded = [build.assets.entry, ...build.assets.preload].map(
      (url) => scripts.get(url.split('/').pop() ?? '') ?? '',
    );
    const firstLoad = preloaded.join('\n');
    // React DOM's client: its root container key, its hydration entry point and its version.
    expect(firstLoad).toContain('__reactContainer$');
    expect(firstLoad).toContain('hydrateRoot');
    expect(firstLoad).toContain(REACT_DOM_VERSION);
    for (const [name, text] of scripts) {
      expect(text, name).not.toMatch(/preact/i);
      // Preact's option hooks and VNode fields, which survive minification.
      expect(text, name).not.toMatch(/__preactattr_|\.__b\b.*\.__r\b.*\.diffed\b/s);
    }
  });
});
