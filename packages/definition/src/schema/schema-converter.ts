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

import { type DocumentSet, type Location, locationKey, refOf } from '../document/document-set.js';
import { childPointer } from '../document/pointer.js';
import type { WarningSink } from '../document/warnings.js';
import { isJsonValue, isScalarLiteral, literalLabel } from '../ir/literal-values.js';
import type {
  Availability,
  DiscriminatedUnionVariant,
  EnumValue,
  LiteralValue,
  ObjectProperty,
  ObjectShape,
  PropertyCounts,
  TypeDefinition,
  TypeId,
  TypeReference,
  TypeShape,
  UndiscriminatedUnionVariant,
} from '../ir/types.js';
import { DeclarationMerger } from './declaration-merger.js';
import { resolveExampleRefs } from './example-refs.js';
import { componentName, nameFromPointer, pascalCase } from './naming.js';
import { isCount, primitiveOf, type SchemaObject } from './primitives.js';

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

const UNKNOWN: TypeReference = { type: 'unknown' };

interface PendingType {
  id: TypeId;
  name: string;
  schema: unknown;
  at: Location;
}

/** Converts the schemas of one import; collects the named types it creates. */
export class SchemaConverter {
  private readonly definitions: Record<TypeId, TypeDefinition> = {};
  private readonly idsByLocation = new Map<string, TypeId>();
  private readonly usedIds = new Set<string>();
  private readonly nextSuffix = new Map<string, number>();
  private readonly reserved = new Map<string, TypeId>();
  private readonly pending: PendingType[] = [];
  private readonly maxDepth: number;
  private readonly merger: DeclarationMerger;
  /** Inline union variants (by location) and the union schema declaring properties beside them. */
  private readonly sharedDeclarations = new Map<string, { schema: SchemaObject; at: Location }>();

  constructor(
    private readonly docs: DocumentSet,
    private readonly sink: WarningSink,
    readonly options: SchemaConverterOptions,
  ) {
    this.maxDepth = options.maxDepth ?? 200;
    this.merger = new DeclarationMerger(sink, (name) => this.allocateId(name));
  }

  /**
   * Reserves ids for the schemas of a components map (`components.schemas`, `definitions`) so
   * they keep their own names whatever order they are reached in.
   */
  reserveComponents(container: unknown, at: Location): void {
    if (!isObject(container)) return;
    for (const name of Object.keys(container)) {
      const location = { file: at.file, pointer: childPointer(at.pointer, name) };
      const key = locationKey(location);
      if (this.reserved.has(key) || this.idsByLocation.has(key)) continue;
      this.reserved.set(key, this.allocateId(name));
    }
  }

  /** Converts every schema of a components map into a named type, in order. */
  defineComponents(container: unknown, at: Location): void {
    if (!isObject(container)) return;
    this.reserveComponents(container, at);
    for (const name of Object.keys(container)) {
      const location = { file: at.file, pointer: childPointer(at.pointer, name) };
      if (!this.adoptReferencedSchema(container[name], location, name)) this.namedType(location, name);
    }
  }

  /**
   * A component that is only a `$ref` to a schema elsewhere (another file, usually) gives that
   * schema its name instead of becoming an alias of a second, numbered type.
   */
  private adoptReferencedSchema(schema: unknown, at: Location, name: string): boolean {
    if (!isObject(schema) || Object.keys(schema).length !== 1) return false;
    const ref = refOf(schema);
    if (ref === undefined || /^[a-z][a-z0-9+.-]*:/i.test(ref)) return false;
    const target = this.docs.refTarget(ref, at);
    const targetKey = locationKey(target);
    if (this.idsByLocation.has(targetKey) || this.reserved.has(targetKey)) return false;
    const value = this.docs.valueAt(target, at, ref);
    if (refOf(value) !== undefined) return false;
    const key = locationKey(at);
    const id = this.reserved.get(key) ?? this.allocateId(name);
    this.idsByLocation.set(key, id);
    this.idsByLocation.set(targetKey, id);
    this.pending.push({ id, name, schema: value, at: target });
    return true;
  }

  /** The named types created so far (drains the work queue first). */
  types(): Record<TypeId, TypeDefinition> {
    this.drain();
    this.merger.mergeAll(this.definitions);
    return this.definitions;
  }

