/**
 * The body part of `buildRequest`: the form's body state turned into its wire form. Form-data file
 * parts with no file are left out; with no parts at all there is no body (SPEC §5).
 */
import type { Endpoint, HttpRequest } from '@sextant/definition';
import type { BodyState, FormDataFieldValue } from '../form-state/form-state.js';
import type { BuiltBody, FormPart } from './built-request.js';
import { toParameterText } from './encode.js';

/** JSON wire text: 2-space indented, the same text every snippet shows and sends. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** Whether a content type carries JSON (`application/json`, `application/vnd.api+json`, `…/json; charset=utf-8`); absent counts as JSON. */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json') || type.endsWith('/json') || type === '*/*';
}

/** Whether a media type is a range (any type, `application/` anything): never a Content-Type a request may carry. */
export function isWildcardMediaType(contentType: string): boolean {
  return (contentType.split(';')[0] ?? '').includes('*');
}

/**
 * The Content-Type a request to a body declared as `contentType` is sent with: the declared one,
 * or for a wildcard a concrete type the body can be: JSON for anything structured (an object, a
 * list, a value), octet-stream for raw bytes, text/plain for `text/*`, the form's own type for forms.
 * @example concreteContentType({ contentType: 'application/' + '*', body: { type: 'alias', shape } }); // 'application/json'
 */
export function concreteContentType(request: Pick<HttpRequest, 'contentType' | 'body'>): string {
  const declared = request.contentType;
  if (!isWildcardMediaType(declared)) return declared;
  const range = (declared.split(';')[0] ?? '').trim().toLowerCase();
  switch (request.body.type) {
    case 'bytes':
      return range.startsWith('text/') ? 'text/plain' : 'application/octet-stream';
    case 'formData':
      return range === 'multipart/*' ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
    default:
      return range.startsWith('text/') ? 'text/plain' : 'application/json';
  }
}

/** Whether a content type is `application/x-www-form-urlencoded`. */
export function isUrlEncoded(contentType: string | undefined): boolean {
  return (contentType ?? '').toLowerCase().includes('application/x-www-form-urlencoded');
}

/**
 * JSON-RPC `by-position` methods take an array: the form's named values in the order the method
 * declares its params, with unset trailing params left off.
 */
function positionalParams(endpoint: Pick<Endpoint, 'requests'>, named: unknown): unknown {
  if (named === null || typeof named !== 'object' || Array.isArray(named)) return named;
  const request = endpoint.requests[0]?.body;
  const order = request?.type === 'object' ? request.properties.map((p) => p.key) : Object.keys(named);
  const values = order.map((key) => (named as Record<string, unknown>)[key]);
  while (values.length > 0 && values[values.length - 1] === undefined) values.pop();
  return values.map((v) => (v === undefined ? null : v));
}

/**
 * @example
 * buildBody(endpoint, { type: 'json', value: { name: 'Rex' } }); // { type: 'json', text: '{\n  "name": "Rex"\n}', ... }
 */
export function buildBody(
  endpoint: Pick<Endpoint, 'method' | 'requests' | 'protocol'>,
  body: BodyState,
): BuiltBody {
  if (endpoint.method === 'GET' || endpoint.method === 'HEAD') return { type: 'none' };
  if (endpoint.protocol?.type === 'openrpc') {
    const named = body?.type === 'json' && body.value !== undefined ? body.value : {};
    const params =
      endpoint.protocol.paramStructure === 'by-position' ? positionalParams(endpoint, named) : named;
    const value = { jsonrpc: '2.0', id: 1, method: endpoint.protocol.methodName, params };
    return { type: 'json', text: jsonText(value), value };
  }
  if (!body) return { type: 'none' };
  switch (body.type) {
    case 'json':
      if (body.value === undefined) return { type: 'none' };
      if (endpoint.requests[0]?.isOptional && isClearedValue(body.value)) return { type: 'none' };
      if (typeof body.value === 'string' && !isJsonContentType(endpoint.requests[0]?.contentType)) {
        return { type: 'text', text: body.value };
      }
      return { type: 'json', text: jsonText(body.value), value: body.value };
    case 'octet-stream':
      return body.value ? { type: 'bytes', file: body.value, fileName: body.value.name } : { type: 'none' };
    case 'form-data': {
      const contentTypes = Object.fromEntries(
        (endpoint.requests[0]?.body.type === 'formData' ? endpoint.requests[0].body.fields : []).map((f) => [
          f.key,
          f.contentType,
        ]),
      );
      const parts = Object.entries(body.value).flatMap(([name, field]) =>
        formParts(name, field, contentTypes[name]),
      );
      if (parts.length === 0) return { type: 'none' };
      if (isUrlEncoded(endpoint.requests[0]?.contentType)) {
        const fields = parts.flatMap((p): [string, string][] =>
          p.type === 'text' ? [[p.name, p.value]] : [[p.name, p.fileName]],
        );
        return { type: 'urlencoded', text: new URLSearchParams(fields).toString(), fields };
      }
      return { type: 'form-data', parts };
    }
  }
}

/**
 * Whether a body value is what Clear form leaves (`''`, `{}`, `[]`): an optional body holding
 * it is omitted, never sent as `""` (issue #28).
 * @example isClearedValue('') // true
 */
export function isClearedValue(value: unknown): boolean {
  if (value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return value !== null && typeof value === 'object' && Object.keys(value).length === 0;
}

function formParts(name: string, field: FormDataFieldValue, declaredType: string | undefined): FormPart[] {
  const text = (value: unknown): FormPart[] =>
    value === undefined || value === null ? [] : [{ type: 'text', name, value: toParameterText(value) }];
  const file = (f: File): FormPart => ({
    type: 'file',
    name,
    file: f,
    fileName: f.name,
    contentType: f.type || declaredType?.split(',')[0]?.trim() || 'application/octet-stream',
  });
  switch (field.type) {
    case 'json':
      return text(field.value);
    case 'exploded':
      return field.value.flatMap(text);
    case 'file':
      return field.value instanceof File ? [file(field.value)] : [];
    case 'files':
      return field.value.filter((f) => f instanceof File).map(file);
  }
}
