#!/usr/bin/env node
/** Runs every benchmark in bench/ one after the other; each prints its own ratios. */
import { spawnSync } from 'node:child_process';

for (const name of [
  'import',
  'snippets',
  'examples',
  'registry',
  'proxy',
  'docs-page',
  'startup',
  'search',
]) {
  console.log(`\n=== bench:${name} ===`);
  const result = spawnSync('npm', ['run', '--silent', `bench:${name}`], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}