  /**
   * Types an allOf merge stopped referencing (`superseded`) and the component schemas (which
   * stay, used or not), for `dropOrphanedTypes`. Call after `types()`.
   */
  orphanCandidates(): { superseded: Set<TypeId>; components: Set<TypeId> } {
    return { superseded: this.merger.superseded, components: new Set(this.reserved.values()) };
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
      const shape = this.objectShape(schema, at, nameHint, 0);
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
    const key = locationKey(at);
    const existing = this.idsByLocation.get(key);
    if (existing !== undefined) return existing;
    const value = schema === undefined ? this.docs.valueAt(at, from, ref) : schema;
    const typeName = name ?? componentName(at.pointer) ?? nameFromPointer(at.pointer);
    const id = this.reserved.get(key) ?? this.allocateId(typeName);
    this.idsByLocation.set(key, id);
    this.pending.push({ id, name: typeName, schema: value, at });
    return id;
  }

  private drain(): void {
    // Iterative: converting one type may queue others (never recursion across named types).
    // An index, not shift(): shift() is O(n) and GitHub's spec queues thousands of types.
    for (let index = 0; index < this.pending.length; index++) {
      const next = this.pending[index] as PendingType;
      this.definitions[next.id] = this.define(next);
    }
    this.pending.length = 0;
  }

  private allocateId(name: string): TypeId {
    let id = name;
    // Resume numbering where the last `name_N` stopped: common names recur thousands of times.
    for (let n = this.nextSuffix.get(name) ?? 2; this.usedIds.has(id); n++) {
      id = `${name}_${n}`;
      this.nextSuffix.set(name, n + 1);
    }
    this.usedIds.add(id);
    return id;
  }

  private refReference(
    schema: SchemaObject,
    ref: string,
    at: Location,
    hint: string,
    depth: number,
  ): TypeReference {
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) {
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
    if ('const' in schema) return this.constShape(schema, at);
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
    if (type === 'array') return this.listShape(schema, at, hint, depth);
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

  /**
   * An array: its item shape, a tuple's leading items (2020-12 `prefixItems`, or the older
   * array form of `items` with `additionalItems`), `contains` and the examples its items give.
   */
  private listShape(schema: SchemaObject, at: Location, hint: string, depth: number): TypeReference {
    const tuple = Array.isArray(schema.prefixItems)
      ? { members: schema.prefixItems, key: 'prefixItems', rest: schema.items, restKey: 'items' }
      : Array.isArray(schema.items)
        ? { members: schema.items, key: 'items', rest: schema.additionalItems, restKey: 'additionalItems' }
        : undefined;
    const itemsSchema = tuple ? tuple.rest : schema.items;
    const itemsAt = pointerAt(at, tuple ? tuple.restKey : 'items');
    const itemShape =
      itemsSchema === false ? UNKNOWN : this.reference(itemsSchema, itemsAt, `${hint}Item`, depth + 1);
    const list: TypeReference =
      schema.uniqueItems === true ? { type: 'set', itemShape } : { type: 'list', itemShape };
    if (isCount(schema.minItems)) list.minItems = schema.minItems;
    if (isCount(schema.maxItems)) list.maxItems = schema.maxItems;
    if (tuple) {
      list.prefixItems = tuple.members.map((member, index) =>
        this.reference(member, pointerAt(at, tuple.key, index), `${hint}Item${index + 1}`, depth + 1),
      );
      // `items: false` after a tuple: no more items than the tuple has.
      if (itemsSchema === false) list.maxItems = Math.min(list.maxItems ?? Infinity, tuple.members.length);
    }
    if (schema.contains !== undefined) {
      list.contains = this.reference(
        schema.contains,
        pointerAt(at, 'contains'),
        `${hint}Contains`,
        depth + 1,
      );
      if (isCount(schema.minContains)) list.minContains = schema.minContains;
      if (isCount(schema.maxContains)) list.maxContains = schema.maxContains;
    }
    const items = isObject(itemsSchema) ? this.resolveQuietly(itemsSchema, itemsAt) : undefined;
    const itemExamples =
      items && refOf(itemsSchema) === undefined ? this.examplesAt(items, itemsAt) : undefined;
    if (itemExamples) list.itemExamples = itemExamples;
    return list;
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
        return this.enumShape(schema, values as EnumValue['value'][]);
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
      return this.unionShape(schema, variants, at, name);
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
      return this.objectShape(schema, at, name, 0);
    }
    const withoutNull: SchemaObject = this.isNullable(schema) ? stripNull(schema) : schema;
    return { type: 'alias', value: withDefault(this.inlineShapeForAlias(withoutNull, at, name), schema) };
  }

