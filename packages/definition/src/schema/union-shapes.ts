/**
 * `oneOf` / `anyOf` schemas → the IR's unions: discriminated by `discriminator` (with its
 * mapping), by a const property every variant carries (inferred), or undiscriminated; properties
 * declared beside the variants become the union's base properties.
 */
import { type Location, locationKey, refOf } from '../document/document-set.js';
import type {
  DiscriminatedUnionVariant,
  ObjectProperty,
  TypeId,
  TypeShape,
  UndiscriminatedUnionVariant,
} from '../ir/types.js';
import { componentName, pascalCase } from './naming.js';
import type { ObjectShapes } from './object-shapes.js';
import type { SchemaObject } from './primitives.js';
import {
  findProperty,
  hasOwnProperties,
  isNullSchema,
  isObject,
  isRemoteRef,
  pointerAt,
} from './schema-predicates.js';
import type { ShapeContext } from './shape-context.js';

export class UnionShapes {
  constructor(
    private readonly context: ShapeContext,
    private readonly objects: ObjectShapes,
  ) {}

  build(schema: SchemaObject, variants: unknown[], at: Location, name: string): TypeShape {
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
      this.context.sink.warn(at, 'both oneOf and anyOf given; only oneOf is used');
    }
    return {
      type: 'undiscriminatedUnion',
      ...(shared?.length ? { baseProperties: shared } : {}),
      variants: members.map((member, index): UndiscriminatedUnionVariant => {
        const variant: UndiscriminatedUnionVariant = {
          shape: this.context.reference(member.variant, member.at, `${name}${index + 1}`, 1),
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
        const location = this.context.docs.refTarget(ref, valueAt);
        const id = this.context.namedType(location, componentName(location.pointer), undefined, valueAt, ref);
        covered.add(id);
        variants.push({ discriminantValue: value, typeId: id });
      }
    }
    for (const member of members) {
      const ref = refOf(member.variant);
      if (ref !== undefined) {
        if (isRemoteRef(ref)) continue;
        const location = this.context.docs.refTarget(ref, member.at);
        const id = this.context.namedType(
          location,
          componentName(location.pointer),
          undefined,
          member.at,
          ref,
        );
        if (covered.has(id)) continue;
        covered.add(id);
        const value =
          this.constValue(member.variant, member.at, propertyName) ?? componentName(location.pointer) ?? id;
        variants.push({ discriminantValue: value, typeId: id });
      } else if (isObject(member.variant)) {
        const value = this.constValue(member.variant, member.at, propertyName) ?? String(variants.length + 1);
        variants.push({
          discriminantValue: value,
          typeId: this.context.namedType(member.at, `${name}${pascalCase(value)}`, member.variant),
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
        this.context.sharedDeclarations.set(locationKey(member.at), { schema, at });
    return this.objects.build({ properties: schema.properties, required: schema.required }, at, name, 1)
      .properties;
  }

  private variantTypeId(variant: unknown, at: Location, name: string): TypeId {
    const ref = refOf(variant);
    if (ref !== undefined) {
      const location = this.context.docs.refTarget(ref, at);
      return this.context.namedType(location, componentName(location.pointer), undefined, at, ref);
    }
    return this.context.namedType(at, name, variant);
  }

  /** The const / single enum value of `property` in a (possibly referenced, allOf-composed) object schema. */
  private constValue(variant: unknown, at: Location, property: string): string | undefined {
    const resolved = this.context.resolveQuietly(variant as SchemaObject, at);
    if (!resolved) return undefined;
    const found = findProperty(resolved, property, this.context.docs, at, 0);
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
    const first = this.context.resolveQuietly(
      members[0]?.variant as SchemaObject,
      members[0]?.at as Location,
    );
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
