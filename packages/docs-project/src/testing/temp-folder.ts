/**
 * Files written for a test: a map of `/`-separated paths to text, folders made as needed, into a
 * folder the test names or a fresh one under the system's temp folder.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Writes `files` under `dir` (which must exist).
 * @example await writeFiles(dir, { 'docs.yml': 'title: X\n', 'pages/a.md': '# A\n' })
 */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

/**
 * Writes `files` into a fresh temp folder named from `prefix`; returns the folder.
 * @example const dir = await writeTempFolder({ 'docs.json': '{}' }, 'sextant-mintlify-')
 */
export async function writeTempFolder(files: Record<string, string>, prefix = 'sextant-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await writeFiles(dir, files);
  return dir;
}
