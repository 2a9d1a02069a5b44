/**
 * Files as placeholders in snippets (issue #28 item 8): a multipart body whose required file field
 * has no file chosen still shows its file part (`curl -F 'receipt=@"receipt.pdf";type=application/pdf'`,
 * `FormData` with the file read from disk, `files=` in Python requests), and a raw-bytes body its
 * file, named after the field and its content type, so a reader copies a snippet that shows where
 * their file goes. Send never uses them: only the request preview and the reference pages do.
 */
import type { Endpoint, FormDataField } from '@sextant/definition';
import type { EndpointFormState, FormDataFieldValue } from '../form-state/form-state.js';

/** File name extensions of the content types a file field commonly declares. */
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/json': 'json',
  'application/zip': 'zip',
  'application/xml': 'xml',
  'text/csv': 'csv',
  'text/plain': 'txt',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'video/mp4': 'mp4',
};

/**
 * The name a placeholder file of `key` gets: `receipt.pdf` for `application/pdf`, `key.bin` otherwise.
 * @example placeholderFileName('photo', 'image/png') // 'photo.png'
 */
export function placeholderFileName(key: string, contentType: string | undefined): string {
  const type = (contentType ?? '').split(/[;,]/)[0]?.trim().toLowerCase() ?? '';
  const base = key.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '') || 'file';
  return `${base}.${EXTENSIONS[type] ?? 'bin'}`;
}

/**
 * `state` with an empty placeholder file in every required file field (and a required raw-bytes
 * body) the reader left empty; `state` itself when there is none to fill.
 * @example formWithPlaceholderFiles(upload, initialFormState(upload)).body.value.receipt.value.name // 'receipt.pdf'
 */
export function formWithPlaceholderFiles(endpoint: Endpoint, state: EndpointFormState): EndpointFormState {
  const request = endpoint.requests[0];
  const body = state.body;
  if (!request || !body) return state;
  if (request.body.type === 'bytes' && body.type === 'octet-stream') {
    if (body.value || request.body.isOptional || request.isOptional) return state;
    return { ...state, body: { type: 'octet-stream', value: placeholderFile('file', request.contentType) } };
  }
  if (request.body.type !== 'formData' || body.type !== 'form-data') return state;
  let changed = false;
  const value: Record<string, FormDataFieldValue> = { ...body.value };
  for (const field of request.body.fields) {
    const filled = placeholderFor(field, value[field.key]);
    if (filled) {
      value[field.key] = filled;
      changed = true;
    }
  }
  return changed ? { ...state, body: { type: 'form-data', value } } : state;
}

function placeholderFor(
  field: FormDataField,
  current: FormDataFieldValue | undefined,
): FormDataFieldValue | undefined {
  if (field.type === 'property' || field.isOptional) return undefined;
  const file = placeholderFile(field.key, field.contentType);
  if (field.type === 'file')
    return current?.type === 'file' && current.value ? undefined : { type: 'file', value: file };
  return current?.type === 'files' && current.value.length > 0 ? undefined : { type: 'files', value: [file] };
}

function placeholderFile(key: string, contentType: string | undefined): File {
  const type = (contentType ?? '').split(',')[0]?.trim() ?? '';
  return new File([], placeholderFileName(key, type), type && !type.includes('*') ? { type } : {});
}
