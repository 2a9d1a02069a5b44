/**
 * Asking git about a docs project: one `git -C dir …` call, its output, or undefined when git is
 * missing, the folder is no repository, the call fails or it runs past its time.
 */
import { execFile } from 'node:child_process';

/** Longest a git call may take before its answer counts as none. */
export const GIT_TIMEOUT_MS = 10_000;

/** Most output read from one call (a spec file at a commit can be large). */
const GIT_MAX_OUTPUT = 64 * 1024 * 1024;

/**
 * The output of `git -C dir ...args`, or undefined when it fails.
 * @example await git('/docs', ['rev-parse', '--show-toplevel']) // '/repo\n'
 */
export function git(dir: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['-C', dir, ...args],
      { timeout: GIT_TIMEOUT_MS, maxBuffer: GIT_MAX_OUTPUT },
      (error, stdout) => resolve(error ? undefined : stdout),
    );
  });
}
