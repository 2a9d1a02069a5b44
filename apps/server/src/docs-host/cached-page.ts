/**
 * A rendered page made ready to send to every reader: the same bytes for all of them, so a CDN or
 * a browser may keep it and revalidate it by ETag (DESIGN 7). Its CSP nonce (the page's `<style>`
 * elements inserted by script, CodeMirror's, need one) is fixed per rendered page: derived from the
 * site version and the page's HTML, so every replica that renders this version of the page sends
 * the same body, nonce and ETag, and a 304 from one replica agrees with a 200 from another. The
 * nonce guards nothing a reader of the page cannot see anyway (it allows only inline styles; the
 * page's markup is the site's own), so one per version is as strong as one per response here.
 * A page is kept in one form (issue #30): gzip-encoded once it is 1 KiB or more, the form nearly
 * every reader and every CDN takes, its bytes inflated again for the rare reader that does not; a
 * shorter page as its bytes. Keeping both held ~85 KB a GitHub endpoint page outside V8's heap
 * instead of ~13 KB, and that external memory grew by ~100 MB over a walk of its 1,223 pages,
 * enough to start a full mark-compact of the server's heap (~0.5 s of CPU each) twice a walk.
 *
 * A cold page pays for this once (issue #30): the HTML is encoded to bytes once and hashed once,
 * nonce and ETag both cut from that one digest, and the bytes laid out once with the nonce
 * in them (every run compressed is a view into them, nothing copied again), in buffers reused
 * from page to page (`scratch-buffer.ts`): only the gzip body is allocated for the page. The
 * parts a page shares with other pages of its site (`SharedPart`: the inlined stylesheets, the
 * chunks of a group's sidebar) are encoded once for all of them, kept by the part; the long ones
 * (stylesheets) are compressed once too, and the runs of the page between them (its own text and
 * the short shared parts) each time (gzip at level 3, zlib's fast path, through a zlib stream
 * kept for the process: `flushed-deflate.ts`), the gzip body spliced from both (`page-gzip.ts`).
 * A shared part that holds the placeholder is treated as the page's own text (its nonce differs
 * per page).
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { PagePart, SharedPart } from '@sextant/docs-site';
import { deflatePiece, gzipFromPieces } from './page-gzip.js';
import { GZIP_MIN_BYTES } from './responses.js';
import { ScratchBuffer } from './scratch-buffer.js';
import { utf8Bytes } from './utf8-bytes.js';

/** gzip's level for a page's own text: levels 1–3 are zlib's fast path; 3 keeps most of 6's ratio. */
export const PAGE_GZIP_LEVEL = 3;

/** gzip's level for shared parts: compressed once per site version, so the best ratio is cheap. */
export const SHARED_GZIP_LEVEL = 9;

export interface CachedPage {
  /** The CSP nonce in the body (`'nonce-…'` in `style-src`). */
  readonly nonce: string;
  /** Its strong ETag (`"sx-…"`), keyed by the site version and the page's bytes. */
  readonly etag: string;
  /** The ETag of the gzip-encoded body (a different representation, so a different tag). */
  readonly gzipEtag: string;
  /** The page's length in bytes. */
  readonly length: number;
  /** The body gzip-encoded; none for a page under GZIP_MIN_BYTES (sent as it is to every reader). */
  readonly gzip?: Buffer;
  /** Bytes the page holds: its gzip body, or the bytes of a short page. */
  readonly heldBytes: number;
  /** The page's bytes (a page kept gzip-encoded inflates them on each call). */
  text(): Buffer;
}

/**
 * The page's nonce and tag from its digest (32 bytes, 43 base64url characters): the nonce the
 * first 22 characters (132 bits), the tag the other 21 (126 bits), so neither tells the other;
 * base64url has no `+` or `/`, so the nonce reads the same in an attribute and in the header.
 */
function nonceAndTag(digest: Buffer): { nonce: string; tag: string } {
  const encoded = digest.toString('base64url');
  return { nonce: encoded.slice(0, 22), tag: encoded.slice(22) };
}

/** A shared part's bytes and their deflate piece (made on the first gzip), kept by the part. */
interface SharedBytes {
  readonly bytes: Buffer;
  /** The placeholder `holdsPlaceholder` was found for. */
  readonly placeholder: string;
  readonly holdsPlaceholder: boolean;
  deflated?: Buffer;
}
const sharedBytesOf = new WeakMap<SharedPart, SharedBytes>();

function sharedBytes(part: SharedPart, placeholder: string): SharedBytes {
  let known = sharedBytesOf.get(part);
  if (known?.placeholder !== placeholder) {
    known = { bytes: utf8Bytes(part.text), placeholder, holdsPlaceholder: part.text.includes(placeholder) };
    sharedBytesOf.set(part, known);
  }
  return known;
}

/** A run of a page's bytes: its own text, or a shared part's bytes. */
type Piece = { readonly bytes: Buffer; readonly shared?: SharedBytes };

/** A page's own text encoded as UTF-8, before its nonce is in (see scratch-buffer.ts). */
const ownBytes = new ScratchBuffer(256 * 1024, 4 * 1024 * 1024);
/** A page's bytes laid out with its nonce, what its gzip body is made of. */
const pageBytes = new ScratchBuffer(256 * 1024, 4 * 1024 * 1024);

/**
 * The pieces of `parts`: runs of own text joined, shared parts holding `placeholder` among them.
 * The own runs' bytes are views into `ownBytes`, valid until the next page.
 */
