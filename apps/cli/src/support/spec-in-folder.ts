/**
 * The API descriptions lying in a folder: what `sextant dev` (and `publish`) use when pointed at a
 * folder that has no docs.yml. A file counts when it is YAML or JSON and names its format at the
 * top (`openapi`, `swagger`, `asyncapi` or `openrpc` as a top-level key within its first 4 KiB);
 * the importer then reads it whole and reports any real problem with its place.
 */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';

const SPEC_FILE = /\.(ya?ml|json)$/i;
const HEAD_BYTES = 4096;
/** A top-level format key: unindented in YAML, or a JSON object key. */
const FORMAT_KEY =
  /(?:^|\n)["']?(?:openapi|swagger|asyncapi|openrpc)["']?\s*:|"(?:openapi|swagger|asyncapi|openrpc)"\s*:/;

/** The first bytes of `file` as text. */
function headOf(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/** The names of the API description files directly in `dir`, sorted. */
export function specFilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && SPEC_FILE.test(entry.name))
    .map((entry) => entry.name)
    .filter((name) => {
      try {
        return FORMAT_KEY.test(headOf(join(dir, name)));
      } catch {
        return false;
      }
    })
    .sort();
}
