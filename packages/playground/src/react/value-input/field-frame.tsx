import type { ReactNode } from 'react';
import { InlineMarkdown } from '../inline-markdown.js';

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
