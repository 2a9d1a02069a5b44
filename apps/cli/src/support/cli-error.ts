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

/** The one line shown for any error: its message, never a stack. */
export function errorLine(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.name;
  return String(error);
}
