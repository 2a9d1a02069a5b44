/**
 * One input per type shape, recursively: text, number, date and date-time inputs, enum selects,
 * literals, objects with their More optional fields menu, lists, maps, both union kinds and a
 * null toggle for nullable values. Each input renders its value and sends `(path, value)` edits
 * to a `ValueEditor`; what an edit produces (a union switch, added fields, map keys, date codecs)
 * comes from the headless `value-editing` module. Each input shows its schema error from the
 * surrounding `FormErrors` (aria-invalid, aria-describedby pointing at the message).
 */

import { literalLabel, type ObjectProperty, type TypeReference } from '@sextant/definition';
import type { StatePath } from '@sextant/request';
import { createContext, type ReactNode, useContext, useId, useMemo } from 'react';
import { errorAt, type FormValidation, VALID, validateAt } from '../core/form/form-validation.js';
import {
  describeShape,
  type FieldShape,
  isOptionalProperty,
  matchVariant,
  missingOptionalKeys,
  offersAddAll,
  stringInputKind,
  type TypeMap,
} from '../core/form/type-shapes.js';
import {
  addOptionalFields,
  asList,
  asRecord,
  booleanFromInput,
  booleanToInput,
  chooseTaggedVariant,
  chooseVariant,
  dateTimeFromInput,
  dateTimeToInput,
  dateToInput,
  enumFromInput,
  enumToInput,
  jsonFromInput,
  jsonToInput,
  numberFromInput,
  numberToInput,
  renameMapKey,
  rootEditor,
  selectedTaggedVariant,
  shownProperties,
  textToInput,
  toggleNull,
  typeCaption,
  type ValueEditor,
  withListItem,
  withMapEntry,
} from '../core/form/value-editing.js';
import { InlineMarkdown } from './inline-markdown.js';

const FormErrorsContext = createContext<FormValidation>(VALID);

/** Gives the inputs below it their schema errors, by form path. */
export function FormErrors({ validation, children }: { validation: FormValidation; children: ReactNode }) {
  return <FormErrorsContext.Provider value={validation}>{children}</FormErrorsContext.Provider>;
}

/** The error of the input at `path`: its message, the message's id, and the attributes the input gets. */
export function useFieldError(path: StatePath) {
  const validation = useContext(FormErrorsContext);
  const id = useId();
  const message = errorAt(validation, path);
  return {
    message,
    id,
    attributes: message
      ? { 'aria-invalid': true as const, 'aria-describedby': id }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined },
  };
}

/** The message under an input (absent when the value is valid). */
export function FieldErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="sx-pg-field-error">
      {message}
    </p>
  );
}

export interface ValueInputProps {
  shape: TypeReference;
  types: TypeMap;
  value: unknown;
  /** Where the value sits in the form (errors are looked up by it, edits sent with it). */
  path: StatePath;
  editor: ValueEditor;
  /** Accessible name of the input. */
  label: string;
  depth?: number;
}

/** Renders the input for any type reference. */
export function ValueInput({ shape, types, value, path, editor, label, depth = 0 }: ValueInputProps) {
  const described = describeShape(shape, types);
  const input = (
    <ShapeInput
      shape={described.shape}
      types={types}
      value={value}
      path={path}
      editor={editor}
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
          onChange={(event) => editor.set(path, toggleNull(event.target.checked, shape, types))}
        />
        <span>null</span>
      </label>
      {value !== null && input}
    </div>
  );
}

/**
 * A value input for a value held outside a form store (a WebSocket message or parameter): it
 * validates its own value and hands each new value to `onChange`.
 */
export function StandaloneValueInput({
  shape,
  types,
  value,
  onChange,
  label,
}: {
  shape: TypeReference;
  types: TypeMap;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
}) {
  const validation = useMemo(() => validateAt([], value, shape, types), [value, shape, types]);
  return (
    <FormErrors validation={validation}>
      <ValueInput
        shape={shape}
        types={types}
        value={value}
        path={[]}
        editor={rootEditor([], value, onChange)}
        label={label}
      />
    </FormErrors>
  );
}

