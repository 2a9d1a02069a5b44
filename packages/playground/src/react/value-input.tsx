/**
 * One input per type shape, recursively: text, number, date and date-time inputs, enum selects,
 * literals, objects with their More optional fields menu, lists, maps, both union kinds and a
 * null toggle for nullable values. The rules (which keys are missing, what an empty value is,
 * which union variant a value matches) come from the headless `type-shapes` module.
 */
import type { ObjectProperty, TypeReference } from '@sextant/definition';
import { useId } from 'react';
import {
  describeShape,
  emptyValue,
  type FieldShape,
  isOptionalProperty,
  matchVariant,
  missingOptionalKeys,
  offersAddAll,
  stringInputKind,
  type TypeMap,
} from '../core/type-shapes.js';

export interface ValueInputProps {
  shape: TypeReference;
  types: TypeMap;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Accessible name of the input. */
  label: string;
  depth?: number;
}

/** Renders the input for any type reference. */
export function ValueInput({ shape, types, value, onChange, label, depth = 0 }: ValueInputProps) {
  const described = describeShape(shape, types);
  const input = (
    <ShapeInput
      shape={described.shape}
      types={types}
      value={value}
      onChange={onChange}
      label={label}
      depth={depth}
    />
  );
  if (!described.nullable) return input;
  return (
    <div className="sx-pg-nullable">
      <label className="sx-pg-inline">
        <input
          type="checkbox"
          checked={value === null}
          onChange={(event) => onChange(event.target.checked ? null : (emptyValue(shape, types) ?? ''))}
        />
        <span>null</span>
      </label>
      {value !== null && input}
    </div>
  );
}

interface ShapeInputProps {
  shape: FieldShape;
  types: TypeMap;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  depth: number;
}

function ShapeInput({ shape, types, value, onChange, label, depth }: ShapeInputProps) {
  const common = { types, value, onChange, label, depth };
  switch (shape.kind) {
    case 'primitive':
      return <PrimitiveInput primitive={shape.primitive} value={value} onChange={onChange} label={label} />;
    case 'enum':
      return (
        <select
          className="sx-pg-input"
          aria-label={label}
          value={value === undefined ? '' : JSON.stringify(value)}
          onChange={(event) =>
            onChange(event.target.value === '' ? undefined : JSON.parse(event.target.value))
          }
        >
          <option value="">Select…</option>
          {shape.values.map((option) => (
            <option key={JSON.stringify(option.value)} value={JSON.stringify(option.value)}>
              {String(option.value)}
            </option>
          ))}
        </select>
      );
    case 'literal':
      return (
        <code className="sx-pg-literal" title={label}>
          {JSON.stringify(shape.value)}
        </code>
      );
    case 'object':
      return <ObjectInput properties={shape.properties} {...common} />;
    case 'list':
      return <ListInput item={shape.item} {...common} />;
    case 'map':
      return <MapInput valueShape={shape.value} {...common} />;
    case 'discriminatedUnion': {
      const record = asRecord(value);
      const selected =
        shape.variants.find((v) => v.value === record[shape.discriminant]) ?? shape.variants[0];
      return (
        <div className="sx-pg-union">
          <select
            className="sx-pg-input"
            aria-label={`${label} ${shape.discriminant}`}
            value={selected?.value ?? ''}
            onChange={(event) => {
              const variant = shape.variants.find((v) => v.value === event.target.value);
              if (!variant) return;
              const base: Record<string, unknown> = { [shape.discriminant]: variant.value };
              for (const property of variant.properties)
                if (!isOptionalProperty(property, types))
                  base[property.key] = emptyValue(property.valueShape, types);
              onChange(base);
            }}
          >
            {shape.variants.map((variant) => (
              <option key={variant.value} value={variant.value}>
                {variant.label}
              </option>
            ))}
          </select>
          {selected && (
            <ObjectInput
              properties={selected.properties}
              types={types}
              value={value}
              onChange={onChange}
              label={label}
              depth={depth}
            />
          )}
        </div>
      );
    }
    case 'undiscriminatedUnion': {
      const index = matchVariant(shape.variants, value, types);
      const variant = shape.variants[index];
      return (
        <div className="sx-pg-union">
          <select
            className="sx-pg-input"
            aria-label={`${label} variant`}
            value={index}
            onChange={(event) => {
              const next = shape.variants[Number(event.target.value)];
              if (next) onChange(emptyValue(next.shape, types));
            }}
          >
            {shape.variants.map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the index is the option's value
              <option key={`${v.label}-${i}`} value={i}>
                {v.label}
              </option>
            ))}
          </select>
          {variant && (
            <ValueInput
              shape={variant.shape}
              types={types}
              value={value}
              onChange={onChange}
              label={label}
              depth={depth + 1}
            />
          )}
        </div>
      );
    }
    default:
      return <JsonTextInput value={value} onChange={onChange} label={label} />;
  }
}