  /** Inline shape of a named alias; never re-enters `namedType` for the same location. */
  private inlineShapeForAlias(schema: SchemaObject, at: Location, name: string): TypeReference {
    const warn = () => this.sink.warn(at, 'an enum value that is not JSON shown as unknown');
    if ('const' in schema) return this.constShape(schema, at);
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
   * A `const` of any JSON value is a literal, kept exactly; one the declared `type` rules out (no
   * value can be valid) is kept too, with a warning, since it is what the author wrote.
   */
  private constShape(schema: SchemaObject, at: Location): TypeReference {
    const value = schema.const;
    const shape = literalOrUnknown(value, () =>
      this.sink.warn(at, 'a `const` that is not JSON shown as unknown'),
    );
    if (shape.type === 'literal' && !ofDeclaredType(shape.value, schema.type))
      this.sink.warn(
        at,
        `\`const\` ${literalLabel(shape.value, 40)} is not of the declared type ${JSON.stringify(schema.type)}: no value can be valid; the const is shown`,
      );
    return shape;
  }

  private enumShape(schema: SchemaObject, values: EnumValue['value'][]): TypeShape {
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
      if (ref !== undefined && /^[a-z][a-z0-9+.-]*:/i.test(ref)) return false;
      const resolved = isObject(member)
        ? this.docs.deref(member, pointerAt(at, 'allOf', index)).value
        : undefined;
      return isObject(resolved) && (isPlainObjectSchema(resolved) || hasOwnProperties(resolved));
    });
    if (objectLike) return undefined;
    this.sink.warn(at, 'allOf of non-object schemas: only the first member is shown');
    return members[0];
  }

  /** Properties of an object schema, merged with its inline allOf members; `$ref` members become `extends`. */
  objectShape(schema: SchemaObject, at: Location, name: string, depth: number): ObjectShape {
    const shape: ObjectShape = { type: 'object', extends: [], properties: [] };
    const required = new Set<string>();
    collectRequired(schema, required, this.docs, at);
    const seen = new Map<string, number>();
    const inheritsFromRefs =
      Array.isArray(schema.allOf) && schema.allOf.some((member) => refOf(member) !== undefined);
    this.collectObject(schema, at, name, depth, shape, required, seen, inheritsFromRefs);
    if (shape.extends.length > 0) this.requireInherited(schema, at, name, depth, shape, seen);
    this.merger.inherits(shape, name);
    // `required` may name keys no member declares: they must still be sent, with any value
    // (unless `additionalProperties: false` forbids them: then the schema admits no value at all).
    const union = this.sharedDeclarations.get(locationKey(at));
    for (const key of required) {
      if (seen.has(key) || schema.additionalProperties === false) continue;
      if (shape.extends.length > 0 && this.findDeclaration(schema, at, key, 0)) continue;
      const shared = union && isObject(union.schema.properties) ? union.schema.properties[key] : undefined;
      if (union && shared !== undefined) {
        // A union variant requiring a property the union declares beside its oneOf/anyOf.
        const sharedAt = pointerAt(pointerAt(union.at, 'properties'), key);
        seen.set(key, shape.properties.length);
        shape.properties.push(this.property(key, shared, sharedAt, name, depth, true));
        continue;
      }
      this.sink.warn(at, `required property "${key}" is not declared; shown as unknown`);
      seen.set(key, shape.properties.length);
      shape.properties.push({ key, valueShape: UNKNOWN });
    }
    const extra = schema.additionalProperties;
    if (isObject(extra) && Object.keys(extra).length > 0) {
      shape.extraProperties = this.reference(
        extra,
        pointerAt(at, 'additionalProperties'),
        `${name}Value`,
        depth + 1,
      );
    }
    if (extra === false && !Array.isArray(schema.allOf)) shape.closed = true;
    this.objectKeywords(schema, at, name, depth, shape);
    return shape;
  }

  /** The 2020-12 object keywords besides `properties`: counts, pattern keys, dependencies, if/then/else. */
  private objectKeywords(
    schema: SchemaObject,
    at: Location,
    name: string,
    depth: number,
    shape: ObjectShape,
  ): void {
    Object.assign(shape, propertyCounts(schema));
    if (isObject(schema.patternProperties)) {
      const patterns = Object.entries(schema.patternProperties).map(([pattern, value]) => ({
        pattern,
        shape: this.reference(
          value,
          pointerAt(at, 'patternProperties', pattern),
          `${name}PatternValue`,
          depth + 1,
        ),
      }));
      if (patterns.length > 0) shape.patternProperties = patterns;
    }
    if (isObject(schema.dependentRequired)) {
      const dependencies: Record<string, string[]> = {};
      for (const [key, keys] of Object.entries(schema.dependentRequired))
        if (Array.isArray(keys)) dependencies[key] = keys.filter((k): k is string => typeof k === 'string');
      if (Object.keys(dependencies).length > 0) shape.dependentRequired = dependencies;
    }
    if (schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined)) {
      const branch = (keyword: 'if' | 'then' | 'else', suffix: string) =>
        schema[keyword] === undefined
          ? undefined
          : this.reference(schema[keyword], pointerAt(at, keyword), `${name}${suffix}`, depth + 1);
      const conditional: NonNullable<ObjectShape['conditional']> = {
        condition: branch('if', 'If') ?? UNKNOWN,
      };
      const whenTrue = branch('then', 'Then');
      const whenFalse = branch('else', 'Else');
      if (whenTrue) conditional.whenTrue = whenTrue;
      if (whenFalse) conditional.whenFalse = whenFalse;
      shape.conditional = conditional;
    }
  }

  /**
   * JSON Schema's `required` spans the whole allOf tree; the IR's optional wrapper sits on each
   * type's own property. When a key some member requires is declared optional by another member,
   * the child gets a required copy of that property (a child's property replaces its parent's).
   */
  private requireInherited(
    schema: SchemaObject,
    at: Location,
    name: string,
    depth: number,
    shape: ObjectShape,
    seen: Map<string, number>,
  ): void {
    const required = new Set<string>();
    this.collectRequiredDeep(schema, at, required, new Set(), 0);
    for (const key of required) {
      const index = seen.get(key);
      if (index !== undefined) {
        const own = shape.properties[index];
        if (own && own.valueShape.type === 'optional') own.valueShape = own.valueShape.shape;
        continue;
      }
      const declared = this.findDeclaration(schema, at, key, 0);
      if (!declared || declared.requiredThere) continue;
      seen.set(key, shape.properties.length);
      shape.properties.push(this.property(key, declared.schema, declared.at, name, depth, true));
    }
  }

  private collectRequiredDeep(
    schema: SchemaObject,
    at: Location,
    into: Set<string>,
    visited: Set<string>,
    depth: number,
  ): void {
    if (depth > 16) return;
    const key = locationKey(at);
    if (visited.has(key)) return;
    visited.add(key);
    if (Array.isArray(schema.required))
      for (const item of schema.required) if (typeof item === 'string') into.add(item);
    if (!Array.isArray(schema.allOf)) return;
    schema.allOf.forEach((member, index) => {
      const ref = refOf(member);
      if (ref !== undefined && /^[a-z][a-z0-9+.-]*:/i.test(ref)) return;
      const resolved = this.docs.deref(member, pointerAt(at, 'allOf', index));
      if (isObject(resolved.value))
        this.collectRequiredDeep(resolved.value, resolved.at, into, visited, depth + 1);
    });
  }

  /** Where the allOf tree of `schema` declares property `key`, and whether that schema requires it. */
  private findDeclaration(
    schema: SchemaObject,
    at: Location,
    key: string,
    depth: number,
  ): { schema: unknown; at: Location; requiredThere: boolean } | undefined {
    if (depth > 16) return undefined;
    if (isObject(schema.properties) && key in schema.properties) {
      const requiredThere = Array.isArray(schema.required) && schema.required.includes(key);
      return { schema: schema.properties[key], at: pointerAt(at, 'properties', key), requiredThere };
    }
    if (!Array.isArray(schema.allOf)) return undefined;
    for (let index = 0; index < schema.allOf.length; index++) {
      const member = schema.allOf[index];
      const ref = refOf(member);
      if (ref !== undefined && /^[a-z][a-z0-9+.-]*:/i.test(ref)) continue;
      const resolved = this.docs.deref(member, pointerAt(at, 'allOf', index));
      if (!isObject(resolved.value)) continue;
      const found = this.findDeclaration(resolved.value, resolved.at, key, depth + 1);
      if (found) return found;
    }
    return undefined;
  }

  private collectObject(
    schema: SchemaObject,
    at: Location,
    name: string,
    depth: number,
    shape: ObjectShape,
    required: Set<string>,
    seen: Map<string, number>,
    inheritsFromRefs: boolean,
  ): void {
    if (depth > this.maxDepth)
      throw this.docs.error(at, `the schema is nested more than ${this.maxDepth} levels deep`);
    if (Array.isArray(schema.allOf)) {
      schema.allOf.forEach((member, index) => {
        const memberAt = pointerAt(at, 'allOf', index);
        const ref = refOf(member);
        if (ref !== undefined) {
          if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) {
            this.sink.warn(memberAt, `remote $ref "${ref}" is not supported; ignored`);
            return;
          }
          const resolved = this.docs.deref(member, memberAt);
          if (isObject(resolved.value) && isPlainObjectSchema(resolved.value)) {
            const id = this.namedType(resolved.at, componentName(resolved.at.pointer), resolved.value);
            if (!shape.extends.includes(id)) shape.extends.push(id);
          } else {
            this.sink.warn(memberAt, 'allOf member is not an object schema; ignored');
          }
        } else if (isObject(member)) {
          this.collectObject(member, memberAt, name, depth + 1, shape, required, seen, inheritsFromRefs);
        }
      });
    }
    const properties = schema.properties;
    if (!isObject(properties)) return;
    const propertiesAt = pointerAt(at, 'properties');
    for (const key of Object.keys(properties)) {
      const value = properties[key];
      // `allOf: [{$ref: Text}, {properties: {text: {description}}}]` only re-describes Text's
      // property: keep the inherited shape instead of replacing it with unknown.
      if (inheritsFromRefs && isAnnotationOnly(value)) continue;
      const property = this.property(
        key,
        value,
        pointerAt(propertiesAt, key),
        name,
        depth,
        required.has(key),
      );
      const index = seen.get(key);
      if (index === undefined) {
        seen.set(key, shape.properties.length);
        shape.properties.push(property);
      } else {
        this.merger.redeclared(shape.properties, index, property, name);
      }
    }
  }

  private property(
    key: string,
    schema: unknown,
    at: Location,
    parentName: string,
    depth: number,
    isRequired: boolean,
  ): ObjectProperty {
    let valueShape = this.reference(schema, at, `${parentName}${pascalCase(key)}`, depth + 1);
    const property: ObjectProperty = { key, valueShape };
    if (isObject(schema)) {
      if (typeof schema.description === 'string') property.description = schema.description;
      const availability = availabilityOf(schema);
      if (availability) property.availability = availability;
      const examples = this.examplesAt(schema, at);
      if (examples) property.examples = examples;
      const target = refOf(schema) !== undefined ? this.resolveQuietly(schema, at) : schema;
      if (schema.readOnly === true || target?.readOnly === true) property.access = 'READ_ONLY';
      else if (schema.writeOnly === true || target?.writeOnly === true) property.access = 'WRITE_ONLY';
      if (!isRequired) {
        valueShape = { type: 'optional', shape: valueShape };
        if (schema.default !== undefined) valueShape.default = schema.default;
      }
    } else if (!isRequired) {
      valueShape = { type: 'optional', shape: valueShape };
    }
    property.valueShape = valueShape;
    this.merger.locate(property, at);
    return property;
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
    if (ref === undefined || /^[a-z][a-z0-9+.-]*:/i.test(ref)) return schema;
    const resolved = this.docs.deref(schema, at);
    return isObject(resolved.value) ? resolved.value : undefined;
  }

  private unionShape(schema: SchemaObject, variants: unknown[], at: Location, name: string): TypeShape {
    const key = Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf';
    const discriminator = isObject(schema.discriminator) ? schema.discriminator : undefined;
    const propertyName =
      typeof discriminator?.propertyName === 'string' ? discriminator.propertyName : undefined;
    const members = variants
      .map((variant, index) => ({ variant, at: pointerAt(at, key, index) }))
      .filter((member) => !isNullSchema(member.variant));
    // Properties beside the oneOf/anyOf hold for every variant: an inline variant may require or
    // narrow them without declaring them again.
    const shared = hasOwnProperties(schema) ? this.sharedProperties(schema, members, at, name) : undefined;
    if (propertyName) {
      return this.discriminatedUnion(propertyName, discriminator?.mapping, members, name, at, shared);
    }
    const inferred = this.inferDiscriminant(members);
    if (inferred) {
      const baseProperties = shared?.filter((property) => property.key !== inferred.property);
      return {
        type: 'discriminatedUnion',
        discriminant: inferred.property,
        ...(baseProperties?.length ? { baseProperties } : {}),
        variants: members.map((member, index) => ({
          discriminantValue: inferred.values[index] as string,
          typeId: this.variantTypeId(
            member.variant,
            member.at,
            `${name}${pascalCase(inferred.values[index] as string)}`,
          ),
        })),
      };
    }
    if (Array.isArray(schema.oneOf) && Array.isArray(schema.anyOf)) {
      this.sink.warn(at, 'both oneOf and anyOf given; only oneOf is used');
    }
    return {
      type: 'undiscriminatedUnion',
      ...(shared?.length ? { baseProperties: shared } : {}),
      variants: members.map((member, index): UndiscriminatedUnionVariant => {
        const variant: UndiscriminatedUnionVariant = {
          shape: this.reference(member.variant, member.at, `${name}${index + 1}`, 1),
        };
        if (isObject(member.variant)) {
          if (typeof member.variant.title === 'string') variant.displayName = member.variant.title;
          if (typeof member.variant.description === 'string')
            variant.description = member.variant.description;
        }
        return variant;
      }),
    };
  }

  private discriminatedUnion(
    propertyName: string,
    mapping: unknown,
    members: { variant: unknown; at: Location }[],
    name: string,
    at: Location,
    shared: ObjectProperty[] | undefined,
  ): TypeShape {
    const variants: DiscriminatedUnionVariant[] = [];
    const covered = new Set<TypeId>();
    const mappingAt = pointerAt(pointerAt(at, 'discriminator'), 'mapping');
    if (isObject(mapping)) {
      for (const [value, target] of Object.entries(mapping)) {
        if (typeof target !== 'string') continue;
        const ref = target.includes('/') || target.includes('#') ? target : `#/components/schemas/${target}`;
        const valueAt = pointerAt(mappingAt, value);
        const location = this.docs.refTarget(ref, valueAt);
        const id = this.namedType(location, componentName(location.pointer), undefined, valueAt, ref);
        covered.add(id);
        variants.push({ discriminantValue: value, typeId: id });
      }
    }
    for (const member of members) {
      const ref = refOf(member.variant);
      if (ref !== undefined) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) continue;
        const location = this.docs.refTarget(ref, member.at);
        const id = this.namedType(location, componentName(location.pointer), undefined, member.at, ref);
        if (covered.has(id)) continue;
        covered.add(id);
        const value =
          this.constValue(member.variant, member.at, propertyName) ?? componentName(location.pointer) ?? id;
        variants.push({ discriminantValue: value, typeId: id });
      } else if (isObject(member.variant)) {
        const value = this.constValue(member.variant, member.at, propertyName) ?? String(variants.length + 1);
        variants.push({
          discriminantValue: value,
          typeId: this.namedType(member.at, `${name}${pascalCase(value)}`, member.variant),
        });
      }
    }
    const shape: TypeShape = { type: 'discriminatedUnion', discriminant: propertyName, variants };
    const baseProperties = shared?.filter((property) => property.key !== propertyName);
    if (baseProperties?.length) shape.baseProperties = baseProperties;
    return shape;
  }

  /** The properties a union declares beside its variants; its inline variants learn of them. */
  private sharedProperties(
    schema: SchemaObject,
    members: { variant: unknown; at: Location }[],
    at: Location,
    name: string,
  ): ObjectProperty[] {
    for (const member of members)
      if (refOf(member.variant) === undefined)
        this.sharedDeclarations.set(locationKey(member.at), { schema, at });
    return this.objectShape({ properties: schema.properties, required: schema.required }, at, name, 1)
      .properties;
  }

  private variantTypeId(variant: unknown, at: Location, name: string): TypeId {
    const ref = refOf(variant);
    if (ref !== undefined) {
      const location = this.docs.refTarget(ref, at);
      return this.namedType(location, componentName(location.pointer), undefined, at, ref);
    }
    return this.namedType(at, name, variant);
  }

  /** The const / single enum value of `property` in a (possibly referenced, allOf-composed) object schema. */
  private constValue(variant: unknown, at: Location, property: string): string | undefined {
    const resolved = this.resolveQuietly(variant as SchemaObject, at);
    if (!resolved) return undefined;
    const found = findProperty(resolved, property, this.docs, at, 0);
    if (!found) return undefined;
    if (typeof found.const === 'string') return found.const;
    if (Array.isArray(found.enum) && found.enum.length === 1 && typeof found.enum[0] === 'string')
      return found.enum[0];
    return undefined;
  }

  private inferDiscriminant(
    members: { variant: unknown; at: Location }[],
  ): { property: string; values: string[] } | undefined {
    if (members.length < 2) return undefined;
    const first = this.resolveQuietly(members[0]?.variant as SchemaObject, members[0]?.at as Location);
    if (!first || !isObject(first.properties)) return undefined;
    for (const property of Object.keys(first.properties)) {
      const values: string[] = [];
      for (const member of members) {
        if (!isObject(member.variant)) break;
        const value = this.constValue(member.variant, member.at, property);
        if (value === undefined || values.includes(value)) break;
        values.push(value);
      }
      if (values.length === members.length) return { property, values };
    }
    return undefined;
  }
}

