/**
 * The variants of a union, read the same way for discriminated and undiscriminated unions,
 * each with the properties the union declares beside its `oneOf`/`anyOf` (its shared
 * properties) merged in: a variant that narrows a shared property (`status: completed`) or
 * requires it is one property, intersected.
 */
import { literalLabel } from '../literal-values.js';
import type { ObjectProperty, TypeId, TypeReference } from '../types.js';
import { followAliases, resolvedType, type TypeTable } from './aliases.js';
import { addMerged, inheritedProperties, type ReadOptions, visible } from './properties.js';
import { unwrapOptional } from './wrappers.js';

/** One variant of a union. */
export interface UnionVariant {
  /** Present for discriminated unions: the discriminant's value for this variant. */
  discriminantValue?: string;
  /** What to call the variant: the spec's title, the discriminant value, else its type or kind. */
  label: string;
  /** The title the spec gives the variant, when it gives one. */
  displayName?: string;
  shape: TypeReference;
  description?: string;
  /**
   * For a variant that is an object: its properties with the union's shared ones merged in
   * (shared first; for discriminated unions without the discriminant, which `discriminantValue` gives).
   */
  properties?: ObjectProperty[];
}

/** The properties a union declares beside its variants (the discriminant left out); [] when none. */
export function unionSharedProperties(
  id: TypeId,
  types: TypeTable,
  options: ReadOptions = {},
): ObjectProperty[] {
  const shape = resolvedType(id, types)?.shape;
  if (shape?.type !== 'discriminatedUnion' && shape?.type !== 'undiscriminatedUnion') return [];
  const shared = shape.baseProperties ?? [];
  const withoutDiscriminant =
    shape.type === 'discriminatedUnion'
      ? shared.filter((property) => property.key !== shape.discriminant)
      : shared;
  return visible(withoutDiscriminant, options.direction);
}

/** The variants of union type `id` (through aliases), or undefined when it is no union. */
export function unionVariants(
  id: TypeId,
  types: TypeTable,
  options: ReadOptions = {},
): UnionVariant[] | undefined {
  const type = resolvedType(id, types);
  if (!type) return undefined;
  const { shape } = type;
  if (shape.type !== 'discriminatedUnion' && shape.type !== 'undiscriminatedUnion') return undefined;
  const shared = shape.baseProperties ?? [];
  if (shape.type === 'discriminatedUnion')
    return shape.variants.map((variant) => {
      const reference: TypeReference = { type: 'id', id: variant.typeId };
      const properties = variantProperties(shared, reference, types, options)?.filter(
        (property) => property.key !== shape.discriminant,
      );
      return {
        discriminantValue: variant.discriminantValue,
        label: variant.displayName ?? variant.discriminantValue,
        ...(variant.displayName ? { displayName: variant.displayName } : {}),
        shape: reference,
        ...(variant.description ? { description: variant.description } : {}),
        ...(properties ? { properties } : {}),
      };
    });
  return shape.variants.map((variant, index) => {
    const properties = variantProperties(shared, variant.shape, types, options);
    return {
      label: variant.displayName ?? labelOf(variant.shape, types) ?? `Variant ${index + 1}`,
      ...(variant.displayName ? { displayName: variant.displayName } : {}),
      shape: variant.shape,
      ...(variant.description ? { description: variant.description } : {}),
      ...(properties ? { properties } : {}),
    };
  });
}

/** Shared properties first, then the variant's own (and inherited), each key once, intersected. */
function variantProperties(
  shared: ObjectProperty[],
  variant: TypeReference,
  types: TypeTable,
  options: ReadOptions,
): ObjectProperty[] | undefined {
  const inner = followAliases(unwrapOptional(variant), types);
  if (inner.type !== 'id') return undefined;
  const resolved = resolvedType(inner.id, types);
  if (resolved?.shape.type !== 'object') return undefined;
  const byKey = new Map<string, ObjectProperty>();
  addMerged(byKey, shared, types);
  addMerged(byKey, [...inheritedProperties([resolved.id], types).values()], types);
  return visible([...byKey.values()], options.direction);
}

/** A variant's name when the spec gives none: its type's name, else what kind of value it is. */
function labelOf(shape: TypeReference, types: TypeTable): string | undefined {
  const inner = unwrapOptional(shape);
  switch (inner.type) {
    case 'id':
      return types[inner.id]?.name;
    case 'primitive':
      return inner.value.type;
    case 'literal':
      return literalLabel(inner.value);
    case 'unknown':
      return undefined;
    default:
      return inner.type;
  }
}
