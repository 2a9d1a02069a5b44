/**
 * Classifies media types: JSON, form data, event streams, NDJSON, binary files and text.
 */

/** `application/json`, `text/json`, `application/problem+json`, `application/vnd.x+json; v=1`. */
export function isJsonMediaType(mediaType: string): boolean {
  const base = baseType(mediaType);
  return base === 'application/json' || base === 'text/json' || base.endsWith('+json') || base === '*/*';
}

export function isFormMediaType(mediaType: string): boolean {
  const base = baseType(mediaType);
  return (
    base === 'multipart/form-data' ||
    base === 'application/x-www-form-urlencoded' ||
    base.startsWith('multipart/')
  );
}

export function isEventStream(mediaType: string): boolean {
  return baseType(mediaType) === 'text/event-stream';
}

const NDJSON = new Set([
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonlines',
  'application/jsonlines',
  'application/stream+json',
  'application/json-seq',
]);

export function isNdjson(mediaType: string): boolean {
  return NDJSON.has(baseType(mediaType));
}

/** Text a reader can read as-is: text/*, XML, YAML, JavaScript, form-encoded. */
export function isTextMediaType(mediaType: string): boolean {
  const base = baseType(mediaType);
  return (
    base.startsWith('text/') ||
    base.endsWith('+xml') ||
    base.endsWith('/xml') ||
    base.endsWith('yaml') ||
    base === 'application/javascript' ||
    base === 'application/graphql' ||
    base === 'application/x-www-form-urlencoded'
  );
}

/** Anything that is neither JSON nor text: octet-stream, images, audio, video, PDF, archives. */
export function isBinaryMediaType(mediaType: string): boolean {
  return !isJsonMediaType(mediaType) && !isTextMediaType(mediaType) && !isFormMediaType(mediaType);
}

/** The media type without parameters, lowercased. */
export function baseType(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Picks the media type to show first: JSON, then the first listed. */
export function preferredMediaType(mediaTypes: string[]): string | undefined {
  return mediaTypes.find((type) => isJsonMediaType(type) && type !== '*/*') ?? mediaTypes[0];
}

/** JSON first, then forms, then the rest in spec order. */
export function orderMediaTypes(mediaTypes: string[]): string[] {
  const rank = (type: string) =>
    isJsonMediaType(type) && type !== '*/*' ? 0 : isFormMediaType(type) ? 1 : 2;
  return [...mediaTypes].sort((a, b) => rank(a) - rank(b));
}