// ---- small schema predicates -------------------------------------------------------------

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is SchemaObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function literalOrUnknown(value: unknown, warn: () => void): TypeReference {
  if (isJsonValue(value)) return { type: 'literal', value };
  warn();
  return UNKNOWN;
}

/** Whether an object shape says more than its properties (what an inline body cannot carry). */
function hasObjectKeywords(shape: ObjectShape): boolean {
  return (
    shape.closed === true ||
    shape.patternProperties !== undefined ||
    shape.dependentRequired !== undefined ||
    shape.conditional !== undefined ||
    shape.minProperties !== undefined ||
    shape.maxProperties !== undefined ||
    shape.extraProperties !== undefined
  );
}

/** `minProperties` / `maxProperties` of a schema, where given. */
function propertyCounts(schema: SchemaObject): PropertyCounts {
  const counts: PropertyCounts = {};
  if (isCount(schema.minProperties)) counts.minProperties = schema.minProperties;
  if (isCount(schema.maxProperties)) counts.maxProperties = schema.maxProperties;
  return counts;
}

/** A list, map or named-type reference carrying the schema's `default` (primitives and enums keep their own). */
function withDefault(shape: TypeReference, schema: SchemaObject): TypeReference {
  if (schema.default === undefined) return shape;
  if (shape.type === 'list' || shape.type === 'set' || shape.type === 'map' || shape.type === 'id')
    return { ...shape, default: schema.default };
  return shape;
}

