/**
 * Schemas as readers see them: property lists with type labels, required markers and
 * descriptions; nested types (objects, enums, unions, list items, map values) expand on demand
 * from the page's definition slice, so the server HTML stays small and recursion never loops.
 */
import {
  type ApiDefinition,
  innerShape,
  isRequired,
  type ObjectProperty,
  objectProperties,
  type TypeId,
  type TypeReference,
  unionSharedProperties,
  unionVariants,
} from '@sextant/definition';
import { InlineMarkdown } from '@sextant/playground/inline-markdown';
import { typeLabel } from '../shared/format.js';
import type { SafeHtml } from '../shared/page-data.js';
import { htmlProps } from '../shared/safe-html.js';
import { Constraints, EnumValues, enumValuesOf } from './constraints.js';
import { Expander } from './expander.js';
import { type IslandRenderer, useIslandRenderer } from './island.js';

export interface SchemaContext {
  /** The definition slice the page renders from (the full one, on the server and once loaded). */
  definition: ApiDefinition;
  /** URL of the page's full view: what an expander loads before it opens. */
  fullPageUrl: string;
}

type Expansion =
  | { kind: 'properties'; properties: ObjectProperty[] }
  | { kind: 'enum'; values: { value: unknown; description?: string }[] }
  | {
      kind: 'variants';
      /** Properties declared beside the variants: every variant has them. */
      shared: ObjectProperty[];
      variants: { label: string; shape: TypeReference; description?: string }[];
      discriminant?: string;
    };

/** What expanding a shape shows, with the type ids it goes through (to stop recursion). */
export function expansionOf(
  shape: TypeReference,
  definition: ApiDefinition,
): { expansion?: Expansion; typeId?: TypeId } {
  const inner = innerShape(shape).shape;
  if (inner.type === 'list' || inner.type === 'set') return expansionOf(inner.itemShape, definition);
  if (inner.type === 'map') return expansionOf(inner.valueShape, definition);
  if (inner.type !== 'id') return {};
  const type = definition.types[inner.id];
  if (!type) return {};
  const typeId = inner.id;
  switch (type.shape.type) {
    case 'object': {
      const properties = objectProperties(typeId, definition.types);
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
    case 'undiscriminatedUnion': {
      const discriminant = type.shape.type === 'discriminatedUnion' ? type.shape.discriminant : undefined;
      const variants = (unionVariants(typeId, definition.types) ?? []).map((v) => ({
        label:
          v.discriminantValue !== undefined
            ? `${discriminant} = "${v.discriminantValue}"`
            : (v.displayName ?? typeLabel(v.shape, definition)),
        shape: v.shape,
        description: v.description,
      }));
      const shared = unionSharedProperties(typeId, definition.types);
      return {
        typeId,
        expansion: { kind: 'variants', shared, variants, ...(discriminant ? { discriminant } : {}) },
      };
    }
  }
}

function countLabel(expansion: Expansion): string {
  return expansion.kind === 'properties'
    ? `${expansion.properties.length} properties`
    : expansion.kind === 'enum'
      ? `${expansion.values.length} values`
      : `${expansion.variants.length} variants`;
}

/** A description the server rendered from full markdown (endpoint, page level). */
function Description({ html }: { html?: SafeHtml }) {
  // The HTML was rendered from markdown and sanitised on the server.
  return html ? <div className="sx-desc" {...htmlProps(html)} /> : null;
}

/**
 * Expandable details of a shape, or nothing when it has none. The button is an island
 * (`expander.tsx`; its label computed here, from the definition); what it shows comes from the
 * full view, loaded on opening.
 */
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
  const { expansion, typeId } = expansionOf(shape, ctx.definition);
  if (!expansion) return null;
  if (typeId && seen.includes(typeId))
    return <span className="sx-muted sx-small">recursive: {ctx.definition.types[typeId]?.name}</span>;
  return (
    <Expander
      shape={shape}
      seen={typeId ? [...seen, typeId] : [...seen]}
      label={label ?? countLabel(expansion)}
      fullPageUrl={ctx.fullPageUrl}
    />
  );
}

