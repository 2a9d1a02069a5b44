/**
 * Vite config of the docs site's client bundle: a tiny entry that loads the hydration chunk
 * (React DOM and the islands) after first paint, lazy chunks for search, the explorer root and
 * the playground, a manifest for the docs host. Built once by `npm run build`.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
      input: { main: 'src/client/main.tsx', playground: 'src/client/playground-view.tsx' },
    },
  },
});
