/**
 * Literal shapes: a `const` of any JSON value, and an enum of scalar values with their
 * descriptions (values the declared `type` rules out are dropped).
 */
import type { Location } from '../document/document-set.js';
import type { WarningSink } from '../document/warnings.js';
import { isScalarLiteral, literalLabel } from '../ir/literal-values.js';
import type { EnumValue, TypeReference, TypeShape } from '../ir/types.js';
import type { SchemaObject } from './primitives.js';
import { enumDescriptions, literalOrUnknown, ofDeclaredType } from './schema-predicates.js';

/**
 * A `const` of any JSON value is a literal, kept exactly; one the declared `type` rules out (no
 * value can be valid) is kept too, with a warning, since it is what the author wrote.
 */
export function constShape(sink: WarningSink, schema: SchemaObject, at: Location): TypeReference {
  const value = schema.const;
  const shape = literalOrUnknown(value, () => sink.warn(at, 'a `const` that is not JSON shown as unknown'));
  if (shape.type === 'literal' && !ofDeclaredType(shape.value, schema.type))
    sink.warn(
      at,
      `\`const\` ${literalLabel(shape.value, 40)} is not of the declared type ${JSON.stringify(schema.type)}: no value can be valid; the const is shown`,
    );
  return shape;
}

export function enumShape(schema: SchemaObject, values: EnumValue['value'][]): TypeShape {
  const descriptions = enumDescriptions(schema);
  const shape: TypeShape = {
    type: 'enum',
    values: values
      .map((value, index) => {
        const description = descriptions?.[index];
        return description ? { value, description } : { value };
      })
      // `type: number, enum: ["", 0, 1]`: a value of another type can never be valid.
      .filter((entry) => ofDeclaredType(entry.value, schema.type)),
  };
  if (isScalarLiteral(schema.default) && values.includes(schema.default)) shape.default = schema.default;
  return shape;
}
