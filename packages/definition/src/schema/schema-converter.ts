/**
 * JSON Schema (OpenAPI 3.0 / 3.1, Swagger 2.0 and plain JSON Schema dialects) → IR types.
 *
 * `reference()` turns a schema into a `TypeReference`. Schemas that the IR cannot express
 * structurally (objects with properties, enums, unions, allOf) become named `TypeDefinition`s:
 * `$ref` targets keep their component name as id, inline ones are named after where they sit.
 * Named types are converted from a work queue, never recursively, so recursive and deeply
 * chained schemas cannot overflow the stack; inline nesting is bounded by `maxDepth`.
 * Nullability (3.0 `nullable`, type arrays with `null`, `oneOf` with a null variant) is put on
 * the reference, never on the named type. What the IR cannot say degrades to `unknown` with a
 * warning.
 */

import { type DocumentSet, type Location, refOf } from '../document/document-set.js';
import type { WarningSink } from '../document/warnings.js';
import { isScalarLiteral } from '../ir/literal-values.js';
import type {
  EnumValue,
  ObjectProperty,
  TypeDefinition,
  TypeId,
  TypeReference,
  TypeShape,
} from '../ir/types.js';
import { DeclarationMerger } from './declaration-merger.js';
import { resolveExampleRefs } from './example-refs.js';
import { listShape } from './list-shape.js';
import { constShape, enumShape } from './literal-shapes.js';
import { NamedTypes, type PendingType } from './named-types.js';
import { componentName, pascalCase } from './naming.js';
import { ObjectShapes } from './object-shapes.js';
import { primitiveOf, type SchemaObject } from './primitives.js';
import {
  availabilityOf,
  constEnumValues,
  examplesOf,
  hasObjectKeywords,
  hasOwnProperties,
  inferType,
  isAnnotationOnly,
  isBinaryContent,
  isClosedEmptyObject,
  isNullLiteral,
  isNullSchema,
  isObject,
  isPlainObjectSchema,
  isRemoteRef,
  literalOrUnknown,
  pointerAt,
  propertyCounts,
  stripNull,
  typeNames,
  UNKNOWN,
  unionVariants,
  withDefault,
} from './schema-predicates.js';
import type { ShapeContext } from './shape-context.js';
import { UnionShapes } from './union-shapes.js';

export type SchemaDialect = 'openapi-3.0' | 'openapi-3.1' | 'swagger-2.0' | 'json-schema';

export interface SchemaConverterOptions {
  dialect: SchemaDialect;
  /** Deepest inline nesting converted before the import fails. Default 200. */
  maxDepth?: number;
}

/** An inline object body (request or response) or any other shape as an alias. */
export type BodyShape =
  | { type: 'object'; extends: TypeId[]; properties: ObjectProperty[] }
  | { type: 'alias'; shape: TypeReference };

/** Converts the schemas of one import; collects the named types it creates. */
export class SchemaConverter {
  private readonly named: NamedTypes;
  private readonly maxDepth: number;
  private readonly merger: DeclarationMerger;
  private readonly objects: ObjectShapes;
  private readonly unions: UnionShapes;
  private readonly context: ShapeContext;

  constructor(
    private readonly docs: DocumentSet,
    private readonly sink: WarningSink,
    readonly options: SchemaConverterOptions,
  ) {
    this.maxDepth = options.maxDepth ?? 200;
    this.named = new NamedTypes(docs);
    this.merger = new DeclarationMerger(sink, (name) => this.named.allocateId(name));
    this.context = {
      docs,
      sink,
      maxDepth: this.maxDepth,
      merger: this.merger,
      sharedDeclarations: new Map(),
      reference: (schema, at, nameHint, depth) => this.reference(schema, at, nameHint, depth),
      namedType: (at, name, schema, from, ref) => this.namedType(at, name, schema, from, ref),
      examplesAt: (schema, at) => this.examplesAt(schema, at),
      resolveQuietly: (schema, at) => this.resolveQuietly(schema, at),
    };
    this.objects = new ObjectShapes(this.context);
    this.unions = new UnionShapes(this.context, this.objects);
  }

  /**
   * Reserves ids for the schemas of a components map (`components.schemas`, `definitions`) so
   * they keep their own names whatever order they are reached in.
   */
  reserveComponents(container: unknown, at: Location): void {
    this.named.reserveComponents(container, at);
  }

  /** Converts every schema of a components map into a named type, in order. */
  defineComponents(container: unknown, at: Location): void {
    this.named.defineComponents(container, at);
  }

  /** The named types created so far (drains the work queue first). */
  types(): Record<TypeId, TypeDefinition> {
    this.named.drain((pending) => this.define(pending));
    this.merger.mergeAll(this.named.definitions);
    return this.named.definitions;
  }

