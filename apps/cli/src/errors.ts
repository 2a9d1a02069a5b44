/**
 * The error catalogue of @sextant/cli: the failures a command reports in one line, with the exit
 * code they set (1: the input was bad or the work failed; 2: the command was used wrongly).
 */
import type { ErrorCatalogue } from '@sextant/definition/errors';
import { CliError, UsageError } from './support/cli-error.js';

export { CliError, UsageError };

export const cliErrors: ErrorCatalogue = {
  packageName: '@sextant/cli',
  entries: [
    {
      code: 'CliError',
      description: 'A command failed on its input or its work; the line names the file or call (exit 1).',
      example: () => new CliError('docs.yml: navigation[0] names no page'),
    },
    {
      code: 'UsageError',
      description: 'A command was used wrongly: a bad flag value or a missing required option (exit 2).',
      example: () => new UsageError('--endpoint is required: give "METHOD /path"'),
    },
  ],
};
