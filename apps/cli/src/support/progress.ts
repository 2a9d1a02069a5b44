/**
 * A progress display for long work: on a terminal, one line redrawn in place (`[2/5] registering
 * API "Petstore"`); elsewhere, one plain line per step so logs stay readable.
 */
import type { Output } from './terminal.js';

export interface Progress {
  step: (text: string, index: number, total: number) => void;
  done: () => void;
}

/** A progress display on `output`'s stderr. */
export function createProgress(output: Output, enabled = true): Progress {
  let drawn = false;
  return {
    step(text, index, total) {
      if (!enabled) return;
      const counter = total > 0 ? `${output.errColor.dim(`[${index}/${total}]`)} ` : '';
      const line = `${counter}${text}`;
      if (output.interactive) {
        output.err(`\r\u001b[2K${line}`);
        drawn = true;
      } else {
        output.err(`${line}\n`);
      }
    },
    done() {
      if (drawn) output.err('\r\u001b[2K');
      drawn = false;
    },
  };
}
