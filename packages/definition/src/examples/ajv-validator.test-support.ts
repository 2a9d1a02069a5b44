/**
 * Test support: validates values against the IR with Ajv (JSON Schema 2020-12 + formats) via
 * `toJsonSchema`. Formats Ajv does not know (int32, binary, ...) are accepted as annotations.
 */
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { TypeDefinition, TypeId, TypeReference } from '../ir/types.js';
import { toJsonSchema, typesToJsonSchema } from './to-json-schema.js';
import type { Direction } from './value-builder.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

/** An Ajv instance that knows the OpenAPI formats. */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    logger: false,
    validateFormats: true,
    // Spec patterns are often written for non-Unicode regex engines (`\-` inside classes).
    code: { regExp: lenientRegExp as unknown as NonNullable<NonNullable<Options['code']>['regExp']> },
  });
  addFormats(ajv);
  for (const format of [
    'int32',
    'int64',
    'int8',
    'int16',
    'uint8',
    'uint32',
    'uint64',
    'float',
    'double',
    'binary',
    'password',
    'base64',
    'url',
    'iri',
    'iri-reference',
    'idn-email',
    'idn-hostname',
  ]) {
    ajv.addFormat(format, true);
  }
  return ajv;
}

/** `new RegExp` with the Unicode flag when the pattern allows it, without otherwise. */
function lenientRegExp(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return new RegExp(pattern, flags.replace('u', ''));
  }
}
lenientRegExp.code = 'new RegExp';

/** Ajv's errors for `value` against `shape`, or null when it is valid. */
export function validationErrors(
  ajv: Ajv2020,
  value: unknown,
  shape: TypeReference,
  types: Record<TypeId, TypeDefinition>,
  direction: Direction,
): string | null {
  const validate = ajv.compile(toJsonSchema(shape, types, { direction }));
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

let typesSchemaCount = 0;

/**
 * A validator for many values against the types of one definition: the types are compiled
 * once per direction, each distinct reference once. Returns Ajv's errors, or null when valid.
 */
export function typesValidator(
  ajv: Ajv2020,
  types: Record<TypeId, TypeDefinition>,
): (value: unknown, shape: TypeReference, direction: Direction) => string | null {
  const bases = new Map<Direction, string>();
  const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
  return (value, shape, direction) => {
    let base = bases.get(direction);
    if (base === undefined) {
      base = `sextant:types:${typesSchemaCount++}:${direction}`;
      ajv.addSchema(typesToJsonSchema(types, { $id: base, direction }));
      bases.set(direction, base);
    }
    const schema = toJsonSchema(shape, types, { direction, refBase: base });
    const key = `${direction}|${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate(value) ? null : ajv.errorsText(validate.errors);
  };
}
