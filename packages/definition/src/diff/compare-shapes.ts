/**
 * Structural comparison of type references: references to named types are resolved on each
 * side and compared by shape (objects by property, enums by value, unions by variant,
 * primitives by type and constraints). A reference to the same type id on both sides is
 * compared once per direction and reported under that type, so a change in a type used by fifty
 * endpoints is one line, not fifty.
 */
import type { EnumValue, ObjectProperty, PrimitiveType, TypeReference } from '../ir/index.js';
import {
  inlineObjectProperties,
  innerShape,
  objectProperties as readProperties,
  unescapePointerToken,
  unionSharedProperties,
  unwrapOptional,
} from '../ir/read-types.js';
import { compareMembers } from './compare-members.js';
import { ALWAYS, child, type DiffContext, NARROWING, NEVER, type Site, WIDENING } from './context.js';
import { describeReference } from './describe.js';
import { compareDocFields } from './doc-fields.js';

/** A reference with optional/nullable stripped and named types resolved. */
type Node =
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

type Side = 'previous' | 'current';

/** Compares what `previous` and `current` describe at `site`, emitting every difference. */
export function compareReferences(
  ctx: DiffContext,
  previous: TypeReference,
  current: TypeReference,
  site: Site,
): void {
  const before = innerShape(previous);
  const after = innerShape(current);
  if (before.shape !== previous || after.shape !== current) {
    // Optionality is judged where it means something (properties, parameters); elsewhere the
    // inner shapes are what matter, and whether null is allowed.
    const wasNullable = before.nullable;
    const isNullable = after.nullable;
    if (wasNullable !== isNullable) {
      ctx.emit(
        site,
        'nullable-changed',
        'changed',
        isNullable ? WIDENING : NARROWING,
        isNullable ? `${what(site)} may now be null` : `${what(site)} may no longer be null`,
      );
    }
    compareReferences(ctx, before.shape, after.shape, site);
    return;
  }
  if (previous.type === 'id' && current.type === 'id') {
    compareNamedTypes(ctx, previous.id, current.id, site);
    return;
  }
  compareNodes(ctx, resolve(ctx, previous, 'previous'), resolve(ctx, current, 'current'), site);
}

/** Compares two named types; the same id is compared under the type's own location. */
function compareNamedTypes(ctx: DiffContext, previousId: string, currentId: string, site: Site): void {
  const before = ctx.previous.types[previousId];
  const after = ctx.current.types[currentId];
  if (!before || !after) return;
  if (!ctx.firstComparison(previousId, currentId, site.direction)) return;
  if (previousId !== currentId) {
    compareNodes(
      ctx,
      resolve(ctx, idRef(previousId), 'previous'),
      resolve(ctx, idRef(currentId), 'current'),
      site,
    );
    return;
  }
  const typeSite: Site = {
    location: { area: 'type', id: currentId, path: after.name },
    pointer: '',
    direction: site.direction,
  };
  compareDocFields(ctx, before, after, typeSite, `type \`${after.name}\``);
  compareNodes(
    ctx,
    resolve(ctx, idRef(previousId), 'previous'),
    resolve(ctx, idRef(currentId), 'current'),
    typeSite,
  );
}

/** Compares a type present in both definitions that no operation reached (never breaking). */
export function compareUnusedType(ctx: DiffContext, id: string): void {
  compareNamedTypes(ctx, id, id, { location: { area: 'type', id }, pointer: '', direction: 'unused' });
}

