/**
 * Path and header parameter serialisation (OpenAPI styles simple, label and matrix). Values are
 * percent-encoded; lists and objects follow the style's delimiters; an empty path value becomes
 * the `:name` placeholder (SPEC §5).
 */
import type { Parameter } from '@sextant/definition';
import { isRecord } from '../form-state/shapes.js';
import { encodeComponent, toParameterText } from './encode.js';

type Style = Pick<Parameter, 'key' | 'style' | 'explode'>;

/**
 * One path parameter as it appears in the path, or `undefined` when it is empty.
 * @example
 * serializePathParameter({ key: 'id' }, ['a', 'b']); // 'a,b'
 * serializePathParameter({ key: 'id', style: 'matrix', explode: true }, ['a', 'b']); // ';id=a;id=b'
 * serializePathParameter({ key: 'id', style: 'label' }, 'x y'); // '.x%20y'
 */
export function serializePathParameter(param: Style, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const enc = (v: unknown) => encodeComponent(toParameterText(v));
  const name = encodeComponent(param.key);
  const explode = param.explode ?? false;
  if (
    Array.isArray(value)
      ? value.length === 0
      : isRecord(value)
        ? Object.keys(value).length === 0
        : toParameterText(value) === ''
  ) {
    return undefined;
  }
  switch (param.style) {
    case 'label': {
      const items = listItems(value, explode, enc, '=');
      return `.${items.join(explode ? '.' : ',')}`;
    }
    case 'matrix': {
      if (Array.isArray(value) && explode) return value.map((v) => `;${name}=${enc(v)}`).join('');
      if (isRecord(value) && explode)
        return Object.entries(value)
          .map(([k, v]) => `;${encodeComponent(k)}=${enc(v)}`)
          .join('');
      return `;${name}=${listItems(value, false, enc, '=').join(',')}`;
    }
    default:
      return simpleValue(value, explode, enc);
  }
}

/**
 * A header value in the simple style: lists joined with commas, objects as `k,v` pairs (`k=v` exploded).
 * @example
 * serializeHeaderValue(['a', 'b'], false); // 'a,b'
 */
export function serializeHeaderValue(value: unknown, explode = false): string {
  return simpleValue(value, explode, toParameterText);
}

function simpleValue(value: unknown, explode: boolean, enc: (v: unknown) => string): string {
  return listItems(value, explode, enc, '=').join(',');
}

function listItems(
  value: unknown,
  explode: boolean,
  enc: (v: unknown) => string,
  pairSeparator: string,
): string[] {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined && v !== null).map(enc);
  if (isRecord(value)) {
    return Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null)
      .flatMap(([k, v]) => (explode ? [`${enc(k)}${pairSeparator}${enc(v)}`] : [enc(k), enc(v)]));
  }
  return [enc(value)];
}
