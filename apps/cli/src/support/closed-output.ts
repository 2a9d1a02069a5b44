/**
 * Output read by a program that stopped reading (`sextant dev --help | head -3`): a write to the
 * closed pipe fails with EPIPE, which Node raises as an unhandled 'error' event (a stack trace and
 * exit 1). Like any Unix tool, the CLI stops quietly instead; any other error of the stream still
 * surfaces.
 */
import type { Writable } from 'node:stream';

/** Exits with the code so far when `stream`'s reader has gone away. */
export function stopWhenReaderCloses(stream: Writable, exit: (code: number) => void = process.exit): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    exit(Number(process.exitCode ?? 0));
  });
}
