/**
 * The `sextant` command line: one subcommand per module in `commands/`, registered from a table.
 * Exit codes: 0 success, 1 the input was bad or the work failed, 2 the command was used wrongly.
 * Errors print as one line (`error: …`), never a stack trace.
 */
import { Command, CommanderError } from 'commander';
import { commands } from './commands/index.js';
import { CliError, errorLine } from './support/cli-error.js';
import { stopWhenReaderCloses } from './support/closed-output.js';
import { colors, wantsColor } from './support/terminal.js';

stopWhenReaderCloses(process.stdout);
stopWhenReaderCloses(process.stderr);

const program = new Command('sextant')
  .description('API documentation with a live request playground')
  .version('0.1.0')
  .exitOverride()
  .showHelpAfterError('(run with --help for usage)')
  .configureOutput({ outputError: (text, write) => write(colors(wantsColor(process.stderr)).red(text)) });

for (const register of commands) register(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version exit 0; every other commander error is a usage error.
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else {
    const color = colors(wantsColor(process.stderr));
    process.stderr.write(`${color.red('error:')} ${errorLine(error)}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : 1;
  }
}
