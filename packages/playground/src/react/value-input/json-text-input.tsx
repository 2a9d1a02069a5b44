import { jsonFromInput, jsonToInput } from '../../core/form/value-editing.js';
import { Leaf } from './field-errors.js';
import type { ShapeInputProps } from './shape-input-props.js';

export function JsonTextInput({ value, path, editor, label }: ShapeInputProps) {
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
