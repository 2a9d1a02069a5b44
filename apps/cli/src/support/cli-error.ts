/**
 * Errors a command raises for the user: one clear line, no stack trace. `exitCode` 1 means the
 * input was bad or the work failed (`CliError`); 2 means the command was used wrongly
 * (`UsageError`: a bad flag value, a missing required option).
 */
import { SextantError } from '@sextant/definition/errors';

export type CliErrorCode = 'CliError' | 'UsageError';

export class CliError extends SextantError<CliErrorCode> {
  readonly exitCode: 1 | 2;
  constructor(message: string, exitCode: 1 | 2 = 1) {
    super(exitCode === 2 ? 'UsageError' : 'CliError', message);
    this.exitCode = exitCode;
  }
}

/** A usage error (bad flag value, missing required option): exit code 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
  }
}

/** What a file-system failure means, for the paths a command reads or writes (`--out`, `init`'s folder). */
const FILE_SYSTEM_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
};

/**
 * The one line shown for any error: its message, never a stack. A file-system failure names its
 * path and says what went wrong in words (`out/ir.json: no such file or folder (ENOENT)`).
 */
export function errorLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, path } = error as NodeJS.ErrnoException;
  const reason = code === undefined ? undefined : FILE_SYSTEM_REASONS[code];
  if (reason && path) return `${path}: ${reason} (${code})`;
  return error.message.split('\n')[0] ?? error.name;
}

/**
 * A server that could not be built, as the command's error: a bad option value (the server's
 * `…OptionError`s: `--trust-proxy`, `--console-host`, `--memory`) is a usage error, exit 2.
 * @example throw serverStartError('the server could not start', error)
 */
export function serverStartError(what: string, error: unknown): CliError {
  const badOption = error instanceof Error && error.name.endsWith('OptionError');
  return new CliError(`${what}: ${errorLine(error)}`, badOption ? 2 : 1);
}
