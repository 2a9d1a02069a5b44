import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The real command (in the repository it runs the built bundle, building it when stale). */
const BIN = join(import.meta.dirname, '../../bin/sextant.js');

/** Runs the CLI with its output read by nobody (`sextant dev --help | true`). */
async function helpIntoClosedPipe(): Promise<{ code: number | null; stderr: string }> {
  const cli = spawn(process.execPath, [BIN, 'dev', '--help'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cli.stdout.destroy();
  let stderr = '';
  cli.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(cli, 'exit')) as [number | null];
  return { code, stderr };
}

describe('sextant writing to a reader that has gone', () => {
  it('the CLI stops quietly when the program reading its output has gone (EPIPE), no stack trace', async () => {
    const { code, stderr } = await helpIntoClosedPipe();
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 120_000);
});
