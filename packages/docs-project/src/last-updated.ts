/**
 * When each page file of a docs project last changed, for the pages' "Last updated": its last
 * commit (`git log -1 --format=%cI -- file`, read for all files in one `git log` walk that stops
 * once every file is dated) when the project is in a git repository and the file is committed
 * and unchanged, else the file's modification time. Read when the project is loaded or published.
 */
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { GIT_TIMEOUT_MS, git } from './git.js';

/** Last commit date of each of `files` (project paths), walking `git log` newest first until all are found. */
function commitDates(dir: string, files: ReadonlySet<string>): Promise<Map<string, string>> {
  return new Promise((resolve) => {
    const dates = new Map<string, string>();
    const child = spawn(
      'git',
      ['-C', dir, 'log', '--format=%x1e%cI', '--name-only', '--relative', '--', '.'],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const timer = setTimeout(() => child.kill(), GIT_TIMEOUT_MS);
    let current: string | undefined;
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('\u001e')) current = line.slice(1).trim();
      else if (line && current && files.has(line) && !dates.has(line)) {
        dates.set(line, new Date(current).toISOString());
        // Every file dated: the rest of the history is not needed.
        if (dates.size === files.size) child.kill();
      }
    });
    const done = () => {
      clearTimeout(timer);
      resolve(dates);
    };
    child.on('close', done);
    child.on('error', done);
  });
}

/**
 * The last change of each project file (project-relative paths, `/`-separated), ISO 8601.
 * @example await lastUpdated('/docs', ['pages/intro.md']) // Map { 'pages/intro.md' => '2026-11-20T09:12:00.000Z' }
 */
export async function lastUpdated(dir: string, files: readonly string[]): Promise<Map<string, string>> {
  const wanted = new Set(files);
  const dates = new Map<string, string>();
  if (wanted.size === 0) return dates;
  const inGit = (await git(dir, ['rev-parse', '--is-inside-work-tree']))?.trim() === 'true';
  if (inGit) {
    // Files changed since their last commit (or never committed) are dated by the file system.
    // Porcelain paths are relative to the repository's root: the project's prefix comes off.
    const prefix = (await git(dir, ['rev-parse', '--show-prefix']))?.trim() ?? '';
    const status = (await git(dir, ['status', '--porcelain', '--untracked-files=all', '--', '.'])) ?? '';
    const dirty = new Set(
      status
        .split('\n')
        .filter(Boolean)
        .map((line) => line.slice(3).replace(/^"|"$/g, '').split(' -> ').pop() ?? '')
        .map((path) => (path.startsWith(prefix) ? path.slice(prefix.length) : path)),
    );
    const committed = new Set([...wanted].filter((file) => !dirty.has(file)));
    if (committed.size > 0)
      for (const [file, date] of await commitDates(dir, committed)) dates.set(file, date);
  }
  await Promise.all(
    [...wanted]
      .filter((file) => !dates.has(file))
      .map(async (file) => {
        const info = await stat(join(dir, file)).catch(() => undefined);
        if (info) dates.set(file, info.mtime.toISOString());
      }),
  );
  return dates;
}
