/**
 * One input per type shape, recursively: text, number, date and date-time inputs, enum selects,
 * literals, objects with their More optional fields menu, lists, maps, both union kinds and a
 * null toggle for nullable values. Each input renders its value and sends `(path, value)` edits
 * to a `ValueEditor`; what an edit produces (a union switch, added fields, map keys, date codecs)
 * comes from the headless `value-editing` module. Each input shows its schema error from the
 * surrounding `FormErrors` (aria-invalid, aria-describedby pointing at the message).
 */
import { literalLabel, type TypeReference } from '@sextant/definition';
import type { StatePath } from '@sextant/request';
import { useMemo } from 'react';
import { validateAt } from '../../core/form/form-validation.js';
import { describeShape, matchVariant, type TypeMap } from '../../core/form/type-shapes.js';
import {
  chooseVariant,
  enumFromInput,
  enumToInput,
  rootEditor,
  toggleNull,
  type ValueEditor,
} from '../../core/form/value-editing.js';
import { ListInput, MapInput } from './collection-inputs.js';
import { FormErrors, Leaf } from './field-errors.js';
import { JsonTextInput } from './json-text-input.js';
import { ObjectInput } from './object-input.js';
import { PrimitiveInput } from './primitive-input.js';
import type { ShapeInputProps } from './shape-input-props.js';
import { TaggedUnionInput } from './tagged-union-input.js';

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

export function ShapeInput(props: ShapeInputProps) {
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
