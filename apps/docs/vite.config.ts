/**
 * Vite config of the docs site's client bundle: a tiny entry that loads the hydration chunk
 * (React DOM and the islands) after first paint, lazy chunks for search, the explorer root and
 * the playground, a manifest for the docs host. Built once by `npm run build`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * `src/styles/katex.css` becomes KaTeX's stylesheet with only its woff2 fonts (every browser the
 * site supports reads woff2), so the build emits those and not the woff and ttf copies.
 */
function katexCss(): Plugin {
  const css = createRequire(import.meta.url).resolve('katex/dist/katex.min.css');
  return {
    name: 'sextant-katex-css',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('/src/styles/katex.css')) return undefined;
      const fonts = join(dirname(css), 'fonts');
      return (
        readFileSync(css, 'utf8')
          .replace(/,url\(fonts\/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, '')
          .replace(/url\(fonts\//g, `url(${fonts}/`)
          // Text shows in a fallback font until KaTeX's arrives, instead of staying invisible.
          .replace(/font-display:block/g, 'font-display:swap')
      );
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), katexCss()],
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
        // KaTeX's stylesheet and fonts: inlined by pages with math only (build/client-build.ts).
        katex: 'src/styles/katex.css',
        // Code blocks and components of markdown pages: inlined by markdown pages only.
        content: 'src/styles/content.css',
      },
    },
  },
});