function compareNodes(ctx: DiffContext, previous: Node, current: Node, site: Site): void {
  if (previous.kind !== current.kind) {
    compareKinds(ctx, previous, current, site);
    return;
  }
  switch (previous.kind) {
    case 'primitive':
      comparePrimitives(ctx, previous.value, (current as typeof previous).value, site);
      return;
    case 'literal': {
      const after = (current as typeof previous).value;
      if (JSON.stringify(previous.value) !== JSON.stringify(after)) {
        ctx.emit(
          site,
          'type-changed',
          'changed',
          ALWAYS,
          `${what(site)} changed from literal ${JSON.stringify(previous.value)} to ${JSON.stringify(after)}`,
        );
      }
      return;
    }
    case 'unknown':
      return;
    case 'list':
    case 'set': {
      const after = current as typeof previous;
      compareBound(ctx, site, 'minItems', previous.minItems, after.minItems, 'min');
      compareBound(ctx, site, 'maxItems', previous.maxItems, after.maxItems, 'max');
      compareReferences(ctx, previous.item, after.item, child(site, 'items'));
      return;
    }
    case 'map': {
      const after = current as typeof previous;
      compareReferences(ctx, previous.key, after.key, child(site, 'keys'));
      compareReferences(ctx, previous.value, after.value, child(site, 'values'));
      return;
    }
    case 'object':
      compareObjects(ctx, previous, current as typeof previous, site);
      return;
    case 'enum':
      compareEnums(ctx, previous.values, (current as typeof previous).values, site);
      return;
    case 'discriminatedUnion':
      compareDiscriminatedUnions(ctx, previous, current as typeof previous, site);
      return;
    case 'undiscriminatedUnion':
      compareProperties(ctx, previous.base, (current as typeof previous).base, site);
      compareUnions(ctx, previous.variants, (current as typeof previous).variants, site);
      return;
  }
}

/** Two different kinds of shape: a few are widenings or narrowings, the rest break both ways. */
function compareKinds(ctx: DiffContext, previous: Node, current: Node, site: Site): void {
  const pair = `${previous.kind}>${current.kind}`;
  let breaks = ALWAYS;
  if (current.kind === 'unknown') breaks = WIDENING;
  else if (previous.kind === 'unknown') breaks = NARROWING;
  else if (pair === 'set>list') breaks = WIDENING;
  else if (pair === 'list>set') breaks = NARROWING;
  else if (pair === 'enum>primitive' && isString(current)) breaks = WIDENING;
  else if (pair === 'primitive>enum' && isString(previous)) breaks = NARROWING;
  else if (pair === 'literal>primitive' && literalFits(previous, current)) breaks = WIDENING;
  else if (pair === 'primitive>literal' && literalFits(current, previous)) breaks = NARROWING;
  ctx.emit(
    site,
    'type-changed',
    'changed',
    breaks,
    `${what(site)} changed type from ${nodeLabel(previous)} to ${nodeLabel(current)}`,
  );
}

function comparePrimitives(ctx: DiffContext, before: PrimitiveType, after: PrimitiveType, site: Site): void {
  if (before.type !== after.type) {
    let breaks = ALWAYS;
    if (before.type === 'integer' && after.type === 'number') breaks = WIDENING;
    if (before.type === 'number' && after.type === 'integer') breaks = NARROWING;
    ctx.emit(
      site,
      'type-changed',
      'changed',
      breaks,
      `${what(site)} changed type from ${before.type} to ${after.type}`,
    );
    return;
  }
  const formatBefore = formatOf(before);
  const formatAfter = formatOf(after);
  if (formatBefore !== formatAfter) {
    const breaks = formatAfter === undefined ? WIDENING : formatBefore === undefined ? NARROWING : ALWAYS;
    ctx.emit(
      site,
      'constraint-changed',
      'changed',
      breaks,
      `${what(site)} format changed from ${formatBefore ?? 'none'} to ${formatAfter ?? 'none'}`,
    );
  }
  if (before.type === 'string' && after.type === 'string') {
    if (before.pattern !== after.pattern) {
      const breaks =
        after.pattern === undefined ? WIDENING : before.pattern === undefined ? NARROWING : ALWAYS;
      ctx.emit(site, 'constraint-changed', 'changed', breaks, `${what(site)} pattern changed`);
    }
    compareBound(ctx, site, 'minLength', before.minLength, after.minLength, 'min');
    compareBound(ctx, site, 'maxLength', before.maxLength, after.maxLength, 'max');
  }
  if (
    before.type !== 'boolean' &&
    before.type !== 'string' &&
    after.type !== 'boolean' &&
    after.type !== 'string'
  ) {
    compareBound(ctx, site, 'minimum', before.minimum, after.minimum, 'min');
    compareBound(ctx, site, 'maximum', before.maximum, after.maximum, 'max');
    compareBound(ctx, site, 'exclusiveMinimum', before.exclusiveMinimum, after.exclusiveMinimum, 'min');
    compareBound(ctx, site, 'exclusiveMaximum', before.exclusiveMaximum, after.exclusiveMaximum, 'max');
    if (before.multipleOf !== after.multipleOf) {
      const breaks =
        after.multipleOf === undefined ? WIDENING : before.multipleOf === undefined ? NARROWING : ALWAYS;
      ctx.emit(site, 'constraint-changed', 'changed', breaks, `${what(site)} multipleOf changed`);
    }
  }
  if (JSON.stringify(before.default) !== JSON.stringify(after.default)) {
    ctx.emit(
      site,
      'default-changed',
      'changed',
      NEVER,
      `${what(site)} default changed from ${JSON.stringify(before.default) ?? 'none'} to ${JSON.stringify(after.default) ?? 'none'}`,
    );
  }
}