function piecesOf(parts: readonly PagePart[], placeholder: string): Piece[] {
  const runs: (string | SharedBytes)[] = [];
  let own = '';
  let ownLength = 0;
  for (const part of parts) {
    const shared = typeof part === 'string' ? undefined : sharedBytes(part, placeholder);
    if (shared === undefined || shared.holdsPlaceholder) {
      own += typeof part === 'string' ? part : part.text;
      continue;
    }
    if (own !== '') runs.push(own);
    ownLength += own.length;
    own = '';
    runs.push(shared);
  }
  if (own !== '') runs.push(own);
  ownLength += own.length;
  // V8's UTF-8 writer into the scratch buffer, not utf8Bytes (ICU, faster by the character but a
  // new buffer each call: shared parts, encoded once, take it). UTF-8 takes at most 3 bytes a
  // UTF-16 code unit.
  const into = ownBytes.room(3 * ownLength);
  let at = 0;
  return runs.map((run): Piece => {
    if (typeof run !== 'string') return { bytes: run.bytes, shared: run };
    const start = at;
    at += into.write(run, at, 'utf8');
    return { bytes: into.subarray(start, at) };
  });
}

/**
 * `pieces` laid end to end in `pageBytes` with `value` wherever `placeholder` is in their own text
 * (shared pieces are copied as they are), and the pieces as views into it, valid until the next
 * page: every run compressed is a view too.
 */
function withNonce(pieces: readonly Piece[], placeholder: string, value: string) {
  const wanted = Buffer.from(placeholder);
  const replacement = Buffer.from(value);
  const places = pieces.map((piece) => (piece.shared ? [] : indexesOf(piece.bytes, wanted)));
  let length = 0;
  pieces.forEach((piece, i) => {
    length += piece.bytes.length + (places[i] as number[]).length * (replacement.length - wanted.length);
  });
  const text = pageBytes.room(length).subarray(0, length);
  let at = 0;
  const sent = pieces.map((piece, i): Piece => {
    const start = at;
    let from = 0;
    for (const place of places[i] as number[]) {
      at += piece.bytes.copy(text, at, from, place);
      at += replacement.copy(text, at);
      from = place + wanted.length;
    }
    at += piece.bytes.copy(text, at, from);
    return { bytes: text.subarray(start, at), ...(piece.shared ? { shared: piece.shared } : {}) };
  });
  return { text, sent };
}

/** Where `wanted` starts in `bytes`, each time (none overlapping). */
function indexesOf(bytes: Buffer, wanted: Buffer): number[] {
  const found: number[] = [];
  for (let at = bytes.indexOf(wanted); at !== -1; at = bytes.indexOf(wanted, at + wanted.length))
    found.push(at);
  return found;
}

/**
 * Prepares the page of site version `version` rendered as `parts`, whose nonce goes where
 * `placeholder` is (every occurrence; a page without one is sent as it is).
 * @example const page = prepareCachedPage(rendered.parts, NONCE_PLACEHOLDER, site.version); reply.header('etag', page.gzipEtag).send(page.gzip);
 */
export function prepareCachedPage(
  parts: readonly PagePart[],
  placeholder: string,
  version: string,
): CachedPage {
  const pieces = piecesOf(parts, placeholder);
  // The page's one digest: nonce and tag follow from the version and the HTML, so from the body too.
  const hash = createHash('sha256').update(version).update('\0');
  for (const piece of pieces) hash.update(piece.bytes);
  const { nonce, tag } = nonceAndTag(hash.digest());
  const { text, sent } = withNonce(pieces, placeholder, nonce);
  const tags: PageTags = { nonce, etag: `"sx-${tag}"`, gzipEtag: `"sx-${tag}-gz"`, length: text.length };
  if (text.length < GZIP_MIN_BYTES) return keptAsBytes(tags, text);
  return keptGzipped(tags, gzipFromPieces(deflatedRuns(text, sent), text));
}

type PageTags = Pick<CachedPage, 'nonce' | 'etag' | 'gzipEtag' | 'length'>;

// Each form's closure is made in a function of its own: a closure made beside one reading `text`
// would share its context, and hold the page's bytes after all.
function keptAsBytes(tags: PageTags, text: Buffer): CachedPage {
  const kept = Buffer.from(text); // out of the scratch buffer, which the next page overwrites
  return { ...tags, heldBytes: kept.length, text: () => kept };
}

function keptGzipped(tags: PageTags, gzip: Buffer): CachedPage {
  return { ...tags, gzip, heldBytes: gzip.length, text: () => gunzipSync(gzip) };
}

/**
 * Shared parts at least this long (a site's inlined stylesheet) are compressed once and spliced
 * in; shorter ones (sidebar chunks) are compressed again with the page's own text around them:
 * each splice ends a deflate block and starts another with tables of its own, and splicing the
 * sidebar's chunks too (those from 256 B, 1 KiB or 4 KiB) made GitHub's pages 4 % larger for no
 * less CPU (bench/serve/prepare-pages.ts).
 */
export const SPLICED_FROM = 16 * 1024;

/**
 * The deflate pieces of `text`, laid out as `pieces`: long shared parts' made once, every run
 * between them one piece.
 */
function deflatedRuns(text: Buffer, pieces: readonly Piece[]): Buffer[] {
  const deflated: Buffer[] = [];
  let runStart = 0;
  let at = 0;
  const endRun = () => {
    if (at > runStart) deflated.push(deflatePiece(text.subarray(runStart, at), PAGE_GZIP_LEVEL));
  };
  for (const piece of pieces) {
    if (piece.shared && piece.bytes.length >= SPLICED_FROM) {
      endRun();
      piece.shared.deflated ??= deflatePiece(piece.shared.bytes, SHARED_GZIP_LEVEL);
      deflated.push(piece.shared.deflated);
      runStart = at + piece.bytes.length;
    }
    at += piece.bytes.length;
  }
  endRun();
  return deflated;
}
