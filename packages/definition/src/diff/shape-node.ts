/**
 * A type reference as the structural comparison reads it: optional/nullable stripped, aliases
 * and named types resolved, object inheritance flattened.
 */
import type { EnumValue, ObjectProperty, PrimitiveType, TypeReference } from '../ir/index.js';
import {
  inlineObjectProperties,
  objectProperties as readProperties,
  unionSharedProperties,
  unwrapOptional,
} from '../ir/read-types.js';
import type { DiffContext } from './context.js';

/** A reference with optional/nullable stripped and named types resolved. */
export type Node =
  | { kind: 'primitive'; value: PrimitiveType }
  | { kind: 'literal'; value: unknown }
  | { kind: 'unknown' }
  | { kind: 'list' | 'set'; item: TypeReference; minItems?: number; maxItems?: number }
  | { kind: 'map'; key: TypeReference; value: TypeReference }
  | { kind: 'object'; properties: ObjectProperty[]; extra?: TypeReference }
  | { kind: 'enum'; values: EnumValue[] }
  | {
      kind: 'discriminatedUnion';
      discriminant: string;
      variants: Map<string, string>;
      base: ObjectProperty[];
    }
  | { kind: 'undiscriminatedUnion'; variants: TypeReference[]; base: ObjectProperty[] };

export type Side = 'previous' | 'current';

/** Resolves aliases and named types to a structural node, flattening object inheritance. */
export function resolve(ctx: DiffContext, reference: TypeReference, side: Side, depth = 0): Node {
  const definition = side === 'previous' ? ctx.previous : ctx.current;
  const shape = unwrapOptional(reference);
  switch (shape.type) {
    case 'primitive':
      return { kind: 'primitive', value: shape.value };
    case 'literal':
      return { kind: 'literal', value: shape.value };
    case 'unknown':
      return { kind: 'unknown' };
    case 'list':
    case 'set':
      return { kind: shape.type, item: shape.itemShape, minItems: shape.minItems, maxItems: shape.maxItems };
    case 'map':
      return { kind: 'map', key: shape.keyShape, value: shape.valueShape };
    case 'id': {
      const type = definition.types[shape.id];
      if (!type || depth > 32) return { kind: 'unknown' };
      switch (type.shape.type) {
        case 'alias':
          return resolve(ctx, type.shape.value, side, depth + 1);
        case 'object':
          return {
            kind: 'object',
            properties: objectProperties(ctx, shape.id, side),
            extra: type.shape.extraProperties,
          };
        case 'enum':
          return { kind: 'enum', values: type.shape.values };
        case 'discriminatedUnion':
          return {
            kind: 'discriminatedUnion',
            discriminant: type.shape.discriminant,
            variants: new Map(
              type.shape.variants.map((variant) => [variant.discriminantValue, variant.typeId]),
            ),
            base: unionSharedProperties(shape.id, definition.types),
          };
        case 'undiscriminatedUnion':
          return {
            kind: 'undiscriminatedUnion',
            variants: type.shape.variants.map((variant) => variant.shape),
            base: unionSharedProperties(shape.id, definition.types),
          };
      }
      return { kind: 'unknown' };
    }
    default:
      return { kind: 'unknown' };
  }
}

/** Own and inherited properties of an object type (own ones win), read the one way IR types are read. */
export function objectProperties(ctx: DiffContext, typeId: string, side: Side): ObjectProperty[] {
  return readProperties(typeId, (side === 'previous' ? ctx.previous : ctx.current).types);
}

/** Properties of an inline body object, with those of the types it extends. */
export function inlineObjectNode(
  ctx: DiffContext,
  extendsIds: string[],
  properties: ObjectProperty[],
  side: Side,
): ObjectProperty[] {
  const types = (side === 'previous' ? ctx.previous : ctx.current).types;
  return inlineObjectProperties({ extends: extendsIds, properties }, types);
}

export function idRef(id: string): TypeReference {
  return { type: 'id', id };
}

export function isString(node: Node): boolean {
  return node.kind === 'primitive' && node.value.type === 'string';
}

export function literalFits(literal: Node, primitive: Node): boolean {
  if (literal.kind !== 'literal' || primitive.kind !== 'primitive') return false;
  const type = typeof literal.value;
  const wanted = primitive.value.type === 'integer' ? 'number' : primitive.value.type;
  return type === wanted;
}

export function nodeLabel(node: Node): string {
  switch (node.kind) {
    case 'primitive':
      return node.value.type;
    case 'literal':
      return `literal ${JSON.stringify(node.value)}`;
    case 'discriminatedUnion':
    case 'undiscriminatedUnion':
      return 'union';
    default:
      return node.kind;
  }
}