/** A lower (`min`) or upper (`max`) bound: tightening narrows, loosening widens. */
function compareBound(
  ctx: DiffContext,
  site: Site,
  name: string,
  before: number | undefined,
  after: number | undefined,
  side: 'min' | 'max',
): void {
  if (before === after) return;
  let tighter: boolean;
  if (before === undefined) tighter = true;
  else if (after === undefined) tighter = false;
  else tighter = side === 'min' ? after > before : after < before;
  ctx.emit(
    site,
    'constraint-changed',
    'changed',
    tighter ? NARROWING : WIDENING,
    `${what(site)} ${name} changed from ${before ?? 'none'} to ${after ?? 'none'}`,
  );
}

function compareObjects(
  ctx: DiffContext,
  previous: Extract<Node, { kind: 'object' }>,
  current: Extract<Node, { kind: 'object' }>,
  site: Site,
): void {
  compareProperties(ctx, previous.properties, current.properties, site);
  if (previous.extra && current.extra) {
    compareReferences(ctx, previous.extra, current.extra, child(site, '*'));
  } else if (previous.extra || current.extra) {
    ctx.emit(
      site,
      'constraint-changed',
      'changed',
      current.extra ? WIDENING : NARROWING,
      current.extra
        ? `${what(site)} now allows additional properties`
        : `${what(site)} no longer allows additional properties`,
    );
  }
}

/**
 * Compares object properties as seen in the site's direction: read-only properties are not
 * part of requests and write-only ones not part of responses.
 */
export function compareProperties(
  ctx: DiffContext,
  previous: ObjectProperty[],
  current: ObjectProperty[],
  site: Site,
): void {
  const visible = (property: ObjectProperty) =>
    !(site.direction === 'request' && property.access === 'READ_ONLY') &&
    !(site.direction === 'response' && property.access === 'WRITE_ONLY');
  compareMembers(ctx, previous.filter(visible), current.filter(visible), site, {
    noun: 'field',
    added: 'field-added',
    removed: 'field-removed',
    required: 'field-required',
    optional: 'field-optional',
    compareShapes: compareReferences,
  });
}

function compareEnums(ctx: DiffContext, previous: EnumValue[], current: EnumValue[], site: Site): void {
  const key = (value: EnumValue) => JSON.stringify(value.value);
  const before = new Map(previous.map((value) => [key(value), value]));
  const after = new Map(current.map((value) => [key(value), value]));
  for (const [value, entry] of before) {
    const next = after.get(value);
    if (!next) {
      ctx.emit(
        site,
        'enum-value-removed',
        'removed',
        NARROWING,
        `${what(site)} no longer allows value ${value}`,
      );
    } else if ((entry.description ?? '') !== (next.description ?? '')) {
      ctx.emit(site, 'description-changed', 'docs', NEVER, `description of enum value ${value} changed`);
    }
  }
  for (const value of after.keys()) {
    if (!before.has(value)) {
      // Breaking in responses: clients with exhaustive enums (generated SDKs) reject unknown values.
      ctx.emit(site, 'enum-value-added', 'added', WIDENING, `${what(site)} allows new value ${value}`);
    }
  }
}

