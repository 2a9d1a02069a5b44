/**
 * Output helpers shared by the commands: colours only when the stream is a terminal (and
 * NO_COLOR is unset), and writers that tests can replace.
 */
import pc from 'picocolors';

/** Colour functions; identity functions when colour is off. */
export type Colors = Pick<typeof pc, 'red' | 'green' | 'yellow' | 'cyan' | 'bold' | 'dim'>;

/** Whether to colour output written to `stream`. */
export function wantsColor(stream: NodeJS.WriteStream): boolean {
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY);
}

/** picocolors bound to a decision: `colors(true).red('x')` is red, `colors(false).red('x')` plain. */
export function colors(enabled: boolean): Colors {
  return pc.createColors(enabled);
}

/** Where a command writes: stdout for results, stderr for progress, warnings and errors. */
export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Colours for stdout and stderr (each decided by its own stream). */
  color: Colors;
  errColor: Colors;
  /** stderr is a terminal: progress may redraw a line. */
  interactive: boolean;
}

/** The process's own streams. */
export function processOutput(): Output {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    color: colors(wantsColor(process.stdout)),
    errColor: colors(wantsColor(process.stderr)),
    interactive: Boolean(process.stderr.isTTY),
  };
}
