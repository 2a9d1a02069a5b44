/**
 * The API descriptions lying in a folder: what `sextant dev` (and `publish`) use when pointed at a
 * folder that has no docs.yml. A file counts when it is YAML or JSON and names its format at the
 * top (`openapi`, `swagger`, `asyncapi` or `openrpc` as a top-level key within its first 4 KiB,
 * in JSON a key of the outermost object);
 * the importer then reads it whole and reports any real problem with its place.
 */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';

const SPEC_FILE = /\.(ya?ml|json)$/i;
const HEAD_BYTES = 4096;
const FORMAT_NAMES = new Set(['openapi', 'swagger', 'asyncapi', 'openrpc']);
/** A top-level format key of YAML: unindented. */
const YAML_FORMAT_KEY = /(?:^|\n)["']?(?:openapi|swagger|asyncapi|openrpc)["']?\s*:/;

/**
 * Whether JSON text has a format key in its outermost object: a nested one (a Mintlify docs.json's
 * `"api": { "openapi": "openapi.json" }`) does not make the file a spec.
 */
function hasTopLevelJsonFormatKey(head: string): boolean {
  let depth = 0;
  for (let at = 0; at < head.length; at++) {
    const char = head[at];
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    else if (char === '"') {
      let end = at + 1;
      while (end < head.length && head[end] !== '"') end += head[end] === '\\' ? 2 : 1;
      const isKey = /^\s*:/.test(head.slice(end + 1, end + 64));
      if (depth === 1 && isKey && FORMAT_NAMES.has(head.slice(at + 1, end))) return true;
      at = end;
    }
  }
  return false;
}

/** Whether a file's first bytes name a spec format at the top level. */
function namesFormat(head: string): boolean {
  return head.trimStart().startsWith('{') ? hasTopLevelJsonFormatKey(head) : YAML_FORMAT_KEY.test(head);
}

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
        return namesFormat(headOf(join(dir, name)));
      } catch {
        return false;
      }
    })
    .sort();
}
