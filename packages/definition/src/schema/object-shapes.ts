/**
 * Object schemas → the IR's `ObjectShape`: properties merged across inline `allOf` members (`$ref`
 * members become `extends`), `required` across the allOf tree, and the 2020-12 object keywords.
 */
import { type Location, locationKey, refOf } from '../document/document-set.js';
import type { ObjectProperty, ObjectShape } from '../ir/types.js';
import { componentName, pascalCase } from './naming.js';
import type { SchemaObject } from './primitives.js';
import {
  availabilityOf,
  collectRequired,
  isAnnotationOnly,
  isObject,
  isPlainObjectSchema,
  isRemoteRef,
  pointerAt,
  propertyCounts,
  UNKNOWN,
} from './schema-predicates.js';
import type { ShapeContext } from './shape-context.js';

export class ObjectShapes {
  constructor(private readonly context: ShapeContext) {}

  /** Properties of an object schema, merged with its inline allOf members; `$ref` members become `extends`. */
  build(schema: SchemaObject, at: Location, name: string, depth: number): ObjectShape {
    const shape: ObjectShape = { type: 'object', extends: [], properties: [] };
    const required = new Set<string>();
    collectRequired(schema, required, this.context.docs, at);
    const seen = new Map<string, number>();
    const inheritsFromRefs =
      Array.isArray(schema.allOf) && schema.allOf.some((member) => refOf(member) !== undefined);
    this.collectObject(schema, at, name, depth, shape, required, seen, inheritsFromRefs);
    if (shape.extends.length > 0) this.requireInherited(schema, at, name, depth, shape, seen);
    this.context.merger.inherits(shape, name);
    // `required` may name keys no member declares: they must still be sent, with any value
    // (unless `additionalProperties: false` forbids them: then the schema admits no value at all).
    const union = this.context.sharedDeclarations.get(locationKey(at));
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
      this.context.sink.warn(at, `required property "${key}" is not declared; shown as unknown`);
      seen.set(key, shape.properties.length);
      shape.properties.push({ key, valueShape: UNKNOWN });
    }
    const extra = schema.additionalProperties;
    if (isObject(extra) && Object.keys(extra).length > 0) {
      shape.extraProperties = this.context.reference(
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
        shape: this.context.reference(
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
          : this.context.reference(schema[keyword], pointerAt(at, keyword), `${name}${suffix}`, depth + 1);
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
      if (ref !== undefined && isRemoteRef(ref)) return;
      const resolved = this.context.docs.deref(member, pointerAt(at, 'allOf', index));
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
      if (ref !== undefined && isRemoteRef(ref)) continue;
      const resolved = this.context.docs.deref(member, pointerAt(at, 'allOf', index));
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
    if (depth > this.context.maxDepth)
      throw this.context.docs.error(
        at,
        `the schema is nested more than ${this.context.maxDepth} levels deep`,
      );
    if (Array.isArray(schema.allOf)) {
      schema.allOf.forEach((member, index) => {
        const memberAt = pointerAt(at, 'allOf', index);
        const ref = refOf(member);
        if (ref !== undefined) {
          if (isRemoteRef(ref)) {
            this.context.sink.warn(memberAt, `remote $ref "${ref}" is not supported; ignored`);
            return;
          }
          const resolved = this.context.docs.deref(member, memberAt);
          if (isObject(resolved.value) && isPlainObjectSchema(resolved.value)) {
            const id = this.context.namedType(
              resolved.at,
              componentName(resolved.at.pointer),
              resolved.value,
            );
            if (!shape.extends.includes(id)) shape.extends.push(id);
          } else {
            this.context.sink.warn(memberAt, 'allOf member is not an object schema; ignored');
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
        this.context.merger.redeclared(shape.properties, index, property, name);
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
    let valueShape = this.context.reference(schema, at, `${parentName}${pascalCase(key)}`, depth + 1);
    const property: ObjectProperty = { key, valueShape };
    if (isObject(schema)) {
      if (typeof schema.description === 'string') property.description = schema.description;
      const availability = availabilityOf(schema);
      if (availability) property.availability = availability;
      const examples = this.context.examplesAt(schema, at);
      if (examples) property.examples = examples;
      const target = refOf(schema) !== undefined ? this.context.resolveQuietly(schema, at) : schema;
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
    this.context.merger.locate(property, at);
    return property;
  }
}
