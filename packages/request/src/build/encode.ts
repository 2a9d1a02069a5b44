/**
 * Percent-encoding shared by paths, queries and urlencoded bodies. Everything but RFC 3986
 * unreserved characters is encoded, so curl, Python requests and WHATWG `fetch` all leave the
 * string as it is and send the same bytes.
 */

/** Encodes all but `A-Z a-z 0-9 - . _ ~` (stricter than `encodeURIComponent`, which keeps `!'()*`). */
export function encodeComponent(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A JSON value as parameter text: strings as-is, others as JSON (`true`, `3`, `{"a":1}`). */
export function toParameterText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
