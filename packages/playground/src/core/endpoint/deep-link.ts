/**
 * Shareable deep links: the form values (never credentials, never files, never secret-looking
 * headers) encoded into one URL parameter next to the `explorer` parameter, and decoded back.
 * Decoding treats the parameter as untrusted input and rejects anything that is not a form.
 */
import type { PlaygroundFormState } from '../form/form-state.js';

/** URL parameter carrying the encoded form. */
export const FORM_PARAM = 'explorerForm';

/** Header names that may carry a secret and so never go into a link or history. */
const SECRET_HEADER = /authorization|api[-_]?key|token|secret|password|cookie|session|credential/i;

/** True when a header name looks like it carries a credential. */
export function isSecretHeaderName(name: string): boolean {
  return SECRET_HEADER.test(name);
}

/** The form without secret-looking headers and without files (which cannot be shared). */
export function shareableFormState(
  state: PlaygroundFormState,
  secretHeaderNames: string[] = [],
): PlaygroundFormState {
  const extra = new Set(secretHeaderNames.map((name) => name.toLowerCase()));
  const headers = Object.fromEntries(
    Object.entries(state.headers).filter(
      ([key]) => !isSecretHeaderName(key) && !extra.has(key.toLowerCase()),
    ),
  );
  let body = state.body;
  if (body?.type === 'octet-stream') body = { type: 'octet-stream', value: undefined };
  else if (body?.type === 'form-data')
    body = {
      type: 'form-data',
      value: Object.fromEntries(
        Object.entries(body.value).map(([key, field]) => [
          key,
          field.type === 'file'
            ? { type: 'file', value: undefined }
            : field.type === 'files'
              ? { type: 'files', value: [] }
              : field,
        ]),
      ),
    };
  return { ...state, headers, body };
}

/**
 * Encodes the shareable part of a form as base64url JSON.
 *
 * @example
 * decodeFormState(encodeFormState({ pathParameters: { id: 1 }, queryParameters: {}, headers: {}, body: undefined }))?.pathParameters.id // 1
 */
export function encodeFormState(state: PlaygroundFormState, secretHeaderNames: string[] = []): string {
  const json = JSON.stringify(shareableFormState(state, secretHeaderNames));
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Decodes a form parameter; undefined when it is not a valid form. */
export function decodeFormState(encoded: string): PlaygroundFormState | undefined {
  try {
    const binary = atob(encoded.replaceAll('-', '+').replaceAll('_', '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const value: unknown = JSON.parse(json);
    return isFormState(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A link to `href` with the form parameter set. */
export function deepLink(href: string, state: PlaygroundFormState, secretHeaderNames: string[] = []): string {
  const url = new URL(href);
  url.searchParams.set(FORM_PARAM, encodeFormState(state, secretHeaderNames));
  return url.toString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isFormState(value: unknown): value is PlaygroundFormState {
  if (!isRecord(value)) return false;
  if (!isRecord(value.pathParameters) || !isRecord(value.queryParameters) || !isRecord(value.headers))
    return false;
  if (value.cookies !== undefined && !isRecord(value.cookies)) return false;
  if (value.type !== undefined && value.type !== 'endpoint') return false;
  value.type = 'endpoint';
  const body = value.body;
  if (body === undefined || body === null) {
    value.body = undefined;
    return true;
  }
  if (!isRecord(body)) return false;
  if (body.type === 'json') return 'value' in body;
  if (body.type === 'octet-stream') {
    body.value = undefined;
    return true;
  }
  if (body.type !== 'form-data' || !isRecord(body.value)) return false;
  for (const [key, field] of Object.entries(body.value)) {
    if (!isRecord(field)) return false;
    if (field.type === 'file') field.value = undefined;
    else if (field.type === 'files') field.value = [];
    else if (field.type === 'exploded') {
      if (!Array.isArray(field.value)) return false;
    } else if (field.type !== 'json') return false;
    body.value[key] = field;
  }
  return true;
}