  /**
   * Types an allOf merge stopped referencing (`superseded`) and the component schemas (which
   * stay, used or not), for `dropOrphanedTypes`. Call after `types()`.
   */
  orphanCandidates(): { superseded: Set<TypeId>; components: Set<TypeId> } {
    return { superseded: this.merger.superseded, components: this.named.componentIds() };
  }

  /**
   * The `TypeReference` of `schema`, which sits at `at`. `nameHint` names inline schemas that
   * must become named types (PascalCase, e.g. `CreatePetRequest`).
   */
  reference(schema: unknown, at: Location, nameHint: string, depth = 0): TypeReference {
    if (depth > this.maxDepth) {
      throw this.docs.error(at, `the schema is nested more than ${this.maxDepth} levels deep`);
    }
    if (schema === true || schema === undefined) return UNKNOWN;
    if (!isObject(schema)) {
      this.sink.warn(
        at,
        schema === false
          ? 'schema `false` (no value allowed) shown as unknown'
          : 'schema is not an object; shown as unknown',
      );
      return UNKNOWN;
    }
    const ref = refOf(schema);
    if (ref !== undefined) return this.refReference(schema, ref, at, nameHint, depth);
    const inner = withDefault(this.inlineShape(schema, at, nameHint, depth), schema);
    return this.isNullable(schema) && inner.type !== 'unknown' && !isNullLiteral(inner)
      ? { type: 'nullable', shape: inner }
      : inner;
  }

  /** The body of a request or response: an inline object stays inline, anything else is an alias. */
  body(schema: unknown, at: Location, nameHint: string): BodyShape {
    if (
      isObject(schema) &&
      refOf(schema) === undefined &&
      !this.isNullable(schema) &&
      isPlainObjectSchema(schema) &&
      !this.allOfPrimary(schema, at)
    ) {
      const shape = this.objects.build(schema, at, nameHint, 0);
      // An inline body is only a property list: keywords beyond that need the named type.
      if ((shape.properties.length > 0 || shape.extends.length > 0) && !hasObjectKeywords(shape)) {
        return { type: 'object', extends: shape.extends, properties: shape.properties };
      }
    }
    return { type: 'alias', shape: this.reference(schema, at, nameHint) };
  }

  /**
   * Follows `$ref`s of a schema and returns the schema object reached (or undefined when it is
   * not an object), for callers that inspect formats or properties (file uploads, parameters).
   */
  resolve(schema: unknown, at: Location): { schema: SchemaObject; at: Location } | undefined {
    if (!isObject(schema)) return undefined;
    const resolved = this.docs.deref(schema, at);
    return isObject(resolved.value) ? { schema: resolved.value, at: resolved.at } : undefined;
  }

  /** The id of the named type for the schema at `at`; queued for conversion on first use. */
  namedType(at: Location, name?: string, schema?: unknown, from?: Location, ref?: string): TypeId {
    return this.named.namedType(at, name, schema, from, ref);
  }

  private refReference(
    schema: SchemaObject,
    ref: string,
    at: Location,
    hint: string,
    depth: number,
  ): TypeReference {
    if (isRemoteRef(ref)) {
      this.sink.warn(at, `remote $ref "${ref}" is not supported; shown as unknown`);
      return UNKNOWN;
    }
    const target = this.docs.refTarget(ref, at);
    const value = this.docs.valueAt(target, at, ref);
    const targetName = componentName(target.pointer) ?? (target.pointer === '' ? hint : undefined);
    const id = this.namedType(target, targetName, value);
    const shape: TypeReference = { type: 'id', id };
    void depth;
    const nullable = schema.nullable === true || (isObject(value) && this.isNullable(value));
    return nullable ? { type: 'nullable', shape } : shape;
  }

  /** True when the schema admits JSON null. */
  isNullable(schema: SchemaObject): boolean {
    if (schema.nullable === true || schema['x-nullable'] === true) return true;
    const type = schema.type;
    if (Array.isArray(type) && type.includes('null')) return true;
    if (Array.isArray(schema.enum) && schema.enum.includes(null) && schema.enum.length > 1) return true;
    const variants = schema.oneOf ?? schema.anyOf;
    return Array.isArray(variants) && variants.length > 1 && variants.some(isNullSchema);
  }

