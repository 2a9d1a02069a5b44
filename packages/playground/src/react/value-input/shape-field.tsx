/** A named value in its frame: the name, the type caption and required mark its shape gives, the description, and its input. */

import { describeShape } from '../../core/form/type-shapes.js';
import { typeCaption } from '../../core/form/value-editing.js';
import { FieldFrame } from './field-frame.js';
import { ValueInput, type ValueInputProps } from './value-input.js';

export function ShapeField({
  name,
  description,
  onRemove,
  removeLabel,
  ...input
}: ValueInputProps & {
  name: string;
  description?: string | undefined;
  onRemove?: (() => void) | undefined;
  removeLabel?: string;
}) {
  const described = describeShape(input.shape, input.types);
  return (
    <FieldFrame
      name={name}
      caption={typeCaption(described.shape, described.typeName)}
      required={!described.optional}
      description={description}
      onRemove={onRemove}
      {...(removeLabel === undefined ? {} : { removeLabel })}
    >
      <ValueInput {...input} />
    </FieldFrame>
  );
}
