/**
 * A cached page sent with a fresh CSP nonce per response, without compressing the page again:
 * the text before and after the nonce's placeholder is deflated once (the part before ends on a
 * sync flush, so later blocks may follow it), and each response's gzip body is that, the nonce
 * as a block of its own, and a CRC continued over the three parts.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface NoncedPage {
  /** The page with `nonce` in its placeholder. */
  text(nonce: string): Buffer;
  /** The same, gzip-encoded. */
  gzip(nonce: string): Buffer;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Prepares `html`, whose nonce goes where `placeholder` is (its first occurrence; a page without
 * one is sent as it is).
 * @example const page = prepareNoncedPage(html, NONCE_PLACEHOLDER); reply.send(page.gzip(nonce));
 */
export function prepareNoncedPage(html: string, placeholder: string): NoncedPage {
  const at = html.indexOf(placeholder);
  const head = Buffer.from(at < 0 ? html : html.slice(0, at));
  const tail = Buffer.from(at < 0 ? '' : html.slice(at + placeholder.length));
  const headDeflated = deflateRawSync(head, { level: 6, finishFlush: constants.Z_SYNC_FLUSH });
  const tailDeflated = deflateRawSync(tail, { level: 6 });
  const headCrc = crc32(head);
  const inserted = (nonce: string) => Buffer.from(at < 0 ? '' : nonce);
  return {
    text: (nonce) => Buffer.concat([head, inserted(nonce), tail]),
    gzip(nonce) {
      const middle = inserted(nonce);
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc32(tail, crc32(middle, headCrc)), 0);
      trailer.writeUInt32LE((head.length + middle.length + tail.length) >>> 0, 4);
      return Buffer.concat([
        GZIP_HEADER,
        headDeflated,
        deflateRawSync(middle, { level: 0, finishFlush: constants.Z_SYNC_FLUSH }),
        tailDeflated,
        trailer,
      ]);
    },
  };
}
