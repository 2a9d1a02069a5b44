/**
 * Vite config of the docs site's client bundle: a tiny entry that loads the hydration chunk
 * (React DOM and the islands) after first paint, lazy chunks for search, the explorer root and
 * the playground, the icon sprite, a manifest for the docs host. Built once by `npm run build`.
 */
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ICON_SPRITE_FILE, iconSprite } from './src/server/mdx/icons.js';

/** The bundled icons as one sprite file beside the chunks (pages `<use>` its symbols). */
function iconSpriteAsset(): Plugin {
  return {
    name: 'sextant-icon-sprite',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: ICON_SPRITE_FILE, source: iconSprite() });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), iconSpriteAsset()],
  logLevel: 'warn',
  base: '/_sextant/assets/',
  // Always React's production build, whatever NODE_ENV the building process has (vitest: test).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    rollupOptions: {
      // The playground view is an entry of its own: modules it shares with its own lazy chunks
      // (the JSON editor) then stay with it instead of being hoisted into the first-load chunk.
      input: {
        main: 'src/client/main.tsx',
        playground: 'src/client/playground-view.tsx',
        // Code blocks and components of markdown pages: inlined by markdown pages only.
        content: 'src/styles/content.css',
      },
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              // The island attribute names, shared by the entry and the lazy chunks: in a chunk of
              // their own, or the lazy chunks import the entry chunk and with it list the entry's
              // stylesheet (which every page inlines) as a dependency Vite links again at run time.
              name: 'island-attributes',
              test: /\/packages\/docs-site\/src\/shared\/island-attributes\.ts$/,
            },
            {
              // React, and the small modules the lazy chunks (page-body islands, Ask AI, the explorer,
              // the expansion body) share with the hydration chunk (island plumbing, Copy, the
              // full-page store, the type reader's wrappers and literal labels, @sextant/ui's tabs, copy button and Store):
              // one chunk every page loads instead of a chunk each (each costs the first load its
              // own glue and request). Only modules the first load holds anyway: a group takes a
              // module whole, used or not.
              name: 'react-dom',
              test: /\/node_modules\/(?:react|react-dom|scheduler)\/|\/packages\/definition\/src\/(?:ir\/(?:read-types\/wrappers|literal-values)|sextant-error)\.ts$|\/packages\/docs-site\/src\/(?:components\/(?:island|full-page|copy-button)\.tsx|shared\/(?:safe-html|full-page-store)\.tsx?)$|\/packages\/ui\/src\/(?:(?:tabs|copy-button)\/|store\/store\.ts$|roving-index\.ts$)/,
            },
          ],
        },
      },
    },
  },
});