/** What an open expander shows (rendered in the browser, inside the expander island). */
export function ExpansionView({
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
    <>
      {expansion.shared.length > 0 ? (
        <div className="sx-shared-properties">
          <p className="sx-muted sx-small">Every variant has these properties:</p>
          <PropertyRows rows={expansion.shared} ctx={ctx} seen={seen} />
          <p className="sx-muted sx-small">
            {expansion.discriminant ? (
              <>
                And, by <code>{expansion.discriminant}</code>, one of:
              </>
            ) : (
              'And one of:'
            )}
          </p>
        </div>
      ) : null}
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
    </>
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
 * Rows a list holds at most: longer lists are consecutive lists of this many rows (the browser
 * lays out and styles shorter lists faster).
 */
export const ROW_CHUNK_SIZE = 20;

/** Rows of named values: parameters, headers, properties. */
export function PropertyRows({
  rows,
  ctx,
  seen = [],
}: {
  rows: readonly Row[];
  ctx: SchemaContext;
  seen?: readonly TypeId[];
}) {
  const islands = useIslandRenderer();
  const chunks: Row[][] = [];
  for (let start = 0; start < rows.length; start += ROW_CHUNK_SIZE)
    chunks.push(rows.slice(start, start + ROW_CHUNK_SIZE));
  if (chunks.length === 0) chunks.push([]);
  const keptHtml = islands?.sharedHtml && keptRowsHtml(islands.sharedHtml, chunks, ctx, seen);
  if (keptHtml)
    return keptHtml.map((html, c) => (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the rows as React rendered them, kept for the site version
      <ul key={chunks[c]?.[0]?.key ?? ''} className="sx-props" dangerouslySetInnerHTML={{ __html: html }} />
    ));
  return chunks.map((chunk) => (
    <ul key={chunk[0]?.key ?? ''} className="sx-props">
      {chunk.map((row) => (
        <PropertyRow key={row.key} row={row} ctx={ctx} seen={seen} />
      ))}
    </ul>
  ));
}

const rowKeys = new WeakMap<Row, string>();

/**
 * What a row shows, as a key: kept per row object (a definition is never changed once made; most
 * rows are its own objects, on every page that shows them), so its text is built and hashed once:
 * the very string is the cache's key on every page (a new string of the same text would be
 * flattened, hashed and compared whole on each lookup). One JSON text of its fields: no field's
 * text can read as another's (a description holding the separator of a joined key could), and
 * written flat in one call (a cold walk builds ~8,000 keys: equal rows are other objects on
 * other pages).
 */
function rowKey(row: Row): string {
  let key = rowKeys.get(row);
  if (key === undefined) {
    key = JSON.stringify([
      'prop-row',
      row.key,
      row.valueShape,
      row.description,
      row.availability,
      row.access,
    ]);
    rowKeys.set(row, key);
  }
  return key;
}

/**
 * The HTML of each chunk's rows, each row kept for the site version (issue #30: GitHub's pages
 * repeat three quarters of their rows: `owner`, `repo`, a repository's properties…), or
 * undefined when the page renders them itself. A row shows its fields and what its shape reads
 * in the site version's types, and the types seen around it.
 */
function keptRowsHtml(
  sharedHtml: NonNullable<IslandRenderer['sharedHtml']>,
  chunks: readonly Row[][],
  ctx: SchemaContext,
  seen: readonly TypeId[],
): string[] | undefined {
  const rows = chunks.flat();
  const rowsHtml = sharedHtml(
    rows.map((row) => ({
      key: seen.length === 0 ? rowKey(row) : `prop-row seen ${JSON.stringify(seen)}\0${rowKey(row)}`,
      build: (fullPageUrl) => (
        <PropertyRow row={row} ctx={{ definition: ctx.definition, fullPageUrl }} seen={seen} />
      ),
    })),
    ctx.fullPageUrl,
  );
  if (rowsHtml === undefined) return undefined;
  // Joined as ropes (`+=`): `join` would copy every row's HTML once more.
  let next = 0;
  return chunks.map((chunk) => {
    let html = '';
    for (const _ of chunk) html += rowsHtml[next++];
    return html;
  });
}

function PropertyRow({ row, ctx, seen }: { row: Row; ctx: SchemaContext; seen: readonly TypeId[] }) {
  // An enum's values are listed in the row (peers do), not behind an expander.
  const values = enumValuesOf(row.valueShape, ctx.definition);
  return (
    <li className="sx-prop">
      <div className="sx-prop-head">
        <code className="sx-prop-name">{row.key}</code>
        <span className="sx-type">{typeLabel(row.valueShape, ctx.definition)}</span>
        {isRequired(row.valueShape, ctx.definition.types) ? (
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
      <Constraints shape={row.valueShape} definition={ctx.definition} />
      {values ? (
        <EnumValues values={values} />
      ) : (
        <ShapeDetails shape={row.valueShape} ctx={ctx} seen={seen} />
      )}
    </li>
  );
}

/** A body or payload shape: its properties when it is an object, else its label and details. */
export function ShapeBlock({ shape, ctx }: { shape: TypeReference; ctx: SchemaContext }) {
  const { expansion, typeId } = expansionOf(shape, ctx.definition);
  const values = expansion?.kind === 'properties' ? undefined : enumValuesOf(shape, ctx.definition);
  return (
    <div className="sx-shape">
      <p className="sx-shape-label">
        <span className="sx-type">{typeLabel(shape, ctx.definition)}</span>
      </p>
      <Constraints shape={shape} definition={ctx.definition} />
      {expansion?.kind === 'properties' ? (
        <PropertyRows rows={expansion.properties} ctx={ctx} seen={[]} />
      ) : expansion?.kind === 'variants' ? (
        // A union at the top of a body or type page: its shared properties and each variant, open.
        <ExpansionView expansion={expansion} ctx={ctx} seen={typeId ? [typeId] : []} />
      ) : values ? (
        <EnumValues values={values} />
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
