/** Lists and maps: one value input per item or entry, with Add and Remove. */
import type { TypeReference } from '@sextant/definition';
import { asList, asRecord, renameMapKey, withListItem, withMapEntry } from '../../core/form/value-editing.js';
import { FieldErrorText, useFieldError } from './field-errors.js';
import type { ShapeInputProps } from './shape-input-props.js';
import { ValueInput } from './value-input.js';

export function ListInput({
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

export function MapInput({
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
