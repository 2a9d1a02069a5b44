/**
 * IR → JSON Schema (2020-12). Used to validate synthesised examples with a standard validator,
 * and useful to the playground (JSON editor hints) and docs (a "schema" tab). Named types become
 * `$defs` entries reached through `$ref`; only the types the reference reaches are included.
 *
 * The direction matters like in the API: with `direction: 'request'` READ_ONLY properties are
 * not required (a client leaves them out), with `'response'` WRITE_ONLY ones are not.
 */
import { escapePointerToken } from '../document/pointer.js';
import type {
  ObjectProperty,
  ObjectShape,
  PrimitiveType,
  PropertyCounts,
  TypeDefinition,
  TypeId,
  TypeReference,
} from '../ir/types.js';
import type { Direction } from './value-builder.js';

/** A JSON Schema document, as plain JSON. */
export type JsonSchema = Record<string, unknown>;

export interface ToJsonSchemaOptions {
  /** Relaxes `required` for READ_ONLY (request) or WRITE_ONLY (response) properties. */
  direction?: Direction;
  /**
   * Base URI of a schema holding every type (see `typesToJsonSchema`): references point into it
   * (`${refBase}#/$defs/Pet`) and no `$defs` are emitted.
   */
  refBase?: string;
}

/**
 * The JSON Schema of `reference`, with a `$defs` entry for each named type it reaches.
 * @example toJsonSchema({ type: 'id', id: 'Pet' }, definition.types, { direction: 'response' })
 *   // { $schema: 'https://json-schema.org/draft/2020-12/schema', $ref: '#/$defs/Pet', $defs: { Pet: {...} } }
 */
export function toJsonSchema(
  reference: TypeReference,
  types: Record<TypeId, TypeDefinition>,
  options: ToJsonSchemaOptions = {},
): JsonSchema {
  const converter = new Converter(types, options.direction, options.refBase ?? '');
  const root = converter.reference(reference);
  const defs = options.refBase === undefined ? converter.drain() : {};
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...root,
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
}

/**
 * One JSON Schema with every type of a definition under `$defs`, identified by `$id`, for
 * validators that load it once and check many values against `toJsonSchema(ref, types, { refBase: $id })`.
 */
export function typesToJsonSchema(
  types: Record<TypeId, TypeDefinition>,
  options: { $id: string; direction?: Direction },
): JsonSchema {
  const converter = new Converter(types, options.direction, '');
  for (const id of Object.keys(types)) converter.reference({ type: 'id', id });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: options.$id,
    $defs: converter.drain(),
  };
}

/** The JSON Schema `$ref` of a named type. */
export function definitionRef(id: TypeId, base = ''): string {
  return `${base}#/$defs/${encodeURIComponent(escapePointerToken(id))}`;
}

class Converter {
  private readonly pending: TypeId[] = [];
  private readonly seen = new Set<TypeId>();

  constructor(
    private readonly types: Record<TypeId, TypeDefinition>,
    private readonly direction: Direction | undefined,
    private readonly refBase: string,
  ) {}

  reference(ref: TypeReference): JsonSchema {
    switch (ref.type) {
      case 'id':
        if (!this.seen.has(ref.id)) {
          this.seen.add(ref.id);
          this.pending.push(ref.id);
        }
        return { $ref: definitionRef(ref.id, this.refBase) };
      case 'primitive':
        return primitive(ref.value);
      case 'optional':
        return this.reference(ref.shape);
      case 'nullable':
        return { anyOf: [this.reference(ref.shape), { type: 'null' }] };
      case 'list':
      case 'set':
        return {
          type: 'array',
          ...(ref.prefixItems ? { prefixItems: ref.prefixItems.map((item) => this.reference(item)) } : {}),
          items: this.reference(ref.itemShape),
          ...(ref.minItems !== undefined ? { minItems: ref.minItems } : {}),
          ...(ref.maxItems !== undefined ? { maxItems: ref.maxItems } : {}),
          ...(ref.type === 'set' ? { uniqueItems: true } : {}),
          ...(ref.contains ? { contains: this.reference(ref.contains) } : {}),
          ...(ref.minContains !== undefined ? { minContains: ref.minContains } : {}),
          ...(ref.maxContains !== undefined ? { maxContains: ref.maxContains } : {}),
        };
      case 'map':
        return {
          type: 'object',
          additionalProperties: this.reference(ref.valueShape),
          ...propertyCounts(ref),
        };
      case 'literal':
        return { const: ref.value };
      case 'unknown':
        return {};
    }
  }

