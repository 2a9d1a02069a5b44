/**
 * `Field`: the frame of one form value — label, type caption, required or optional mark, extra
 * head content (a Remove button), hint, control, error message — with the id wiring done once. Given a
 * render function, the label is a `<label for>` and the control receives `id`,
 * `aria-describedby` (hint, then error) and `aria-invalid`; given plain children (a group of
 * inputs labelled on their own), the label is a heading span.
 */
import { type ReactNode, useId } from 'react';
import { type ControlAria, controlAria } from './control-aria.js';

/** What the control inside a `Field` must carry. */
export interface FieldControlProps extends ControlAria {
  id: string;
  required: boolean | undefined;
}

export interface FieldProps {
  label: ReactNode;
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
  /** Shows a "required" mark (and sets `required` on the control). */
  required?: boolean | undefined;
  /** Shows an "optional" mark when the value is not required. */
  markOptional?: boolean | undefined;
  /** Shown right after the label (a type caption). */
  detail?: ReactNode;
  /** Head content after the mark (a Remove button). */
  aside?: ReactNode;
  hint?: ReactNode;
  /** The error message; while given, the control is `aria-invalid` and described by it. */
  error?: ReactNode;
  /** Label beside the control instead of above it. */
  inline?: boolean | undefined;
  /** The label is read by screen readers but not shown. */
  labelHidden?: boolean | undefined;
  /** The control's id (generated when absent). */
  id?: string | undefined;
  className?: string | undefined;
}

/**
 * @example
 * <Field label="Org token" hint="Starts with sxt_" error={error} required>
 *   {(control) => <input type="password" {...control} />}
 * </Field>
 */
export function Field({
  label,
  children,
  required,
  markOptional,
  detail,
  aside,
  hint,
  error,
  inline,
  labelHidden,
  id,
  className,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? `${generated}control`;
  const hintId = hint ? `${generated}hint` : undefined;
  const errorId = error ? `${generated}error` : undefined;
  const labelClass = labelHidden ? 'sx-ui-field-label sx-ui-sr-only' : 'sx-ui-field-label';
  const labelled = typeof children === 'function';
  const mark = required ? (
    <span className="sx-ui-field-mark" data-required="">
      required
    </span>
  ) : markOptional ? (
    <span className="sx-ui-field-mark">optional</span>
  ) : null;
  return (
    <div
      className={className ? `sx-ui-field ${className}` : 'sx-ui-field'}
      data-inline={inline ? '' : undefined}
      data-invalid={error ? '' : undefined}
    >
      <div className="sx-ui-field-head">
        {labelled ? (
          <label htmlFor={controlId} className={labelClass}>
            {label}
          </label>
        ) : (
          <span className={labelClass}>{label}</span>
        )}
        {detail}
        {mark}
        {aside}
      </div>
      {hint ? (
        <div id={hintId} className="sx-ui-field-hint">
          {hint}
        </div>
      ) : null}
      {labelled ? children({ id: controlId, required, ...controlAria({ hintId, errorId }) }) : children}
      {error ? (
        <p id={errorId} className="sx-ui-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
