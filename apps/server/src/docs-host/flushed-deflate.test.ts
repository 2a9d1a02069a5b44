import { randomBytes } from 'node:crypto';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { flushedDeflate, reusesStreams } from './flushed-deflate.js';

/** A final empty fixed-Huffman block: ends a run of flushed pieces. */
const END = Buffer.from([0x03, 0x00]);

const text = (seed: string, times: number) =>
  Buffer.from(
    Array.from({ length: times }, (_, i) => `<li><a href="/${seed}/${i % 17}">${seed} ${i}</a></li>`).join(
      '',
    ),
  );

/** What a stream of its own writes for `bytes`: the bytes a reused stream must match. */
const ownStream = (bytes: Uint8Array, level: number) =>
  deflateRawSync(bytes, { level, windowBits: 15, finishFlush: constants.Z_FULL_FLUSH });

describe('flushedDeflate', () => {
  it('reuses one stream per level on this Node (the fast path is the one tested)', () => {
    expect(reusesStreams(3)).toBe(true);
    expect(reusesStreams(9)).toBe(true);
  });

  it('writes the bytes a new stream would, whatever came before on the reused one', () => {
    const first = text('repos', 400);
    const second = text('repos', 300); // the same words: a stream that remembered would refer back
    flushedDeflate(first, 3);
    expect(flushedDeflate(second, 3).equals(ownStream(second, 3))).toBe(true);
    flushedDeflate(randomBytes(5000), 9);
    expect(flushedDeflate(first, 9).equals(ownStream(first, 9))).toBe(true);
  });

  it('makes pieces that stand alone and join, in any order and at any level', () => {
    const pieces = [text('a', 500), text('b', 50), randomBytes(3000), text('a', 500)];
    const deflated = pieces.map((piece, i) => flushedDeflate(piece, i % 2 ? 9 : 3));
    for (const [i, piece] of pieces.entries())
      expect(inflateRawSync(Buffer.concat([deflated[i] as Buffer, END])).equals(piece)).toBe(true);
    const order = [3, 1, 0, 2];
    expect(
      inflateRawSync(Buffer.concat([...order.map((i) => deflated[i] as Buffer), END])).equals(
        Buffer.concat(order.map((i) => pieces[i] as Buffer)),
      ),
    ).toBe(true);
  });

  it('grows its output for a piece that compresses to more than its buffer, and stays right after', () => {
    const noise = randomBytes(3 * 1024 * 1024); // incompressible: ~3 MiB of output
    const big = flushedDeflate(noise, 3);
    const kept = Buffer.from(big);
    expect(big.length).toBeGreaterThan(noise.length);
    expect(inflateRawSync(Buffer.concat([big, END])).equals(noise)).toBe(true);
    const after = text('after', 200);
    expect(flushedDeflate(after, 3).equals(ownStream(after, 3))).toBe(true);
    // Each piece is its own copy, not a view of the buffer the next piece is written into.
    expect(big.equals(kept)).toBe(true);
  });

  it('writes an empty piece as one that adds nothing', () => {
    flushedDeflate(text('before', 10), 3);
    const empty = flushedDeflate(new Uint8Array(0), 3);
    const next = text('next', 10);
    expect(inflateRawSync(Buffer.concat([empty, END])).length).toBe(0);
    expect(inflateRawSync(Buffer.concat([empty, flushedDeflate(next, 3), END])).equals(next)).toBe(true);
  });
});
