/**
 * Vite config of the docs site's client bundle: one entry (hydration), lazy chunks for search
 * and the playground, a manifest for the docs host. Built on demand by `ensureClientBuild`.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  base: '/_sextant/assets/',
  // Always React's production build: the bundle is built on demand by whatever process needs it
  // first (vitest sets NODE_ENV=test), and the cached build is shared by every later process.
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
      input: { main: 'src/client/main.tsx', playground: 'src/client/playground-view.tsx' },
    },
  },
});
