/**
 * Schemas as readers see them: property lists with type labels, required markers and
 * descriptions; nested types (objects, enums, unions, list items, map values) expand on demand
 * from the page's definition slice, so the server HTML stays small and recursion never loops.
 */
import type { ApiDefinition, ObjectProperty, TypeId, TypeReference } from '@sextant/definition';
import { useId, useState } from 'react';
import { isRequired, typeLabel, unwrap } from '../shared/format.js';
import { InlineMarkdown } from '../shared/inline-markdown.js';
import type { SafeHtml, TypeSummary } from '../shared/page-data.js';
import { htmlProps } from '../shared/safe-html.js';
import { useFullPage } from './full-page.js';
import { HydrateLater } from './hydrate-later.js';

export interface SchemaContext {
  definition: ApiDefinition;
  /**
   * False while `definition` is the embedded slice, which holds the types the collapsed view
   * reads but not those inside them: expanding loads the full one first.
   */
  complete?: boolean;
  /** Collapsed details of types the embedded slice leaves out (see `TypeSummary`). */
  summaries?: Record<TypeId, TypeSummary>;
}

type Expansion =
  | { kind: 'properties'; properties: ObjectProperty[] }
  | { kind: 'enum'; values: { value: unknown; description?: string }[] }
  | {
      kind: 'variants';
      variants: { label: string; shape: TypeReference; description?: string }[];
      discriminant?: string;
    };

/** Properties of an object type, with those of the types it extends first. */
function objectProperties(
  definition: ApiDefinition,
  typeId: TypeId,
  seen = new Set<TypeId>(),
): ObjectProperty[] {
  const type = definition.types[typeId];
  if (!type || seen.has(typeId) || type.shape.type !== 'object') return [];
  seen.add(typeId);
  const inherited = type.shape.extends.flatMap((parent) => objectProperties(definition, parent, seen));
  return [...inherited, ...type.shape.properties];
}

/** What expanding a shape shows, with the type ids it goes through (to stop recursion). */
export function expansionOf(
  shape: TypeReference,
  definition: ApiDefinition,
): { expansion?: Expansion; typeId?: TypeId } {
  const inner = unwrap(shape).shape;
  if (inner.type === 'list' || inner.type === 'set') return expansionOf(inner.itemShape, definition);
  if (inner.type === 'map') return expansionOf(inner.valueShape, definition);
  if (inner.type !== 'id') return {};
  const type = definition.types[inner.id];
  if (!type) return {};
  const typeId = inner.id;
  switch (type.shape.type) {
    case 'object': {
      const properties = objectProperties(definition, typeId);
      return properties.length ? { typeId, expansion: { kind: 'properties', properties } } : { typeId };
    }
    case 'alias':
      return { ...expansionOf(type.shape.value, definition), typeId };
    case 'enum':
      return {
        typeId,
        expansion: {
          kind: 'enum',
          values: type.shape.values.map((v) => ({ value: v.value, description: v.description })),
        },
      };
    case 'discriminatedUnion':
      return {
        typeId,
        expansion: {
          kind: 'variants',
          discriminant: type.shape.discriminant,
          variants: type.shape.variants.map((v) => ({
            label: `${type.shape.type === 'discriminatedUnion' ? type.shape.discriminant : ''} = "${v.discriminantValue}"`,
            shape: { type: 'id', id: v.typeId },
            description: v.description,
          })),
        },
      };
    case 'undiscriminatedUnion':
      return {
        typeId,
        expansion: {
          kind: 'variants',
          variants: type.shape.variants.map((v) => ({
            label: v.displayName ?? typeLabel(v.shape, definition),
            shape: v.shape,
            description: v.description,
          })),
        },
      };
  }
}

/** What a collapsed details button shows of a shape's type: its name and `80 properties`. */
export function summaryOf(shape: TypeReference, definition: ApiDefinition): TypeSummary | undefined {
  const { expansion, typeId } = expansionOf(shape, definition);
  if (!expansion || !typeId) return undefined;
  return { name: definition.types[typeId]?.name ?? typeId, count: countLabel(expansion) };
}

function countLabel(expansion: Expansion): string {
  return expansion.kind === 'properties'
    ? `${expansion.properties.length} properties`
    : expansion.kind === 'enum'
      ? `${expansion.values.length} values`
      : `${expansion.variants.length} variants`;
}

/** The type id a shape names once lists, sets, maps and optional/nullable wrappers are removed. */
function namedTypeId(shape: TypeReference): TypeId | undefined {
  const inner = unwrap(shape).shape;
  if (inner.type === 'list' || inner.type === 'set') return namedTypeId(inner.itemShape);
  if (inner.type === 'map') return namedTypeId(inner.valueShape);
  return inner.type === 'id' ? inner.id : undefined;
}

/** What a collapsed details button shows when the embedded slice leaves the type out. */
function collapsedOf(
  shape: TypeReference,
  ctx: SchemaContext,
): { typeId: TypeId; summary: TypeSummary } | undefined {
  const typeId = namedTypeId(shape);
  if (!typeId || typeId in ctx.definition.types) return undefined;
  const summary = ctx.summaries?.[typeId];
  return summary && { typeId, summary };
}

/** A description the server rendered from full markdown (endpoint, page level). */
function Description({ html }: { html?: SafeHtml }) {
  // The HTML was rendered from markdown and sanitised on the server.
  return html ? <div className="sx-desc" {...htmlProps(html)} /> : null;
}

