/** Tests' git: a command in a repository, as a fixed committer, at `date` when given (ISO 8601). */
import { execFileSync } from 'node:child_process';

/**
 * Runs `git -C repo ...args` (throws when it fails).
 * @example gitIn(repo, ['commit', '-q', '-m', 'first'], '2026-01-01T10:00:00Z')
 */
export function gitIn(repo: string, args: string[], date?: string): Buffer {
  return execFileSync('git', ['-C', repo, ...args], {
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
      ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
    },
  });
}