function isNullLiteral(shape: TypeReference): boolean {
  return shape.type === 'literal' && shape.value === null;
}

function isNullSchema(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null) return true;
  return 'const' in schema && schema.const === null;
}

function typeNames(schema: SchemaObject): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string');
  return [];
}

function inferType(schema: SchemaObject): string | undefined {
  if (
    isObject(schema.properties) ||
    isObject(schema.additionalProperties) ||
    schema.additionalProperties === true
  ) {
    return 'object';
  }
  if ('items' in schema || 'prefixItems' in schema || 'contains' in schema) return 'array';
  // `required` alone (an `if`/`then` branch, an allOf member) speaks of an object's keys.
  if (Array.isArray(schema.required) && schema.required.length > 0) return 'object';
  if (typeof schema.format === 'string' || typeof schema.pattern === 'string' || 'minLength' in schema)
    return 'string';
  if ('minimum' in schema || 'maximum' in schema || 'multipleOf' in schema) return 'number';
  return undefined;
}

/**
 * An object without declared properties that still needs an object shape: closed
 * (`additionalProperties: false`, exactly `{}`) or with `required` keys it never declares.
 */
function isClosedEmptyObject(schema: SchemaObject): boolean {
  if (hasOwnProperties(schema) || Array.isArray(schema.allOf)) return false;
  return (
    schema.additionalProperties === false || (Array.isArray(schema.required) && schema.required.length > 0)
  );
}