function PrimitiveInput({
  primitive,
  value,
  onChange,
  label,
}: {
  primitive: Extract<FieldShape, { kind: 'primitive' }>['primitive'];
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
}) {
  const kind = stringInputKind(primitive);
  if (kind === 'boolean')
    return (
      <select
        className="sx-pg-input"
        aria-label={label}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value === 'true')}
      >
        <option value="">Select…</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    );
  if (kind === 'number')
    return (
      <input
        className="sx-pg-input"
        type="number"
        aria-label={label}
        value={typeof value === 'number' ? value : ''}
        step={primitive.type === 'integer' ? 1 : 'any'}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      />
    );
  if (kind === 'date')
    return (
      <input
        className="sx-pg-input"
        type="date"
        aria-label={label}
        value={typeof value === 'string' ? value.slice(0, 10) : ''}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  if (kind === 'datetime')
    return (
      <input
        className="sx-pg-input"
        type="datetime-local"
        aria-label={label}
        value={typeof value === 'string' ? value.replace(/Z$/, '').slice(0, 19) : ''}
        onChange={(event) =>
          onChange(
            event.target.value
              ? `${event.target.value}${event.target.value.length === 16 ? ':00' : ''}Z`
              : '',
          )
        }
      />
    );
  return (
    <input
      className="sx-pg-input"
      type="text"
      aria-label={label}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** An object's fields: required ones always, optional ones once added, and the menu to add more. */
export function ObjectInput({
  properties,
  types,
  value,
  onChange,
  label,
  depth,
}: {
  properties: ObjectProperty[];
  types: TypeMap;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  depth: number;
}) {
  const record = asRecord(value);
  const missing = missingOptionalKeys(properties, record, types);
  const shown = properties.filter((p) => !isOptionalProperty(p, types) || p.key in record);
  const addKeys = (keys: string[]) => {
    let next: unknown = record;
    for (const key of keys) {
      const property = properties.find((p) => p.key === key);
      if (property) next = { ...asRecord(next), [key]: emptyValue(property.valueShape, types) ?? '' };
    }
    onChange(next);
  };
  return (
    <div className="sx-pg-object" data-depth={depth}>
      {shown.map((property) => (
        <Field
          key={property.key}
          property={property}
          types={types}
          value={record[property.key]}
          onChange={(next) => onChange({ ...record, [property.key]: next })}
          onRemove={
            isOptionalProperty(property, types) ? () => onChange(withoutKey(record, property.key)) : undefined
          }
          depth={depth}
          parentLabel={depth === 0 ? undefined : label}
        />
      ))}
      {missing.length > 0 && <OptionalFieldsMenu missing={missing} onAdd={addKeys} label={label} />}
    </div>
  );
}

function Field({
  property,
  types,
  value,
  onChange,
  onRemove,
  depth,
  parentLabel,
}: {
  property: ObjectProperty;
  types: TypeMap;
  value: unknown;
  onChange: (value: unknown) => void;
  onRemove: (() => void) | undefined;
  depth: number;
  parentLabel: string | undefined;
}) {
  const label = parentLabel ? `${parentLabel}.${property.key}` : property.key;
  const described = describeShape(property.valueShape, types);
  return (
    <div className="sx-pg-field">
      <div className="sx-pg-field-head">
        <span className="sx-pg-field-name">{property.key}</span>
        <span className="sx-pg-field-type">{described.typeName ?? typeLabel(described.shape)}</span>
        {!described.optional && <span className="sx-pg-required">required</span>}
        {onRemove && (
          <button
            type="button"
            className="sx-pg-link-button"
            onClick={onRemove}
            aria-label={`Remove ${label}`}
          >
            Remove
          </button>
        )}
      </div>
      {property.description && <p className="sx-pg-description">{property.description}</p>}
      <ValueInput
        shape={property.valueShape}
        types={types}
        value={value}
        onChange={onChange}
        label={label}
        depth={depth + 1}
      />
    </div>
  );
}

/** The More optional fields menu, with Add all optional properties when more than one remains. */
export function OptionalFieldsMenu({
  missing,
  onAdd,
  label,
}: {
  missing: string[];
  onAdd: (keys: string[]) => void;
  label: string;
}) {
  const id = useId();
  return (
    <details className="sx-pg-menu">
      <summary aria-describedby={id}>More optional fields</summary>
      <span id={id} hidden>
        {`Optional fields of ${label}`}
      </span>
      <div className="sx-pg-menu-items">
        {offersAddAll(missing) && (
          <button type="button" className="sx-pg-menu-item" onClick={() => onAdd(missing)}>
            Add all optional properties
          </button>
        )}
        {missing.map((key) => (
          <button type="button" className="sx-pg-menu-item" key={key} onClick={() => onAdd([key])}>
            {key}
          </button>
        ))}
      </div>
    </details>
  );
}

function ListInput({
  item,
  types,
  value,
  onChange,
  label,
  depth,
}: {
  item: TypeReference;
  types: TypeMap;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  depth: number;
}) {
  const list = Array.isArray(value) ? value : [];
  return (
    <div className="sx-pg-list">
      {list.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity but their position
        <div className="sx-pg-list-item" key={index}>
          <ValueInput
            shape={item}
            types={types}
            value={entry}
            onChange={(next) => onChange(list.map((item, i) => (i === index ? next : item)))}
            label={`${label}[${index}]`}
            depth={depth + 1}
          />
          <button
            type="button"
            className="sx-pg-link-button"
            onClick={() => onChange(list.filter((_, i) => i !== index))}
            aria-label={`Remove ${label}[${index}]`}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="sx-pg-button sx-pg-small"
        onClick={() => onChange([...list, emptyValue(item, types)])}
      >
        Add item
      </button>
    </div>
  );
}

function MapInput({
  valueShape,
  types,
  value,
  onChange,
  label,
  depth,
}: {
  valueShape: TypeReference;
  types: TypeMap;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  depth: number;
}) {
  const record = asRecord(value);
  const entries = Object.entries(record);
  return (
    <div className="sx-pg-list">
      {entries.map(([key, entry], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: keys are edited in place, so the position is the identity
        <div className="sx-pg-list-item" key={index}>
          <input
            className="sx-pg-input sx-pg-key"
            aria-label={`${label} key ${index + 1}`}
            value={key}
            onChange={(event) =>
              onChange(
                Object.fromEntries(
                  entries.map(([k, v], i) => (i === index ? [event.target.value, v] : [k, v])),
                ),
              )
            }
          />
          <ValueInput
            shape={valueShape}
            types={types}
            value={entry}
            onChange={(next) => onChange({ ...record, [key]: next })}
            label={`${label}.${key}`}
            depth={depth + 1}
          />
          <button
            type="button"
            className="sx-pg-link-button"
            onClick={() => onChange(withoutKey(record, key))}
            aria-label={`Remove ${label}.${key}`}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="sx-pg-button sx-pg-small"
        onClick={() => onChange({ ...record, [uniqueKey(record)]: emptyValue(valueShape, types) })}
      >
        Add entry
      </button>
    </div>
  );
}

function JsonTextInput({
  value,
  onChange,
  label,
}: {
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
}) {
  return (
    <textarea
      className="sx-pg-input sx-pg-mono"
      aria-label={label}
      defaultValue={value === undefined ? '' : JSON.stringify(value, null, 2)}
      onBlur={(event) => {
        try {
          onChange(event.target.value.trim() === '' ? undefined : JSON.parse(event.target.value));
        } catch {
          onChange(event.target.value);
        }
      }}
    />
  );
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function withoutKey(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

function uniqueKey(record: Record<string, unknown>): string {
  let index = Object.keys(record).length + 1;
  while (`key${index}` in record) index++;
  return `key${index}`;
}

function typeLabel(shape: FieldShape): string {
  if (shape.kind === 'primitive')
    return shape.primitive.type === 'string' && shape.primitive.format
      ? shape.primitive.format
      : shape.primitive.type;
  if (shape.kind === 'list') return 'list';
  if (shape.kind === 'discriminatedUnion' || shape.kind === 'undiscriminatedUnion') return 'union';
  return shape.kind;
}
