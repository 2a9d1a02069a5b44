/**
 * A rendered page made ready to send to every reader: the same bytes for all of them, so a CDN or
 * a browser may keep it and revalidate it by ETag (DESIGN 7). Its CSP nonce (the page's `<style>`
 * elements inserted by script, CodeMirror's, need one) is fixed per rendered page: derived from the
 * site version and the page's HTML, so every replica that renders this version of the page sends
 * the same body, nonce and ETag, and a 304 from one replica agrees with a 200 from another. The
 * nonce guards nothing a reader of the page cannot see anyway (it allows only inline styles; the
 * page's markup is the site's own), so one per version is as strong as one per response here.
 * The body is gzip-encoded once, on first demand.
 *
 * A cold page pays for this once (issue #30): the HTML is encoded to bytes once and hashed once,
 * nonce and ETag both derived from that one digest, and the nonce written into the bytes; gzip
 * at level 3, not 6: 0.5 ms instead of 1 ms per GitHub endpoint page (~77 KiB), for 14.1 KiB
 * instead of 12.6 (bench/serve/cold.ts).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** gzip's level for pages: levels 1–3 are zlib's fast path; 3 keeps most of 6's ratio. */
export const PAGE_GZIP_LEVEL = 3;

export interface CachedPage {
  /** The CSP nonce in the body (`'nonce-…'` in `style-src`). */
  nonce: string;
  /** The page's bytes. */
  text: Buffer;
  /** Its strong ETag (`"sx-…"`), keyed by the site version and the page's bytes. */
  etag: string;
  /** The ETag of the gzip-encoded body (a different representation, so a different tag). */
  gzipEtag: string;
  /** The body gzip-encoded (compressed on the first call, then kept). */
  gzip(): Buffer;
}

/** 22 base64url characters (132 bits) of the SHA-256 of `parts`, each followed by a NUL. */
const digest = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 22);
};

const utf8 = new TextEncoder();

/** `bytes` with `value` wherever `placeholder` is (the same bytes when it is nowhere). */
function replaceAll(bytes: Buffer, placeholder: string, value: string): Buffer {
  let at = bytes.indexOf(placeholder);
  if (at === -1) return bytes;
  const replacement = Buffer.from(value);
  const pieces: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    pieces.push(bytes.subarray(from, at), replacement);
    from = at + placeholder.length;
    at = bytes.indexOf(placeholder, from);
  }
  pieces.push(bytes.subarray(from));
  return Buffer.concat(pieces);
}

/**
 * Prepares the `html` of a page of site version `version`, whose nonce goes where `placeholder`
 * is (every occurrence; a page without one is sent as it is).
 * @example const page = prepareCachedPage(html, NONCE_PLACEHOLDER, site.version); reply.header('etag', page.etag).send(page.text);
 */
export function prepareCachedPage(html: string, placeholder: string, version: string): CachedPage {
  // TextEncoder: ~30 % faster than Buffer.from on a page's HTML (a two-byte string: `…`, `☰`).
  const encoded = utf8.encode(html);
  const bytes = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength);
  // The page's one digest: nonce and tag follow from the version and the HTML, so from the body too.
  const page = createHash('sha256').update(version).update('\0').update(bytes).digest();
  // base64url has no `+` or `/`: the nonce reads the same in an attribute and in the header.
  const nonce = digest('sextant-csp-nonce', page);
  const text = replaceAll(bytes, placeholder, nonce);
  const tag = digest('sextant-page', page);
  let compressed: Buffer | undefined;
  return {
    nonce,
    text,
    etag: `"sx-${tag}"`,
    gzipEtag: `"sx-${tag}-gz"`,
    gzip() {
      compressed ??= gzipSync(text, { level: PAGE_GZIP_LEVEL });
      return compressed;
    },
  };
}
