/**
 * The request body on its way upstream: passed on chunk by chunk as it arrives (never held back),
 * counted against the request-body cap, and copied into a buffer of at most `replayBytes` so a
 * redirect that has to send the body again (see redirects.ts) can replay it. A body that grows
 * past `replayBytes` drops its copy and keeps streaming; it just cannot be replayed.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { ProxyError } from './errors.js';

/** First size of the copy when the body's length is not declared; it doubles up to the cap. */
const FIRST_COPY_BYTES = 16 * 1024;

/** The reason a body larger than the replay buffer is not sent again. */
export function overReplayBuffer(replayBytes: number): string {
  return `the request body is over the ${replayBytes}-byte replay buffer`;
}

export class RequestBody extends Transform {
  readonly #cap: number;
  readonly #replayBytes: number;
  #total = 0;
  #copy: Buffer | undefined;
  #overflowed = false;
  #ended = false;

  /** `declared`: the Content-Length, when the body has one (sizes the copy once). */
  constructor(cap: number, replayBytes: number, declared?: number) {
    super();
    this.#cap = cap;
    this.#replayBytes = replayBytes;
    if (declared !== undefined && declared > replayBytes) this.#overflowed = true;
    else this.#copy = Buffer.allocUnsafe(declared ?? Math.min(FIRST_COPY_BYTES, replayBytes));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const start = this.#total;
    this.#total += chunk.length;
    if (this.#total > this.#cap) {
      done(new ProxyError('ProxyRequestTooLargeError'));
      return;
    }
    if (!this.#overflowed) this.#keep(chunk, start);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.#ended = true;
    done();
  }

  /** Bytes passed on so far. */
  get total(): number {
    return this.#total;
  }

  /** The whole body, when it has ended and fit the replay buffer; else undefined. */
  replay(): Buffer | undefined {
    if (!this.#ended || this.#overflowed || !this.#copy) return undefined;
    return this.#copy.subarray(0, this.#total);
  }

  /** Why `replay()` has nothing: the body was too large to keep, or had not ended yet. */
  get unreplayableReason(): string {
    return this.#overflowed
      ? overReplayBuffer(this.#replayBytes)
      : 'the request body had not been fully received when the API redirected';
  }

  #keep(chunk: Buffer, at: number): void {
    if (this.#total > this.#replayBytes) {
      this.#overflowed = true;
      this.#copy = undefined;
      return;
    }
    let copy = this.#copy!;
    if (this.#total > copy.length) {
      const grown = Buffer.allocUnsafe(Math.min(this.#replayBytes, Math.max(this.#total, copy.length * 2)));
      copy.copy(grown, 0, 0, at);
      copy = grown;
      this.#copy = grown;
    }
    chunk.copy(copy, at);
  }
}
