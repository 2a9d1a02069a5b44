/**
 * Query-string serialisation of OpenAPI parameters (style form / spaceDelimited / pipeDelimited /
 * deepObject, explode on or off). Null and undefined values are omitted; arrays repeat the key
 * under the default form-explode style.
 */
import type { ParameterStyle } from '@sextant/definition';
import { isRecord } from '../form-state/shapes.js';
import { encodeComponent, toParameterText } from './encode.js';

export interface QueryStyle {
  style?: ParameterStyle;
  explode?: boolean;
}

/**
 * The `key=value` pairs (already encoded) of one query parameter.
 * @example
 * serializeQueryParameter('tag', ['a', 'b'], {}); // ['tag=a', 'tag=b']
 * serializeQueryParameter('f', { a: 1 }, { style: 'deepObject' }); // ['f%5Ba%5D=1']
 */
export function serializeQueryParameter(
  key: string,
  value: unknown,
  { style = 'form', explode }: QueryStyle,
): string[] {
  if (value === undefined || value === null) return [];
  const name = encodeComponent(key);
  const exploded = explode ?? style === 'form';
  const text = (v: unknown) => encodeComponent(toParameterText(v));
  if (Array.isArray(value)) {
    const items = value.filter((v) => v !== undefined && v !== null);
    if (style === 'spaceDelimited' || style === 'pipeDelimited') {
      if (exploded) return items.map((v) => `${name}=${text(v)}`);
      const delimiter = style === 'spaceDelimited' ? '%20' : '%7C';
      return [`${name}=${items.map(text).join(delimiter)}`];
    }
    if (exploded) return items.map((v) => `${name}=${text(v)}`);
    return [`${name}=${items.map(text).join(',')}`];
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
    if (style === 'deepObject') {
      return entries.flatMap(([k, v]) =>
        Array.isArray(v)
          ? v.map((item) => `${name}%5B${encodeComponent(k)}%5D=${text(item)}`)
          : [`${name}%5B${encodeComponent(k)}%5D=${text(v)}`],
      );
    }
    if (exploded && style === 'form') return entries.map(([k, v]) => `${encodeComponent(k)}=${text(v)}`);
    return [`${name}=${entries.map(([k, v]) => `${encodeComponent(k)},${text(v)}`).join(',')}`];
  }
  return [`${name}=${text(value)}`];
}
