/**
 * Vite config of the dashboard SPA (`/_sextant/dashboard`): one entry (index.html → src/main.tsx),
 * hashed assets under /_sextant/dashboard/assets/, no inline script (the page's CSP allows only
 * its own files). Built once by `npm run build` (scripts/build/client.mjs).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  base: '/_sextant/dashboard/',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // Inlined assets would be data: URLs; keep every file a file of its own.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