interface ShapeInputProps {
  shape: FieldShape;
  types: TypeMap;
  value: unknown;
  path: StatePath;
  editor: ValueEditor;
  label: string;
  depth: number;
}

function ShapeInput(props: ShapeInputProps) {
  const { shape, types, value, path, editor, label, depth } = props;
  switch (shape.kind) {
    case 'primitive':
      return <PrimitiveInput {...props} primitive={shape.primitive} />;
    case 'enum':
      return (
        <Leaf path={path}>
          {(attributes) => (
            <select
              className="sx-pg-input"
              aria-label={label}
              {...attributes}
              value={enumToInput(value)}
              onChange={(event) => editor.set(path, enumFromInput(event.target.value))}
            >
              <option value="">Select…</option>
              {shape.values.map((option) => (
                <option key={JSON.stringify(option.value)} value={JSON.stringify(option.value)}>
                  {String(option.value)}
                </option>
              ))}
            </select>
          )}
        </Leaf>
      );
    case 'literal':
      return (
        <Leaf path={path}>
          {() => (
            <code className="sx-pg-literal" title={label}>
              {literalLabel(shape.value, 200)}
            </code>
          )}
        </Leaf>
      );
    case 'object':
      return <ObjectInput properties={shape.properties} {...props} />;
    case 'list':
      return <ListInput item={shape.item} {...props} />;
    case 'map':
      return <MapInput valueShape={shape.value} {...props} />;
    case 'discriminatedUnion':
      return <TaggedUnionInput {...props} shape={shape} />;
    case 'undiscriminatedUnion': {
      const index = matchVariant(shape.variants, value, types);
      const variant = shape.variants[index];
      return (
        <div className="sx-pg-union">
          <select
            className="sx-pg-input"
            aria-label={`${label} variant`}
            value={index}
            onChange={(event) => editor.set(path, chooseVariant(shape, Number(event.target.value), types))}
          >
            {shape.variants.map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the index is the option's value
              <option key={`${v.label}-${i}`} value={i}>
                {v.label}
              </option>
            ))}
          </select>
          {variant?.properties ? (
            // An object variant of a union with shared properties: its own and the shared ones.
            <ObjectInput
              properties={variant.properties}
              types={types}
              value={value}
              path={path}
              editor={editor}
              label={label}
              depth={depth + 1}
            />
          ) : variant ? (
            <ValueInput
              shape={variant.shape}
              types={types}
              value={value}
              path={path}
              editor={editor}
              label={label}
              depth={depth + 1}
            />
          ) : null}
        </div>
      );
    }
    default:
      return <JsonTextInput {...props} />;
  }
}

type ErrorAttributes = ReturnType<typeof useFieldError>['attributes'];

/** A single input with its error message below it. */
function Leaf({ path, children }: { path: StatePath; children: (attributes: ErrorAttributes) => ReactNode }) {
  const { message, id, attributes } = useFieldError(path);
  return (
    <>
      {children(attributes)}
      <FieldErrorText id={id} message={message} />
    </>
  );
}