function compareDiscriminatedUnions(
  ctx: DiffContext,
  previous: Extract<Node, { kind: 'discriminatedUnion' }>,
  current: Extract<Node, { kind: 'discriminatedUnion' }>,
  site: Site,
): void {
  if (previous.discriminant !== current.discriminant) {
    ctx.emit(
      site,
      'type-changed',
      'changed',
      ALWAYS,
      `${what(site)} discriminant changed from \`${previous.discriminant}\` to \`${current.discriminant}\``,
    );
    return;
  }
  compareProperties(ctx, previous.base, current.base, site);
  for (const [value, typeId] of previous.variants) {
    const next = current.variants.get(value);
    if (next === undefined) {
      ctx.emit(
        site,
        'variant-removed',
        'removed',
        NARROWING,
        `${what(site)} no longer has variant \`${value}\``,
      );
    } else {
      compareReferences(ctx, idRef(typeId), idRef(next), child(site, value));
    }
  }
  for (const value of current.variants.keys()) {
    if (!previous.variants.has(value)) {
      ctx.emit(site, 'variant-added', 'added', WIDENING, `${what(site)} has new variant \`${value}\``);
    }
  }
}

/** Union variants matched by identity (type id or structure), the rest paired by position. */
function compareUnions(
  ctx: DiffContext,
  previous: TypeReference[],
  current: TypeReference[],
  site: Site,
): void {
  const signature = (shape: TypeReference) => (shape.type === 'id' ? `#${shape.id}` : JSON.stringify(shape));
  const leftBefore: TypeReference[] = [];
  const leftAfter = [...current];
  for (const variant of previous) {
    const index = leftAfter.findIndex((candidate) => signature(candidate) === signature(variant));
    if (index === -1) leftBefore.push(variant);
    else compareReferences(ctx, variant, leftAfter.splice(index, 1)[0]!, site);
  }
  const paired = Math.min(leftBefore.length, leftAfter.length);
  for (let i = 0; i < paired; i++) compareReferences(ctx, leftBefore[i]!, leftAfter[i]!, child(site, i));
  for (const variant of leftBefore.slice(paired)) {
    ctx.emit(
      site,
      'variant-removed',
      'removed',
      NARROWING,
      `${what(site)} no longer accepts ${describeReference(variant, ctx.previous)}`,
    );
  }
  for (const variant of leftAfter.slice(paired)) {
    ctx.emit(
      site,
      'variant-added',
      'added',
      WIDENING,
      `${what(site)} may now be ${describeReference(variant, ctx.current)}`,
    );
  }
}

/** Resolves aliases and named types to a structural node, flattening object inheritance. */
function resolve(ctx: DiffContext, reference: TypeReference, side: Side, depth = 0): Node {
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

function idRef(id: string): TypeReference {
  return { type: 'id', id };
}

function formatOf(primitive: PrimitiveType): string | undefined {
  return 'format' in primitive ? primitive.format : undefined;
}

function isString(node: Node): boolean {
  return node.kind === 'primitive' && node.value.type === 'string';
}

function literalFits(literal: Node, primitive: Node): boolean {
  if (literal.kind !== 'literal' || primitive.kind !== 'primitive') return false;
  const type = typeof literal.value;
  const wanted = primitive.value.type === 'integer' ? 'number' : primitive.value.type;
  return type === wanted;
}

function nodeLabel(node: Node): string {
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

/** How a site names the thing it points at in messages. */
function what(site: Site): string {
  if (site.pointer === '') {
    return site.location.area === 'type' ? `type \`${site.location.path ?? site.location.id}\`` : 'value';
  }
  return `\`${unescapePointerToken(site.pointer)}\``;
}
