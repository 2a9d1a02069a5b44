/**
 * The name a downloaded response file gets (SPEC §9): the Content-Disposition file name when the
 * server gives one (RFC 6266 `filename*` preferred over `filename`), else a random id plus the
 * subtype of the content type (`audio/mpeg` → `3f9c….mpeg`).
 */

/** Reads the file name from a Content-Disposition header value; undefined when there is none. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return sanitizeFileName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
    } catch {
      // A malformed percent-encoding: fall through to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
  if (quoted?.[1]) return sanitizeFileName(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (bare?.[1]) return sanitizeFileName(bare[1]);
  return undefined;
}

/** The subtype of a content type without parameters or suffix noise: `image/svg+xml; q=1` → `svg+xml`. */
export function contentSubtype(contentType: string | null | undefined): string {
  const base = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const subtype = base.split('/')[1];
  return subtype && /^[a-z0-9.+-]+$/.test(subtype) ? subtype : 'bin';
}

/**
 * The download name of a response file.
 *
 * @example
 * downloadFileName('attachment; filename="report.pdf"', 'application/pdf') // 'report.pdf'
 * downloadFileName(null, 'audio/mpeg', () => 'abc') // 'abc.mpeg'
 */
export function downloadFileName(
  contentDisposition: string | null | undefined,
  contentType: string | null | undefined,
  randomId: () => string = defaultRandomId,
): string {
  return fileNameFromContentDisposition(contentDisposition) ?? `${randomId()}.${contentSubtype(contentType)}`;
}

// Path separators and control characters never belong in a name the browser saves.
function sanitizeFileName(name: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = name.replace(/[\\/\u0000-\u001f]/g, '_').trim();
  return cleaned.length > 0 && cleaned !== '.' && cleaned !== '..' ? cleaned : undefined;
}

function defaultRandomId(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 12);
}
