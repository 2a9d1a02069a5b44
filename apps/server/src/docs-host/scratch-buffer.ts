/**
 * A buffer reused for bytes that live only while one page is prepared (issue #30). A Buffer's
 * memory is outside V8's heap, and V8 starts a full mark-compact of the whole heap when such memory
 * grows enough between collections: a cold walk of GitHub's pages left ~110 KB of short-lived
 * bytes a page (its own text encoded, then laid out with its nonce), and that alone made the server
 * spend ~0.2 ms a page in the collector (bench/serve/prepare-pages.ts). Reused, they cost nothing.
 */
export class ScratchBuffer {
  #buffer: Buffer;
  readonly #largest: number;

  /** Starts at `initial` bytes; grows to what a page needs up to `largest`, never shrinks. */
  constructor(initial: number, largest: number) {
    this.#buffer = Buffer.allocUnsafeSlow(initial);
    this.#largest = largest;
  }

  /**
   * A buffer of at least `length` bytes, valid until the next call: this one's, grown when it is
   * short, or (past `largest`, a rare huge page) one of its own, so the scratch stays small.
   * A view taken of an earlier buffer stays valid after it grows (the view holds that memory).
   */
  room(length: number): Buffer {
    if (length <= this.#buffer.length) return this.#buffer;
    if (length > this.#largest) return Buffer.allocUnsafeSlow(length);
    this.#buffer = Buffer.allocUnsafeSlow(Math.min(this.#largest, Math.max(length, 2 * this.#buffer.length)));
    return this.#buffer;
  }
}
