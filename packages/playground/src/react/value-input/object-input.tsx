/** An object's fields, each in its frame, and the menu that adds optional ones. */
import type { ObjectProperty } from '@sextant/definition';
import type { StatePath } from '@sextant/request';
import { useId } from 'react';
import {
  isOptionalProperty,
  missingOptionalKeys,
  offersAddAll,
  type TypeMap,
} from '../../core/form/type-shapes.js';
import {
  addOptionalFields,
  asRecord,
  shownProperties,
  type ValueEditor,
} from '../../core/form/value-editing.js';
import { FieldErrorText, useFieldError } from './field-errors.js';
import { ShapeField } from './shape-field.js';
import type { ShapeInputProps } from './shape-input-props.js';

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
        <PropertyField
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

function PropertyField({
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
  return (
    <ShapeField
      name={property.key}
      description={property.description}
      onRemove={removable ? () => editor.remove(path) : undefined}
      removeLabel={`Remove ${label}`}
      shape={property.valueShape}
      types={types}
      value={value}
      path={path}
      editor={editor}
      label={label}
      depth={depth + 1}
    />
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
