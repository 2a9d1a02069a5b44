/**
 * `Select`: the native `<select>` (keyboard, type-ahead and the platform picker come with it)
 * with the ui tokens, an optional empty first option, and `invalid` as `aria-invalid`.
 */
import type { SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly SelectOption[];
  /** The text of an empty first option (value ""), for a value not chosen yet. */
  placeholder?: string | undefined;
  /** Marks the value invalid (`aria-invalid`); the message is wired by `Field` or the caller. */
  invalid?: boolean | undefined;
}

/**
 * @example
 * <Select aria-label="Range" value={range} onChange={(e) => setRange(e.target.value)}
 *   options={[{ value: '24h', label: 'Last 24 hours' }, { value: '7d', label: 'Last 7 days' }]} />
 */
export function Select({ options, placeholder, invalid, className, ...rest }: SelectProps) {
  return (
    <select
      {...rest}
      aria-invalid={invalid ? true : rest['aria-invalid']}
      className={className ? `sx-ui-select ${className}` : 'sx-ui-select'}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