function PrimitiveInput({
  primitive,
  value,
  path,
  editor,
  label,
}: ShapeInputProps & { primitive: Extract<FieldShape, { kind: 'primitive' }>['primitive'] }) {
  const kind = stringInputKind(primitive);
  const set = (next: unknown) => editor.set(path, next);
  return (
    <Leaf path={path}>
      {(attributes) => {
        const common = { className: 'sx-pg-input', 'aria-label': label, ...attributes };
        if (kind === 'boolean')
          return (
            <select
              {...common}
              value={booleanToInput(value)}
              onChange={(event) => set(booleanFromInput(event.target.value))}
            >
              <option value="">Select…</option>
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
          );
        if (kind === 'number')
          return (
            <input
              {...common}
              type="number"
              value={numberToInput(value)}
              step={primitive.type === 'integer' ? 1 : 'any'}
              onChange={(event) => set(numberFromInput(event.target.value))}
            />
          );
        if (kind === 'date')
          return (
            <input
              {...common}
              type="date"
              value={dateToInput(value)}
              onChange={(event) => set(event.target.value)}
            />
          );
        if (kind === 'datetime')
          return (
            <input
              {...common}
              type="datetime-local"
              step={1}
              value={dateTimeToInput(value)}
              onChange={(event) => set(dateTimeFromInput(event.target.value))}
            />
          );
        return (
          <input
            {...common}
            type="text"
            value={textToInput(value)}
            onChange={(event) => set(event.target.value)}
          />
        );
      }}
    </Leaf>
  );
}

/** An object's fields: required ones always, optional ones once added, and the menu to add more. */
export function ObjectInput({
  properties,
  types,
  value,
  path,
  editor,
  label,
  depth,
}: Omit<ShapeInputProps, 'shape'> & { properties: ObjectProperty[] }) {
  const record = asRecord(value);
  const missing = missingOptionalKeys(properties, record, types);
  const { message, id } = useFieldError(path);
  return (
    <div className="sx-pg-object" data-depth={depth}>
      <FieldErrorText id={id} message={message} />
      {shownProperties(properties, record, types).map((property) => (
        <Field
          key={property.key}
          property={property}
          types={types}
          value={record[property.key]}
          path={[...path, property.key]}
          editor={editor}
          removable={isOptionalProperty(property, types)}
          depth={depth}
          parentLabel={depth === 0 ? undefined : label}
        />
      ))}
      {missing.length > 0 && (
        <OptionalFieldsMenu
          missing={missing}
          onAdd={(keys) => editor.set(path, addOptionalFields(record, properties, keys, types))}
          label={label}
        />
      )}
    </div>
  );
}

function Field({
  property,
  types,
  value,
  path,
  editor,
  removable,
  depth,
  parentLabel,
}: {
  property: ObjectProperty;
  types: TypeMap;
  value: unknown;
  path: StatePath;
  editor: ValueEditor;
  removable: boolean;
  depth: number;
  parentLabel: string | undefined;
}) {
  const label = parentLabel ? `${parentLabel}.${property.key}` : property.key;
  const described = describeShape(property.valueShape, types);
  return (
    <FieldFrame
      name={property.key}
      caption={typeCaption(described.shape, described.typeName)}
      required={!described.optional}
      description={property.description}
      onRemove={removable ? () => editor.remove(path) : undefined}
      removeLabel={`Remove ${label}`}
    >
      <ValueInput
        shape={property.valueShape}
        types={types}
        value={value}
        path={path}
        editor={editor}
        label={label}
        depth={depth + 1}
      />
    </FieldFrame>
  );
}

/**
 * A field's frame, the same for object properties, parameters and multipart fields: name, type
 * caption, required or optional mark, Remove for an added optional field, description, input.
 */
