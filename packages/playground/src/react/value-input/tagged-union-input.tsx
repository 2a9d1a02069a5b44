import type { FieldShape } from '../../core/form/type-shapes.js';
import { chooseTaggedVariant, selectedTaggedVariant } from '../../core/form/value-editing.js';
import { Leaf } from './field-errors.js';
import { ObjectInput } from './object-input.js';
import type { ShapeInputProps } from './shape-input-props.js';

export function TaggedUnionInput({
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
