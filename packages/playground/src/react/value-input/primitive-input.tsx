import { type FieldShape, stringInputKind } from '../../core/form/type-shapes.js';
import {
  booleanFromInput,
  booleanToInput,
  dateTimeFromInput,
  dateTimeToInput,
  dateToInput,
  numberFromInput,
  numberToInput,
  textToInput,
} from '../../core/form/value-editing.js';
import { Leaf } from './field-errors.js';
import type { ShapeInputProps } from './shape-input-props.js';

export function PrimitiveInput({
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