  private inlineShape(schema: SchemaObject, at: Location, hint: string, depth: number): TypeReference {
    if ('const' in schema) return constShape(this.sink, schema, at);
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.filter((value) => value !== null);
      if (values.length === 0) return { type: 'literal', value: null };
      if (values.length === 1)
        return literalOrUnknown(values[0], () =>
          this.sink.warn(at, 'an enum value that is not JSON shown as unknown'),
        );
      return { type: 'id', id: this.namedType(at, hint, schema) };
    }
    const variants = unionVariants(schema);
    if (variants) {
      const nonNull = variants.filter((variant) => !isNullSchema(variant));
      if (nonNull.length === 1 && !hasOwnProperties(schema)) {
        const key = Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf';
        const index = variants.indexOf(nonNull[0]);
        return this.reference(nonNull[0], pointerAt(at, key, index), hint, depth + 1);
      }
      if (nonNull.length === 0) return { type: 'literal', value: null };
      return { type: 'id', id: this.namedType(at, hint, schema) };
    }
    if (Array.isArray(schema.allOf)) {
      const primary = this.allOfPrimary(schema, at);
      if (primary)
        return this.reference(primary.member, pointerAt(at, 'allOf', primary.index), hint, depth + 1);
      return { type: 'id', id: this.namedType(at, hint, schema) };
    }
    const types = typeNames(schema);
    const nonNullTypes = types.filter((type) => type !== 'null');
    if (nonNullTypes.length > 1) return { type: 'id', id: this.namedType(at, hint, schema) };
    const type = nonNullTypes[0] ?? inferType(schema);
    if (type === undefined) {
      if (types.includes('null')) return { type: 'literal', value: null };
      this.warnUnsupported(schema, at);
      return UNKNOWN;
    }
    return this.typedShape(type, schema, at, hint, depth);
  }

  private typedShape(
    type: string,
    schema: SchemaObject,
    at: Location,
    hint: string,
    depth: number,
  ): TypeReference {
    if (type === 'object') {
      if (hasOwnProperties(schema) || isClosedEmptyObject(schema)) {
        return { type: 'id', id: this.namedType(at, hint, schema) };
      }
      const extra = schema.additionalProperties;
      const valueShape =
        isObject(extra) && Object.keys(extra).length > 0
          ? this.reference(extra, pointerAt(at, 'additionalProperties'), `${hint}Value`, depth + 1)
          : UNKNOWN;
      return {
        type: 'map',
        keyShape: { type: 'primitive', value: { type: 'string' } },
        valueShape,
        ...propertyCounts(schema),
      };
    }
    if (type === 'array') return listShape(this.context, schema, at, hint, depth);
    if (type === 'null') return { type: 'literal', value: null };
    if (type === 'file') return { type: 'primitive', value: { type: 'string', format: 'binary' } };
    const primitive = primitiveOf(type, schema);
    if (primitive) {
      if (primitive.type === 'string' && primitive.format === undefined && isBinaryContent(schema)) {
        primitive.format = 'binary';
      }
      return { type: 'primitive', value: primitive };
    }
    this.sink.warn(at, `unknown schema type "${type}" shown as unknown`);
    return UNKNOWN;
  }

  private warnUnsupported(schema: SchemaObject, at: Location): void {
    for (const keyword of ['not', '$dynamicRef']) {
      if (keyword in schema) this.sink.warn(at, `\`${keyword}\` is not supported; shown as unknown`);
    }
  }

  /** Converts one queued named type. */
  private define(pending: PendingType): TypeDefinition {
    const { id, name, schema, at } = pending;
    const definition: TypeDefinition = { id, name, shape: { type: 'alias', value: UNKNOWN } };
    if (!isObject(schema)) {
      if (schema !== true) this.sink.warn(at, 'schema is not an object; shown as unknown');
      return definition;
    }
    definition.shape = this.namedShape(schema, at, name);
    if (typeof schema.description === 'string') definition.description = schema.description;
    const availability = availabilityOf(schema);
    if (availability) definition.availability = availability;
    const examples = this.examplesAt(schema, at);
    if (examples) definition.examples = examples;
    return definition;
  }

  private namedShape(schema: SchemaObject, at: Location, name: string): TypeShape {
    if (refOf(schema) !== undefined) return { type: 'alias', value: this.reference(schema, at, name) };
    // A const, a null schema and a non-object allOf read the same named as inline.
    const singleEnum = Array.isArray(schema.enum) && schema.enum.filter((v) => v !== null).length === 1;
    if ('const' in schema || isNullSchema(schema) || singleEnum)
      return { type: 'alias', value: this.inlineShape(schema, at, name, 1) };
    if (Array.isArray(schema.allOf) && !isPlainObjectSchema(schema)) {
      const primary = this.allOfPrimary(schema, at);
      if (primary)
        return {
          type: 'alias',
          value: this.reference(primary.member, pointerAt(at, 'allOf', primary.index), name, 1),
        };
    }
    if (Array.isArray(schema.enum) && !('const' in schema)) {
      const values = schema.enum.filter((value) => value !== null);
      if (values.length > 1 && values.every(isScalarLiteral))
        return enumShape(schema, values as EnumValue['value'][]);
    }
    const variants = unionVariants(schema);
    // `oneOf: [{ const: a, description }, ...]`: the documented-enum idiom of JSON Schema.
    const documented = variants && constEnumValues(variants);
    if (documented) {
      const shape: TypeShape = { type: 'enum', values: documented };
      if (isScalarLiteral(schema.default) && documented.some((v) => v.value === schema.default))
        shape.default = schema.default;
      return shape;
    }
    if (variants && variants.filter((variant) => !isNullSchema(variant)).length > 1) {
      return this.unions.build(schema, variants, at, name);
    }
    const types = typeNames(schema).filter((type) => type !== 'null');
    if (types.length > 1) {
      return {
        type: 'undiscriminatedUnion',
        variants: types.map((type) => ({
          shape: this.typedShape(type, schema, at, `${name}${pascalCase(type)}`, 1),
          displayName: type,
        })),
      };
    }
    if (
      isPlainObjectSchema(schema) &&
      (hasOwnProperties(schema) || Array.isArray(schema.allOf) || isClosedEmptyObject(schema))
    ) {
      const primary = this.allOfPrimary(schema, at);
      if (primary) {
        const value = this.reference(primary.member, pointerAt(at, 'allOf', primary.index), name, 1);
        return { type: 'alias', value };
      }
      return this.objects.build(schema, at, name, 0);
    }
    const withoutNull: SchemaObject = this.isNullable(schema) ? stripNull(schema) : schema;
    return { type: 'alias', value: withDefault(this.inlineShapeForAlias(withoutNull, at, name), schema) };
  }

  /** Inline shape of a named alias; never re-enters `namedType` for the same location. */
  private inlineShapeForAlias(schema: SchemaObject, at: Location, name: string): TypeReference {
    const warn = () => this.sink.warn(at, 'an enum value that is not JSON shown as unknown');
    if ('const' in schema) return constShape(this.sink, schema, at);
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.filter((value) => value !== null);
      if (values.length === 0) return { type: 'literal', value: null };
      if (values.length === 1) return literalOrUnknown(values[0], warn);
      warn();
      return UNKNOWN;
    }
    const type = typeNames(schema).find((t) => t !== 'null') ?? inferType(schema);
    if (type === 'object' && !isClosedEmptyObject(schema) && !hasOwnProperties(schema)) {
      return this.typedShape('object', schema, at, name, 1);
    }
    if (type !== undefined && type !== 'object') return this.typedShape(type, schema, at, name, 1);
    this.warnUnsupported(schema, at);
    return UNKNOWN;
  }

  /**
   * The `allOf` member that stands for the whole schema, when the schema is not an object merge:
   * the only member that says more than annotations (`allOf: [{$ref}, {description}]`), or the
   * first member when none of them is an object (`allOf` of string constraints, approximated).
   */
  private allOfPrimary(schema: SchemaObject, at: Location): { member: unknown; index: number } | undefined {
    if (!Array.isArray(schema.allOf) || hasOwnProperties(schema) || isObject(schema.additionalProperties)) {
      return undefined;
    }
    // `required` beside the allOf makes the members' optional properties required: an object of its own.
    if (Array.isArray(schema.required) && schema.required.length > 0) return undefined;
    const members = schema.allOf
      .map((member, index) => ({ member, index }))
      .filter(({ member }) => !isAnnotationOnly(member));
    if (members.length === 0) return undefined;
    if (members.length === 1) return members[0];
    const objectLike = members.some(({ member, index }) => {
      const ref = refOf(member);
      if (ref !== undefined && isRemoteRef(ref)) return false;
      const resolved = isObject(member)
        ? this.docs.deref(member, pointerAt(at, 'allOf', index)).value
        : undefined;
      return isObject(resolved) && (isPlainObjectSchema(resolved) || hasOwnProperties(resolved));
    });
    if (objectLike) return undefined;
    this.sink.warn(at, 'allOf of non-object schemas: only the first member is shown');
    return members[0];
  }

  /** The schema's examples with the `$ref`s inside them resolved, or undefined. */
  examplesAt(schema: SchemaObject, at: Location): unknown[] | undefined {
    const examples = examplesOf(schema);
    if (!examples) return undefined;
    const resolved = examples
      .map((example) => resolveExampleRefs(example, this.docs, at))
      .filter((example) => example !== undefined);
    return resolved.length > 0 ? resolved : undefined;
  }

  private resolveQuietly(schema: SchemaObject, at: Location): SchemaObject | undefined {
    const ref = refOf(schema);
    if (ref === undefined || isRemoteRef(ref)) return schema;
    const resolved = this.docs.deref(schema, at);
    return isObject(resolved.value) ? resolved.value : undefined;
  }
}
