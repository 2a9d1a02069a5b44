#!/usr/bin/env node
// Entry point of the `sextant` command: runs the TypeScript sources through tsx (no build step).
import { register } from 'tsx/esm/api';

const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.error(
    `sextant needs Node.js 22.12 or newer (this is ${process.version}). Run it through npm (npm start, npx sextant), which uses the Node 24 the project installs.`,
  );
  process.exit(1);
}
register();
try {
  await import('../src/main.ts');
} catch (error) {
  // A source that does not load (a broken checkout, a missing dependency): one line, exit 1.
  const message = error instanceof Error ? error.message.split('\n').slice(0, 2).join(' ') : String(error);
  console.error(`error: sextant could not load: ${message}`);
  process.exit(1);
}