function hasOwnProperties(schema: SchemaObject): boolean {
  return isObject(schema.properties) && Object.keys(schema.properties).length > 0;
}

/** An object schema that converts to an `ObjectShape` (no enum, no union). */
function isPlainObjectSchema(schema: SchemaObject): boolean {
  if (Array.isArray(schema.enum) || unionVariants(schema)) return false;
  const types = typeNames(schema).filter((type) => type !== 'null');
  if (types.length > 1) return false;
  if (types.length === 1)
    return types[0] === 'object' || (Array.isArray(schema.allOf) && types[0] === undefined);
  return (
    hasOwnProperties(schema) ||
    Array.isArray(schema.allOf) ||
    'additionalProperties' in schema ||
    inferType(schema) === 'object'
  );
}

/**
 * The variants of a oneOf/anyOf, or undefined when there is none or every variant only annotates
 * (`type: string, oneOf: [{description}, {description}]` is just a string). Inline variants
 * without a type inherit the parent's type and format.
 */
function unionVariants(schema: SchemaObject): unknown[] | undefined {
  const variants =
    Array.isArray(schema.oneOf) && schema.oneOf.length > 0
      ? schema.oneOf
      : Array.isArray(schema.anyOf) && schema.anyOf.length > 0
        ? schema.anyOf
        : undefined;
  if (!variants || variants.every(isAnnotationOnly)) return undefined;
  if (typeof schema.type !== 'string' || schema.type === 'object') return variants;
  return variants.map((variant) =>
    isObject(variant) && variant.type === undefined && refOf(variant) === undefined
      ? { type: schema.type, ...(schema.format === undefined ? {} : { format: schema.format }), ...variant }
      : variant,
  );
}