/** Expandable details of a shape, or nothing when it has none. */
export function ShapeDetails({
  shape,
  ctx,
  seen,
  label,
}: {
  shape: TypeReference;
  ctx: SchemaContext;
  seen: readonly TypeId[];
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { load, error } = useFullPage();
  const toggle = () => {
    if (!open && ctx.complete === false) load().catch(() => undefined);
    setOpen(!open);
  };
  const found = expansionOf(shape, ctx.definition);
  const collapsed = found.expansion ? undefined : collapsedOf(shape, ctx);
  const { expansion } = found;
  const typeId = found.typeId ?? collapsed?.typeId;
  if (!expansion && !collapsed) return null;
  if (typeId && seen.includes(typeId))
    return (
      <span className="sx-muted sx-small">
        recursive: {ctx.definition.types[typeId]?.name ?? collapsed?.summary.name}
      </span>
    );
  const count = expansion ? countLabel(expansion) : collapsed?.summary.count;
  const nextSeen = typeId ? [...seen, typeId] : seen;
  return (
    <div className="sx-expand">
      <button
        type="button"
        className="sx-expand-toggle"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={toggle}
      >
        {open ? 'Hide' : 'Show'} {label ?? count}
      </button>
      {open ? (
        <div id={id} className="sx-expand-body">
          {expansion && ctx.complete !== false ? (
            <ExpansionView expansion={expansion} ctx={ctx} seen={nextSeen} />
          ) : (
            <p className="sx-muted sx-small" role="status">
              {error ? `Could not load the details: ${error}` : 'Loading…'}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}

function ExpansionView({
  expansion,
  ctx,
  seen,
}: {
  expansion: Expansion;
  ctx: SchemaContext;
  seen: readonly TypeId[];
}) {
  if (expansion.kind === 'properties') {
    return <PropertyRows rows={expansion.properties} ctx={ctx} seen={seen} />;
  }
  if (expansion.kind === 'enum') {
    return (
      <ul className="sx-enum">
        {expansion.values.map((v) => (
          <li key={JSON.stringify(v.value)}>
            <code>{JSON.stringify(v.value)}</code>
            <TextDescription text={v.description} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="sx-variants">
      {expansion.variants.map((v) => (
        <li key={v.label}>
          <span className="sx-variant-label">{v.label}</span>{' '}
          <span className="sx-type">{typeLabel(v.shape, ctx.definition)}</span>
          <TextDescription text={v.description} />
          <ShapeDetails shape={v.shape} ctx={ctx} seen={seen} />
        </li>
      ))}
    </ul>
  );
}

export interface Row {
  key: string;
  valueShape: TypeReference;
  description?: string;
  availability?: string;
  access?: string;
}

/**
 * Rows a list holds at most: longer lists are consecutive lists of this many rows, each a part
 * that hydrates on its own (`HydrateLater`).
 */
export const ROW_CHUNK_SIZE = 20;

/** Rows of named values: parameters, headers, properties. */
export function PropertyRows({
  rows,
  ctx,
  seen = [],
}: {
  rows: Row[];
  ctx: SchemaContext;
  seen?: readonly TypeId[];
}) {
  const chunks: Row[][] = [];
  for (let start = 0; start < rows.length; start += ROW_CHUNK_SIZE)
    chunks.push(rows.slice(start, start + ROW_CHUNK_SIZE));
  if (chunks.length === 0) chunks.push([]);
  return chunks.map((chunk) => (
    <HydrateLater key={chunk[0]?.key ?? ''}>
      <ul className="sx-props">
        {chunk.map((row) => (
          <PropertyRow key={row.key} row={row} ctx={ctx} seen={seen} />
        ))}
      </ul>
    </HydrateLater>
  ));
}

function PropertyRow({ row, ctx, seen }: { row: Row; ctx: SchemaContext; seen: readonly TypeId[] }) {
  return (
    <li className="sx-prop">
      <div className="sx-prop-head">
        <code className="sx-prop-name">{row.key}</code>
        <span className="sx-type">{typeLabel(row.valueShape, ctx.definition)}</span>
        {isRequired(row.valueShape) ? (
          <span className="sx-badge sx-required">required</span>
        ) : (
          <span className="sx-badge">optional</span>
        )}
        {row.availability && row.availability !== 'stable' ? (
          <span className="sx-badge sx-warn">{row.availability}</span>
        ) : null}
        {row.access ? (
          <span className="sx-badge">{row.access === 'READ_ONLY' ? 'read-only' : 'write-only'}</span>
        ) : null}
      </div>
      <TextDescription text={row.description} />
      <ShapeDetails shape={row.valueShape} ctx={ctx} seen={seen} />
    </li>
  );
}

/** A body or payload shape: its properties when it is an object, else its label and details. */
export function ShapeBlock({ shape, ctx }: { shape: TypeReference; ctx: SchemaContext }) {
  const { expansion } = expansionOf(shape, ctx.definition);
  return (
    <div className="sx-shape">
      <p className="sx-shape-label">
        <span className="sx-type">{typeLabel(shape, ctx.definition)}</span>
      </p>
      {expansion?.kind === 'properties' ? (
        <PropertyRows rows={expansion.properties} ctx={ctx} seen={[]} />
      ) : (
        <ShapeDetails shape={shape} ctx={ctx} seen={[]} />
      )}
    </div>
  );
}

/** A description from the definition (parameters, properties, messages), as inline markdown. */
export function TextDescription({ text }: { text?: string }) {
  return text?.trim() ? (
    <div className="sx-desc">
      <InlineMarkdown text={text} />
    </div>
  ) : null;
}

export { Description };
