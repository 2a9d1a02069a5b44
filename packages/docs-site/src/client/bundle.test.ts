/**
 * The built browser bundle (`npm run build`; the test setup builds it when stale) runs React 19:
 * React DOM's client, the version installed, is in what every page preloads, and no Preact is in
 * any file of the bundle. What a reference page loads first stays within its budget.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { defaultClientDir, loadClientBuild } from '../build/client-build.js';
import { ICON_SPRITE_FILE, iconName, iconSprite, iconSvg } from '../server/mdx/icons.js';

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

/** Gzip bytes a reference page's first load may fetch as JavaScript (see the test below). */
const REFERENCE_FIRST_LOAD_BUDGET = 76_800;

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

  it("keeps a reference page's first-load JavaScript within its budget", async () => {
    const dir = defaultClientDir();
    const build = await loadClientBuild(dir);
    const scripts = await builtScripts(dir);
    // What every page without page-body islands loads first: the entry, its imports, and the
    // hydration chunk with its imports (`loadClientBuild` preloads them), gzip level 6 as the bench.
    const files = [
      ...new Set([build.assets.entry, ...build.assets.preload].map((url) => url.split('/').pop() ?? '')),
    ];
    const gzip = files.reduce((sum, name) => sum + gzipSync(scripts.get(name) ?? '', { level: 6 }).length, 0);
    console.log(`reference page first-load JS: ${gzip} B gzip in ${files.length} files`);
    // 76,406 B before the authoring work (a332e90); 77,336 B after it (island.tsx and
    // copy-button.tsx split into chunks of their own), 77,708 B with the site chrome (#26);
    // vite.config.ts's chunk group: 76,864 B, then 76,959 B with the type reader (#29); back
    // under the old figure, which is now the budget, with the header tools and page feedback in
    // a lazy chunk of their own (`island-table.ts`). 77,006 B with the invalid-example notes,
    // the literal labels' own chunk and the one Store (#29, #31); 76,121 B with the page actions
    // joining that lazy chunk and the literal labels the shared one; 76,576 B when the error
    // catalogue's base (SextantError, thrown by the full-page store) came as a chunk of its own,
    // 76,364 B with it in the shared chunk. 76,435 B (+71 B, the budget now) with one markdown
    // parser (#31, `@sextant/ui/markdown`, a lazy chunk of 16.9 KB): micromark's namespace import
    // needs the bundler's `__exportAll` helper, and the helpers live in the one runtime chunk
    // every page loads. 76,440 B (+5 B of room): the first-load files name lazy chunks by content
    // hash, and a new hash gzips a byte or two larger or smaller (76,436 B when the lazy playground
    // chunk gained lru-cache for the bounded spec-pattern cache, no first-load code changed).
    // 76,777 B (+337 B; budget 76,800) when the cards' islands stopped carrying their code (#30):
    // the Copy button loads a cut example's code (its loading state, the ClipboardItem write), for
    // 4.5 KB less HTML on every GitHub endpoint page (221 KB on the largest).
    expect(gzip).toBeLessThanOrEqual(REFERENCE_FIRST_LOAD_BUDGET);
  });

  it('never links a stylesheet every page inlines again at run time', async () => {
    const dir = defaultClientDir();
    const manifest = JSON.parse(await readFile(join(dir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { css?: string[] }
    >;
    // The entry's stylesheets are inlined into every page (`loadClientBuild`): a chunk naming one
    // as a dependency makes Vite's preload helper link it into <head> again when the chunk loads,
    // a second download placed after the site's and the project's own sheets.
    const inlined = (manifest['src/client/main.tsx']?.css ?? []).map((file) => file.split('/').pop() ?? '');
    expect(inlined.length).toBeGreaterThan(0);
    for (const [name, text] of await builtScripts(dir)) {
      for (const sheet of inlined) expect(text.includes(sheet), `${name} names ${sheet}`).toBe(false);
    }
  });

  it('holds the icon sprite every icon of a page points into', async () => {
    const sprite = await readFile(join(defaultClientDir(), ICON_SPRITE_FILE), 'utf8');
    expect(sprite).toBe(iconSprite());
    for (const name of ['rocket', 'fa-solid fa-bolt', 'regular book']) {
      const symbol = `#${iconName(name)}"`;
      expect(iconSvg(name)).toContain(symbol);
      expect(sprite).toContain(`<symbol id="${iconName(name)}" viewBox="0 0 24 24"`);
    }
    expect(iconSvg('no-such-icon')).toBeUndefined();
  });
});
