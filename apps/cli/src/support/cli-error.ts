/**
 * Errors a command raises for the user: one clear line, no stack trace. `exitCode` 1 means the
 * input was bad or the work failed; 2 means the command was used wrongly (a usage error).
 */
export class CliError extends Error {
  readonly code = 'CLI_ERROR';
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A usage error (bad flag value, missing required option): exit code 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

/** The one line shown for any error: its message, never a stack. */
export function errorLine(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.name;
  return String(error);
}