  /** The `$defs` of every type reached so far (and those they reach). */
  drain(): Record<string, JsonSchema> {
    const defs: Record<string, JsonSchema> = {};
    for (let id = this.pending.shift(); id !== undefined; id = this.pending.shift()) {
      const type = this.types[id];
      defs[id] = type ? this.definition(type) : { not: {}, description: `unresolved type ${id}` };
    }
    return defs;
  }

  private definition(type: TypeDefinition): JsonSchema {
    const shape = type.shape;
    const title = { title: type.name };
    switch (shape.type) {
      case 'alias':
        return { ...title, ...this.reference(shape.value) };
      case 'enum':
        return { ...title, enum: shape.values.map((v) => v.value) };
      case 'object': {
        const own = this.object(shape.properties);
        // In an allOf, additionalProperties would also judge the parents' keys: only set it alone.
        if (shape.extraProperties && shape.extends.length === 0)
          own.additionalProperties = this.reference(shape.extraProperties);
        else if (shape.closed && shape.extends.length === 0) own.additionalProperties = false;
        Object.assign(own, this.objectKeywords(shape));
        if (shape.extends.length === 0) return { ...title, ...own };
        return { ...title, allOf: [...shape.extends.map((id) => this.reference({ type: 'id', id })), own] };
      }
      case 'discriminatedUnion': {
        const base = this.object(shape.baseProperties ?? []);
        return {
          ...title,
          ...base,
          required: [...((base.required as string[] | undefined) ?? []), shape.discriminant],
          oneOf: shape.variants.map((variant) => ({
            allOf: [
              this.reference({ type: 'id', id: variant.typeId }),
              { properties: { [shape.discriminant]: { const: variant.discriminantValue } } },
            ],
          })),
        };
      }
      case 'undiscriminatedUnion':
        return { ...title, anyOf: shape.variants.map((variant) => this.reference(variant.shape)) };
    }
  }

  /** Pattern keys, counts, dependencies and if/then/else of an object shape. */
  private objectKeywords(shape: ObjectShape): JsonSchema {
    const out: JsonSchema = { ...propertyCounts(shape) };
    if (shape.patternProperties)
      out.patternProperties = Object.fromEntries(
        shape.patternProperties.map((entry) => [entry.pattern, this.reference(entry.shape)]),
      );
    if (shape.dependentRequired) out.dependentRequired = shape.dependentRequired;
    if (shape.conditional) {
      out.if = this.reference(shape.conditional.condition);
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then` keyword, not a thenable.
      if (shape.conditional.whenTrue) out.then = this.reference(shape.conditional.whenTrue);
      if (shape.conditional.whenFalse) out.else = this.reference(shape.conditional.whenFalse);
    }
    return out;
  }

  private object(properties: ObjectProperty[]): JsonSchema {
    const props: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of properties) {
      const schema = this.reference(property.valueShape);
      if (property.access === 'READ_ONLY') schema.readOnly = true;
      if (property.access === 'WRITE_ONLY') schema.writeOnly = true;
      if (property.description) schema.description = property.description;
      props[property.key] = schema;
      const leftOut =
        (this.direction === 'request' && property.access === 'READ_ONLY') ||
        (this.direction === 'response' && property.access === 'WRITE_ONLY');
      if (property.valueShape.type !== 'optional' && !leftOut) required.push(property.key);
    }
    return { type: 'object', properties: props, ...(required.length > 0 ? { required } : {}) };
  }
}

function propertyCounts(counts: PropertyCounts): JsonSchema {
  return {
    ...(counts.minProperties !== undefined ? { minProperties: counts.minProperties } : {}),
    ...(counts.maxProperties !== undefined ? { maxProperties: counts.maxProperties } : {}),
  };
}

function primitive(value: PrimitiveType): JsonSchema {
  const { default: _default, ...rest } = value;
  const out: JsonSchema = {};
  for (const [key, item] of Object.entries(rest)) if (item !== undefined) out[key] = item;
  return out;
}
