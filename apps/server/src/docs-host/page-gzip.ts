/**
 * A page's gzip body spliced from pieces compressed apart (issue #30 item 3): the parts a page
 * shares with other pages of its site (inlined stylesheets, sidebar chunks) are compressed once,
 * the page's own text each time. Each piece is raw deflate ended by a full flush: byte-aligned, no
 * final block, nothing referring to bytes before it, so any such pieces laid end to end are one
 * valid deflate stream (what pigz does); a final empty block ends it, gzip's header and trailer
 * (CRC-32 and length of the whole body) wrap it.
 */
import { crc32 } from 'node:zlib';
import { flushedDeflate } from './flushed-deflate.js';

/** The header `gzipSync` writes: deflate, no name, no time, OS Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);

/** A final fixed-Huffman block holding nothing: what zlib writes to finish a flushed stream. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * Pieces shorter than this are stored, not compressed: a stored block is only 5 bytes more than
 * its text (the newline between two style elements), and a flush ends a compressed one with
 * about as many.
 */
const STORED_BELOW = 128;

/** `bytes` (under 64 KiB) as a stored, non-final deflate block; byte-aligned after a flushed piece. */
function storedBlock(bytes: Uint8Array): Buffer {
  const block = Buffer.allocUnsafe(5 + bytes.length);
  block[0] = 0x00;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  block.set(bytes, 5);
  return block;
}

/**
 * `bytes` as a deflate piece at `level` (see the module's comment): any other piece may come
 * before or after it.
 * @example gzipFromPieces([deflatePiece(head, 3), deflatePiece(sheet, 9)], Buffer.concat([head, sheet]))
 */
export function deflatePiece(bytes: Uint8Array, level: number): Buffer {
  if (bytes.length < STORED_BELOW) return storedBlock(bytes);
  return flushedDeflate(bytes, level);
}

/**
 * The gzip member of `body` from `pieces`, its deflate pieces in order (their text, laid end to
 * end, must be `body`).
 */
export function gzipFromPieces(pieces: readonly Buffer[], body: Uint8Array): Buffer {
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc32(body), 0);
  trailer.writeUInt32LE(body.length >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, ...pieces, FINAL_EMPTY_BLOCK, trailer]);
}
