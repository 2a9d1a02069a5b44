/**
 * Type model of the IR: named type definitions and the references that point at them.
 *
 * A `TypeDefinition` is a named, shared shape (an OpenAPI component schema, or an inline
 * schema the importer had to name because something refers to it twice or it is recursive).
 * A `TypeReference` is how everything else (properties, parameters, bodies) says what its
 * value looks like: either a reference to a definition by id or a small structural shape.
 */

export type TypeId = string;

/** Lifecycle badge shown next to an endpoint, property or type. */
export type Availability = 'stable' | 'beta' | 'preview' | 'deprecated' | 'in-development';

/** OpenAPI readOnly / writeOnly: READ_ONLY fields are left out of request forms, WRITE_ONLY out of responses. */
export type PropertyAccess = 'READ_ONLY' | 'WRITE_ONLY';

export type ScalarLiteral = string | number | boolean | null;
/** A `const`: any JSON value (objects and arrays too; compare with `literalEquals`). */
export type LiteralValue = ScalarLiteral | LiteralValue[] | { [key: string]: LiteralValue };

export interface StringPrimitive {
  type: 'string';
  /** JSON Schema / OpenAPI format, kept verbatim: date-time, date, uuid, email, uri, byte, binary, ... */
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  default?: string;
}

export interface NumberPrimitive {
  /** `integer` for whole numbers, `number` for any JSON number. */
  type: 'integer' | 'number';
  /** int32, int64, float, double, ... kept verbatim. */
  format?: string;
  minimum?: number;
  maximum?: number;
  /** Exclusive bounds as numbers (JSON Schema 2020-12 form; OpenAPI 3.0 booleans are normalised). */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  default?: number;
}

export interface BooleanPrimitive {
  type: 'boolean';
  default?: boolean;
}

export type PrimitiveType = StringPrimitive | NumberPrimitive | BooleanPrimitive;

export type TypeReference =
  /** Points at `ApiDefinition.types[id]`. Every id must resolve. */
  | { type: 'id'; id: TypeId; default?: unknown }
  | { type: 'primitive'; value: PrimitiveType }
  /** The value may be absent (not required). */
  | { type: 'optional'; shape: TypeReference; default?: unknown }
  /** The value may be JSON null. */
  | { type: 'nullable'; shape: TypeReference }
  | ListReference
  /** A list whose items are unique (JSON Schema uniqueItems). */
  | SetReference
  /** A JSON object with arbitrary keys (additionalProperties). Keys are always strings on the wire. */
  | MapReference
  | { type: 'literal'; value: LiteralValue }
  /** Any JSON value. */
  | { type: 'unknown' };

/** What JSON Schema 2020-12 says of an array besides its item shape. */
export interface ListConstraints {
  minItems?: number;
  maxItems?: number;
  /** `prefixItems`: the shapes of the first items, in order (a tuple); `itemShape` covers the rest. */
  prefixItems?: TypeReference[];
  /** `contains`: at least `minContains` (default 1) and at most `maxContains` items have this shape. */
  contains?: TypeReference;
  minContains?: number;
  maxContains?: number;
  /** The schema's `default` (a whole list). */
  default?: unknown;
  /** Examples the `items` schema gives, for one item. */
  itemExamples?: unknown[];
}

/** `minProperties` / `maxProperties` of an object or map. */
export interface PropertyCounts {
  minProperties?: number;
  maxProperties?: number;
}

export interface ListReference extends ListConstraints {
  type: 'list';
  itemShape: TypeReference;
}

export interface SetReference extends ListConstraints {
  type: 'set';
  itemShape: TypeReference;
}

export interface MapReference extends PropertyCounts {
  type: 'map';
  keyShape: TypeReference;
  valueShape: TypeReference;
  default?: unknown;
}

export interface ObjectProperty {
  /** The key as it appears on the wire. */
  key: string;
  valueShape: TypeReference;
  description?: string;
  availability?: Availability;
  access?: PropertyAccess;
  /** Examples the spec gives on the property's schema (`example`, `examples`), JSON values, `$ref`s resolved. */
  examples?: unknown[];
}

export interface ObjectShape {
  type: 'object';
  /** Types whose properties this object inherits (allOf of references). Their properties are not repeated here. */
  extends: TypeId[];
  properties: ObjectProperty[];
  /** Shape of keys not listed in `properties`, when the schema allows them with a known shape. */
  extraProperties?: TypeReference;
  /** `additionalProperties: false` on a schema without `allOf`: no key besides `properties` (and `patternProperties`). */
  closed?: boolean;
  /** `patternProperties`: keys matching a pattern have that shape. */
  patternProperties?: { pattern: string; shape: TypeReference }[];
  /** `dependentRequired`: when the key is present, these keys must be too. */
  dependentRequired?: Record<string, string[]>;
  /** `if` / `then` / `else`: a value matching `condition` must match `whenTrue`, any other `whenFalse`. */
  conditional?: { condition: TypeReference; whenTrue?: TypeReference; whenFalse?: TypeReference };
  minProperties?: number;
  maxProperties?: number;
}

export interface EnumValue {
  value: string | number | boolean | null;
  description?: string;
}

export interface DiscriminatedUnionVariant {
  /** The value the discriminant property carries for this variant. */
  discriminantValue: string;
  /** The object type that holds the variant's other properties. */
  typeId: TypeId;
  displayName?: string;
  description?: string;
}

export interface UndiscriminatedUnionVariant {
  shape: TypeReference;
  displayName?: string;
  description?: string;
}

export type TypeShape =
  | ObjectShape
  | { type: 'alias'; value: TypeReference }
  | { type: 'enum'; values: EnumValue[]; default?: EnumValue['value'] }
  | {
      type: 'discriminatedUnion';
      /** The wire name of the property that selects the variant. */
      discriminant: string;
      variants: DiscriminatedUnionVariant[];
      /** Properties every variant shares besides the discriminant. */
      baseProperties?: ObjectProperty[];
    }
  | {
      type: 'undiscriminatedUnion';
      variants: UndiscriminatedUnionVariant[];
      /** Properties declared beside the `oneOf`/`anyOf`, which every object variant has too. */
      baseProperties?: ObjectProperty[];
    };

export interface TypeDefinition {
  id: TypeId;
  /** Human name (the component name, or a name derived from where an inline schema sits). */
  name: string;
  shape: TypeShape;
  description?: string;
  availability?: Availability;
  /** Examples given by the spec for this type, JSON values. */
  examples?: unknown[];
}
