/**
 * Raw deflate ended by a full flush (`page-gzip.ts`'s pieces), from one zlib stream per level kept
 * for the process (issue #30). `deflateRawSync` sets up a stream for every call: ~300 KB of zlib
 * state allocated, its hash table cleared, and freed again, ~20 µs on an idle machine and several
 * times that in a busy server (fresh pages of memory from the kernel), twice a cold page. A full
 * flush already forgets everything before it (zlib clears its hash table: no match reaches back
 * over it), so one long-lived stream flushed after each piece writes the very bytes a new stream
 * would (bench/serve/prepare-pages.ts: the same gzip bytes, ~15 % less CPU a page).
 *
 * Node has no public synchronous API for writing to a stream that stays open (`deflateRawSync`
 * and `_processChunk` close it), so this drives the stream's native handle as Node's own
 * `processChunkSync` does (`_handle.writeSync`, `_writeState`, in Node since v10). Where a Node
 * lacks them, or a stream fails, each piece takes `deflateRawSync` as before.
 */
import { constants, createDeflateRaw, type DeflateRaw, deflateRawSync } from 'node:zlib';

/** The native side of a zlib stream, as `processChunkSync` in Node's `lib/zlib.js` uses it. */
interface NativeDeflate {
  writeSync(
    flush: number,
    input: Uint8Array,
    inputOffset: number,
    inputLength: number,
    output: Uint8Array,
    outputOffset: number,
    outputLength: number,
  ): void;
}

interface Engine {
  stream: DeflateRaw;
  native: NativeDeflate;
  /** After each write: [output bytes left unused, input bytes left unread]. */
  state: Uint32Array;
}

type Internals = { _handle?: Partial<NativeDeflate> | null; _writeState?: unknown };

const engines = new Map<number, Engine | null>();

/** Where each piece is written before it is copied out: grown for a long piece, then let go. */
const OUTPUT_BYTES = 64 * 1024;
let output = Buffer.allocUnsafe(OUTPUT_BYTES);

function engineAt(level: number): Engine | null {
  let engine = engines.get(level);
  if (engine === undefined) {
    const stream = createDeflateRaw({ level, windowBits: 15 });
    const { _handle: native, _writeState: state } = stream as unknown as Internals;
    engine =
      typeof native?.writeSync === 'function' && state instanceof Uint32Array && state.length >= 2
        ? { stream, native: native as NativeDeflate, state }
        : null;
    if (!engine) stream.destroy();
    engines.set(level, engine);
  }
  return engine;
}

/**
 * `bytes` compressed at `level` as raw deflate ended by a full flush: non-final blocks, byte
 * aligned, referring to nothing before them, so such pieces laid end to end are one stream.
 * @example inflateRawSync(Buffer.concat([flushedDeflate(a, 3), flushedDeflate(b, 9), Buffer.from([3, 0])])) // a + b
 */
export function flushedDeflate(bytes: Uint8Array, level: number): Buffer {
  const engine = engineAt(level);
  if (engine) {
    const piece = throughEngine(engine, bytes);
    if (piece) return piece;
    // A stream that failed is not used again: this piece and the next take a stream of their own.
    engines.set(level, null);
    engine.stream.destroy();
  }
  return deflateRawSync(bytes, { level, windowBits: 15, finishFlush: constants.Z_FULL_FLUSH });
}

/** `bytes` through `engine`'s stream; undefined when the stream failed. */
function throughEngine({ stream, native, state }: Engine, bytes: Uint8Array): Buffer | undefined {
  let inputOffset = 0;
  let inputLeft = bytes.length;
  let written = 0;
  for (;;) {
    native.writeSync(
      constants.Z_FULL_FLUSH,
      bytes,
      inputOffset,
      inputLeft,
      output,
      written,
      output.length - written,
    );
    // zlib reports errors through the handle's `onerror`, which destroys the stream.
    if (stream.destroyed) return undefined;
    const outputLeft = state[0] as number;
    const inputLeftAfter = state[1] as number;
    written = output.length - outputLeft;
    inputOffset += inputLeft - inputLeftAfter;
    inputLeft = inputLeftAfter;
    // A flush is done when zlib leaves output room unused (zlib's own loop tests the same).
    if (outputLeft !== 0) break;
    const larger = Buffer.allocUnsafe(output.length * 2);
    output.copy(larger, 0, 0, written);
    output = larger;
  }
  const piece = Buffer.from(output.subarray(0, written));
  if (output.length > 16 * OUTPUT_BYTES) output = Buffer.allocUnsafe(OUTPUT_BYTES);
  return piece;
}

/** Whether pieces come from long-lived streams here (false where Node lacks the internals used). */
export const reusesStreams = (level: number) => engineAt(level) !== null;
