/**
 * Structural comparison of type references: references to named types are resolved on each
 * side and compared by shape (objects by property, enums by value, unions by variant,
 * primitives by type and constraints). A reference to the same type id on both sides is
 * compared once per direction and reported under that type, so a change in a type used by fifty
 * endpoints is one line, not fifty.
 */
import type { ObjectProperty, TypeReference } from '../ir/index.js';
import { innerShape } from '../ir/read-types.js';
import { compareMembers } from './compare-members.js';
import { compareBound, compareEnums, comparePrimitives } from './compare-scalars.js';
import { ALWAYS, child, type DiffContext, NARROWING, NEVER, type Site, WIDENING } from './context.js';
import { describeReference, what } from './describe.js';
import { compareDocFields } from './doc-fields.js';
import { idRef, isString, literalFits, type Node, nodeLabel, resolve } from './shape-node.js';

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
