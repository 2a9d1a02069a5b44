/**
 * A command's `Output` for tests: keeps what the command writes to stdout and stderr (and both
 * in the order written), colours off and not interactive, so a test reads what a user would see.
 */
import { colors, type Output } from '../support/terminal.js';

export interface CapturedOutput extends Output {
  /** What went to stdout. */
  stdout(): string;
  /** What went to stderr. */
  stderr(): string;
  /** Both, in the order written. */
  text(): string;
}

/**
 * @example const output = captureOutput(); await runCheck(dir, {}, output); output.text() // '✓ no broken links …'
 */
export function captureOutput(): CapturedOutput {
  let stdout = '';
  let stderr = '';
  let both = '';
  const plain = colors(false);
  return {
    out: (text) => {
      stdout += text;
      both += text;
    },
    err: (text) => {
      stderr += text;
      both += text;
    },
    color: plain,
    errColor: plain,
    interactive: false,
    stdout: () => stdout,
    stderr: () => stderr,
    text: () => both,
  };
}