export function FieldFrame({
  name,
  caption,
  required,
  description,
  onRemove,
  removeLabel,
  children,
}: {
  name: string;
  caption?: string | undefined;
  required: boolean;
  description?: string | undefined;
  onRemove?: (() => void) | undefined;
  removeLabel?: string;
  children: ReactNode;
}) {
  return (
    <div className="sx-pg-field">
      <div className="sx-pg-field-head">
        <span className="sx-pg-field-name">{name}</span>
        {caption && <span className="sx-pg-field-type">{caption}</span>}
        {required ? (
          <span className="sx-pg-required">required</span>
        ) : (
          <span className="sx-pg-optional">optional</span>
        )}
        {onRemove && (
          <button type="button" className="sx-pg-link-button" onClick={onRemove} aria-label={removeLabel}>
            Remove
          </button>
        )}
      </div>
      {description && (
        <div className="sx-pg-description">
          <InlineMarkdown text={description} />
        </div>
      )}
      {children}
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

function TaggedUnionInput({
  shape,
  types,
  value,
  path,
  editor,
  label,
  depth,
}: ShapeInputProps & { shape: Extract<FieldShape, { kind: 'discriminatedUnion' }> }) {
  const selected = selectedTaggedVariant(shape, value);
  const tagPath = [...path, shape.discriminant];
  return (
    <div className="sx-pg-union">
      <Leaf path={tagPath}>
        {(attributes) => (
          <select
            className="sx-pg-input"
            aria-label={`${label} ${shape.discriminant}`}
            {...attributes}
            value={selected?.value ?? ''}
            onChange={(event) => {
              const next = chooseTaggedVariant(shape, event.target.value, types);
              if (next) editor.set(path, next);
            }}
          >
            {shape.variants.map((variant) => (
              <option key={variant.value} value={variant.value}>
                {variant.label}
              </option>
            ))}
          </select>
        )}
      </Leaf>
      {selected && (
        <ObjectInput
          properties={selected.properties}
          types={types}
          value={value}
          path={path}
          editor={editor}
          label={label}
          depth={depth}
        />
      )}
    </div>
  );
}

function ListInput({
  item,
  types,
  value,
  path,
  editor,
  label,
  depth,
}: ShapeInputProps & { item: TypeReference }) {
  const list = asList(value);
  const { message, id } = useFieldError(path);
  return (
    <div className="sx-pg-list">
      {list.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity but their position
        <div className="sx-pg-list-item" key={index}>
          <ValueInput
            shape={item}
            types={types}
            value={entry}
            path={[...path, index]}
            editor={editor}
            label={`${label}[${index}]`}
            depth={depth + 1}
          />
          <button
            type="button"
            className="sx-pg-link-button"
            onClick={() => editor.remove([...path, index])}
            aria-label={`Remove ${label}[${index}]`}
          >
            Remove
          </button>
        </div>
      ))}
      <FieldErrorText id={id} message={message} />
      <button
        type="button"
        className="sx-pg-button sx-pg-small"
        aria-describedby={message ? id : undefined}
        onClick={() => editor.set(path, withListItem(value, item, types))}
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
  path,
  editor,
  label,
  depth,
}: ShapeInputProps & { valueShape: TypeReference }) {
  const record = asRecord(value);
  const entries = Object.entries(record);
  const { message, id } = useFieldError(path);
  return (
    <div className="sx-pg-list">
      {entries.map(([key, entry], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: keys are edited in place, so the position is the identity
        <div className="sx-pg-list-item" key={index}>
          <input
            className="sx-pg-input sx-pg-key"
            aria-label={`${label} key ${index + 1}`}
            value={key}
            onChange={(event) => editor.set(path, renameMapKey(record, index, event.target.value))}
          />
          <ValueInput
            shape={valueShape}
            types={types}
            value={entry}
            path={[...path, key]}
            editor={editor}
            label={`${label}.${key}`}
            depth={depth + 1}
          />
          <button
            type="button"
            className="sx-pg-link-button"
            onClick={() => editor.remove([...path, key])}
            aria-label={`Remove ${label}.${key}`}
          >
            Remove
          </button>
        </div>
      ))}
      <FieldErrorText id={id} message={message} />
      <button
        type="button"
        className="sx-pg-button sx-pg-small"
        onClick={() => editor.set(path, withMapEntry(value, valueShape, types))}
      >
        Add entry
      </button>
    </div>
  );
}

function JsonTextInput({ value, path, editor, label }: ShapeInputProps) {
  return (
    <Leaf path={path}>
      {(attributes) => (
        <textarea
          className="sx-pg-input sx-pg-mono"
          aria-label={label}
          {...attributes}
          defaultValue={jsonToInput(value)}
          onBlur={(event) => editor.set(path, jsonFromInput(event.target.value))}
        />
      )}
    </Leaf>
  );
}
