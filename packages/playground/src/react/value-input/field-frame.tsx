import { Field } from '@sextant/ui';
import type { ReactNode } from 'react';
import { InlineMarkdown } from '../inline-markdown.js';

/**
 * A field's frame, the same for object properties, parameters and multipart fields (the ui
 * `Field`): name, type caption, required or optional mark (none when `required` is not given),
 * Remove for an added optional field, description, input.
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
  required?: boolean | undefined;
  description?: string | undefined;
  onRemove?: (() => void) | undefined;
  removeLabel?: string;
  children: ReactNode;
}) {
  return (
    <Field
      className="sx-pg-field"
      label={<span className="sx-pg-field-name">{name}</span>}
      detail={caption ? <span className="sx-pg-field-type">{caption}</span> : undefined}
      required={required}
      markOptional={required === false}
      aside={
        onRemove ? (
          <button type="button" className="sx-pg-link-button" onClick={onRemove} aria-label={removeLabel}>
            Remove
          </button>
        ) : undefined
      }
      hint={
        description ? (
          <div className="sx-pg-description">
            <InlineMarkdown text={description} />
          </div>
        ) : undefined
      }
    >
      {children}
    </Field>
  );
}
