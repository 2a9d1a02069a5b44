/**
 * Reads IR type references the way a form needs them: unwraps optional, nullable and alias
 * layers, gathers an object's properties including inherited ones, names the missing optional
 * keys for the More optional fields menu, and makes empty values. Pure functions over the
 * definition's `types` map; the views render whatever `describeShape` returns.
 */
import {
  type EnumValue,
  inlineObjectProperties as inlineProperties,
  type LiteralValue,
  literalEquals,
  type ObjectProperty,
  type PrimitiveType,
  objectProperties as readProperties,
  type TypeDefinition,
  type TypeReference,
  unionSharedProperties,
  unionVariants,
  unwrapType,
} from '@sextant/definition';
import { emptyValueFor } from '@sextant/request';

export type TypeMap = Record<string, TypeDefinition>;

/** What input a value needs. */
export type FieldShape =
  | { kind: 'primitive'; primitive: PrimitiveType }
  | { kind: 'enum'; values: EnumValue[] }
  | { kind: 'literal'; value: LiteralValue }
  | { kind: 'object'; properties: ObjectProperty[]; extraProperties?: TypeReference | undefined }
  | { kind: 'list'; item: TypeReference; unique: boolean }
  | { kind: 'map'; value: TypeReference }
  | {
      kind: 'discriminatedUnion';
      discriminant: string;
      variants: { value: string; label: string; properties: ObjectProperty[] }[];
    }
  | {
      kind: 'undiscriminatedUnion';
      /** `properties`: an object variant's, with the union's shared properties (when it has any) merged in. */
      variants: { label: string; shape: TypeReference; properties?: ObjectProperty[] }[];
    }
  | { kind: 'unknown' };

export interface DescribedShape {
  shape: FieldShape;
  optional: boolean;
  nullable: boolean;
  /** Name of the named type, when the reference went through one. */
  typeName: string | undefined;
}

/**
 * Unwraps optional / nullable / alias layers and describes what is left.
 *
 * @example
 * describeShape({ type: 'optional', shape: { type: 'primitive', value: { type: 'string' } } }, {})
 * // { shape: { kind: 'primitive', primitive: { type: 'string' } }, optional: true, nullable: false, typeName: undefined }
 */
export function describeShape(ref: TypeReference, types: TypeMap): DescribedShape {
  const { shape: current, optional, nullable, typeName } = unwrapType(ref, types);
  const described = (shape: FieldShape): DescribedShape => ({ shape, optional, nullable, typeName });
  switch (current.type) {
    case 'id': {
      const definition = types[current.id];
      if (!definition) return described({ kind: 'unknown' });
      const shape = definition.shape;
      if (shape.type === 'enum') return described({ kind: 'enum', values: shape.values });
      if (shape.type === 'object')
        return described({
          kind: 'object',
          properties: objectProperties(current.id, types),
          extraProperties: shape.extraProperties,
        });
      const variants = unionVariants(current.id, types, REQUEST) ?? [];
      const shared = unionSharedProperties(current.id, types, REQUEST).length > 0;
      if (shape.type === 'discriminatedUnion')
        return described({
          kind: 'discriminatedUnion',
          discriminant: shape.discriminant,
          variants: variants.map((variant) => ({
            value: variant.discriminantValue ?? variant.label,
            label: variant.label,
            properties: variant.properties ?? [],
          })),
        });
      return described({
        kind: 'undiscriminatedUnion',
        variants: variants.map((variant) => ({
          label: variant.label,
          shape: variant.shape,
          ...(shared && variant.properties ? { properties: variant.properties } : {}),
        })),
      });
    }
    case 'primitive':
      return described({ kind: 'primitive', primitive: current.value });
    case 'literal':
      return described({ kind: 'literal', value: current.value });
    case 'list':
    case 'set':
      return described({ kind: 'list', item: current.itemShape, unique: current.type === 'set' });
    case 'map':
      return described({ kind: 'map', value: current.valueShape });
    default:
      return described({ kind: 'unknown' });
  }
}

/** A form is a request: READ_ONLY properties never belong in it. */
const REQUEST = { direction: 'request' } as const;

/** Properties of an object type including those it inherits, as a request form shows them. */
export function objectProperties(typeId: string, types: TypeMap): ObjectProperty[] {
  return readProperties(typeId, types, REQUEST);
}

/** Properties of an inline object body (its `extends` plus its own), as a request form shows them. */
export function inlineObjectProperties(
  body: { extends: string[]; properties: ObjectProperty[] },
  types: TypeMap,
): ObjectProperty[] {
  return inlineProperties(body, types, REQUEST);
}

/** True when the property may be left out. */
export function isOptionalProperty(property: ObjectProperty, types: TypeMap): boolean {
  return describeShape(property.valueShape, types).optional;
}

/**
 * The optional properties not yet present in `value`: what the More optional fields menu offers.
 *
 * @example
 * missingOptionalKeys([{ key: 'a', valueShape: { type: 'optional', shape: { type: 'unknown' } } }], {}, {}) // ['a']
 */
export function missingOptionalKeys(properties: ObjectProperty[], value: unknown, types: TypeMap): string[] {
  const present = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return properties
    .filter((property) => isOptionalProperty(property, types) && !(property.key in present))
    .map((property) => property.key);
}

/** Whether the menu offers "Add all optional properties" (more than one remains, SPEC §2). */
export function offersAddAll(missing: string[]): boolean {
  return missing.length > 1;
}

/**
 * The value a field starts from when added without an example (`@sextant/request`'s rule: its
 * default, else an empty value of its kind with required object properties filled).
 */
export function emptyValue(ref: TypeReference, types: TypeMap): unknown {
  return emptyValueFor(ref, types);
}

/** Index of the undiscriminated-union variant a value fits best (first that fits, else 0). */
export function matchVariant(variants: { shape: TypeReference }[], value: unknown, types: TypeMap): number {
  const index = variants.findIndex((variant) => fits(variant.shape, value, types));
  return index === -1 ? 0 : index;
}

function fits(ref: TypeReference, value: unknown, types: TypeMap): boolean {
  const { shape, nullable } = describeShape(ref, types);
  if (value === null) return nullable;
  switch (shape.kind) {
    case 'primitive':
      return shape.primitive.type === 'boolean'
        ? typeof value === 'boolean'
        : shape.primitive.type === 'string'
          ? typeof value === 'string'
          : typeof value === 'number';
    case 'enum':
      return shape.values.some((v) => v.value === value);
    case 'literal':
      return literalEquals(shape.value, value);
    case 'list':
      return Array.isArray(value);
    case 'object':
    case 'map':
    case 'discriminatedUnion':
      return typeof value === 'object' && !Array.isArray(value);
    default:
      return true;
  }
}

/** The input kind of a string primitive by format: dates get date inputs. */
export function stringInputKind(
  primitive: PrimitiveType,
): 'text' | 'date' | 'datetime' | 'number' | 'boolean' {
  if (primitive.type === 'boolean') return 'boolean';
  if (primitive.type !== 'string') return 'number';
  if (primitive.format === 'date') return 'date';
  if (primitive.format === 'date-time') return 'datetime';
  return 'text';
}