const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'nullable',
  'default',
  'externalDocs',
  'xml',
  '$comment',
  'discriminator',
]);

/** A schema that only annotates (description, example, ...) and constrains nothing. */
function isAnnotationOnly(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  for (const key in schema) if (!ANNOTATIONS.has(key) && !key.startsWith('x-')) return false;
  return true;
}

function isBinaryContent(schema: SchemaObject): boolean {
  return (
    typeof schema.contentMediaType === 'string' &&
    schema.contentEncoding === undefined &&
    !/json|text|xml/.test(schema.contentMediaType)
  );
}

function stripNull(schema: SchemaObject): SchemaObject {
  const copy: SchemaObject = { ...schema };
  delete copy.nullable;
  if (Array.isArray(copy.type)) copy.type = copy.type.filter((type) => type !== 'null');
  return copy;
}

function collectRequired(
  schema: SchemaObject,
  into: Set<string>,
  docs: DocumentSet,
  at: Location,
  depth = 0,
): void {
  if (depth > 32) return;
  if (Array.isArray(schema.required))
    for (const key of schema.required) if (typeof key === 'string') into.add(key);
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) {
      if (isObject(member) && refOf(member) === undefined) collectRequired(member, into, docs, at, depth + 1);
    }
  }
}

function findProperty(
  schema: SchemaObject,
  property: string,
  docs: DocumentSet,
  at: Location,
  depth: number,
): SchemaObject | undefined {
  if (depth > 16) return undefined;
  const direct = isObject(schema.properties) ? schema.properties[property] : undefined;
  if (isObject(direct)) {
    const resolved = refOf(direct) !== undefined ? docs.deref(direct, at).value : direct;
    return isObject(resolved) ? resolved : undefined;
  }
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) {
      if (!isObject(member)) continue;
      const ref = refOf(member);
      if (ref !== undefined && /^[a-z][a-z0-9+.-]*:/i.test(ref)) continue;
      const resolved = docs.deref(member, at);
      if (!isObject(resolved.value)) continue;
      const found = findProperty(resolved.value, property, docs, resolved.at, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

function enumDescriptions(schema: SchemaObject): (string | undefined)[] | undefined {
  const names = schema['x-enum-descriptions'] ?? schema['x-enumDescriptions'];
  if (Array.isArray(names)) return names.map((entry) => (typeof entry === 'string' ? entry : undefined));
  return undefined;
}

/**
 * The values of a oneOf/anyOf whose every non-null variant is only a scalar `const` with
 * annotations (`description`, `title`): an enum whose values carry their descriptions. Undefined
 * for any other union, or fewer than two values.
 */
function constEnumValues(variants: unknown[]): EnumValue[] | undefined {
  const ANNOTATIONS = new Set(['const', 'description', 'title', 'type', 'deprecated', 'x-enumName']);
  const values: EnumValue[] = [];
  for (const variant of variants) {
    if (isNullSchema(variant)) continue;
    if (
      !isObject(variant) ||
      !('const' in variant) ||
      !isScalarLiteral(variant.const) ||
      variant.const === null
    )
      return undefined;
    if (Object.keys(variant).some((key) => !ANNOTATIONS.has(key))) return undefined;
    const description = typeof variant.description === 'string' ? variant.description : undefined;
    const title = typeof variant.title === 'string' ? variant.title : undefined;
    const text = description ?? title;
    values.push(text ? { value: variant.const, description: text } : { value: variant.const });
  }
  return values.length > 1 ? values : undefined;
}

/** `deprecated` → availability, else `x-availability`-style hints; undefined when stable. */
export function availabilityOf(schema: SchemaObject): Availability | undefined {
  if (schema.deprecated === true) return 'deprecated';
  const stage = schema['x-stability-level'] ?? schema['x-availability'];
  if (stage === 'beta' || stage === 'preview') return stage;
  return undefined;
}

/** True when `value` is of the schema's declared JSON `type` (or the schema declares none). */
function ofDeclaredType(value: LiteralValue, type: unknown): boolean {
  const types = Array.isArray(type) ? type : typeof type === 'string' ? [type] : [];
  if (types.length === 0) return true;
  const actual =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'integer'
            : 'number'
          : typeof value;
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/** The examples a schema carries (`example`, `examples` array), or undefined. */
export function examplesOf(schema: SchemaObject): unknown[] | undefined {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples;
  if (schema.example !== undefined) return [schema.example];
  return undefined;
}

/** The location of a child of `at`. */
export function pointerAt(at: Location, ...tokens: (string | number)[]): Location {
  let pointer = at.pointer;
  for (const token of tokens) pointer = childPointer(pointer, token);
  return { file: at.file, pointer };
}
