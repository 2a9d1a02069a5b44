/**
 * Start-up credentials on real files: without a terminal they are appended to a file created (or
 * narrowed) to mode 0600 in a folder made for it; with one they are written to the terminal
 * stream and no file is touched.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { deliverCredential, describeDestination } from './startup-credentials.js';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

async function folder(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'sextant-credentials-'));
  roots.push(root);
  return root;
}

/** A stream that says whether it is a terminal, as process.stderr does. */
function stderrLike(isTTY: boolean): NodeJS.WriteStream & { text: () => string } {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & { text: () => string };
  let text = '';
  (stream as unknown as PassThrough).on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  Object.assign(stream, { isTTY, text: () => text });
  return stream;
}

describe('deliverCredential', () => {
  it('appends to a 0600 file in a new folder when stderr is not a terminal', async () => {
    const file = join(await folder(), 'nested', 'credentials');
    const stderr = stderrLike(false);
    const first = await deliverCredential(
      { label: 'admin token of organization a', token: 'sxt_one' },
      file,
      stderr,
    );
    await deliverCredential({ label: 'operator token of user u', token: 'sxt_two' }, file, stderr);
    expect(first).toEqual({ kind: 'file', path: file });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\S+ admin token of organization a: sxt_one$/);
    expect(lines[1]).toMatch(/operator token of user u: sxt_two$/);
    expect(stderr.text()).toBe('');
    expect(describeDestination(first)).toBe(`written to ${file} (readable by this user only)`);
  });

  it('narrows an existing readable file to 0600 before writing', async () => {
    const file = join(await folder(), 'credentials');
    await writeFile(file, 'earlier\n');
    await chmod(file, 0o644);
    await deliverCredential({ label: 'x', token: 'sxt_three' }, file, stderrLike(false));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toMatch(/^earlier\n.*x: sxt_three\n$/);
  });

  it('writes to the terminal and touches no file when stderr is one', async () => {
    const file = join(await folder(), 'credentials');
    const stderr = stderrLike(true);
    const destination = await deliverCredential(
      { label: 'admin token of organization a', token: 'sxt_tty' },
      file,
      stderr,
    );
    expect(destination).toEqual({ kind: 'terminal' });
    expect(stderr.text()).toContain('sxt_tty');
    expect(existsSync(file)).toBe(false);
    expect(describeDestination(destination)).toBe('shown on the terminal');
  });
});
