/**
 * A rendered page made ready to send to every reader: the same bytes for all of them, so a CDN or
 * a browser may keep it and revalidate it by ETag (DESIGN 7). Its CSP nonce (the page's `<style>`
 * elements inserted by script, CodeMirror's, need one) is fixed per rendered page: derived from the
 * site version and the page's HTML, so every replica that renders this version of the page sends
 * the same body, nonce and ETag, and a 304 from one replica agrees with a 200 from another. The
 * nonce guards nothing a reader of the page cannot see anyway (it allows only inline styles; the
 * page's markup is the site's own), so one per version is as strong as one per response here.
 * The body is gzip-encoded once, on first demand.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

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

const digest = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 22);
};

/**
 * Prepares the `html` of a page of site version `version`, whose nonce goes where `placeholder`
 * is (every occurrence; a page without one is sent as it is).
 * @example const page = prepareCachedPage(html, NONCE_PLACEHOLDER, site.version); reply.header('etag', page.etag).send(page.text);
 */
export function prepareCachedPage(html: string, placeholder: string, version: string): CachedPage {
  // base64url has no `+` or `/`: the nonce reads the same in an attribute and in the header.
  const nonce = digest('sextant-csp-nonce', version, html);
  const text = Buffer.from(html.split(placeholder).join(nonce));
  const tag = digest('sextant-page', version, text);
  let compressed: Buffer | undefined;
  return {
    nonce,
    text,
    etag: `"sx-${tag}"`,
    gzipEtag: `"sx-${tag}-gz"`,
    gzip() {
      compressed ??= gzipSync(text, { level: 6 });
      return compressed;
    },
  };
}
