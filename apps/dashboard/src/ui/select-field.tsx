/** A labelled choice: @sextant/ui's Select inside its Field (label, id and aria wired), and the site filter. */
import { Field, Select, type SelectOption } from '@sextant/ui';

/**
 * A Select under (or, `inline`, beside) its label; `onChange` gets the chosen value.
 * @example <SelectField inline label="Range" options={ranges} value={range} onChange={setRange} />
 */
export function SelectField({
  label,
  options,
  value,
  onChange,
  placeholder,
  inline,
  labelHidden,
  className,
}: {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** The text of an empty first choice (value ""). */
  placeholder?: string;
  inline?: boolean;
  labelHidden?: boolean;
  className?: string;
}) {
  return (
    <Field className={className} inline={inline} labelHidden={labelHidden} label={label}>
      {(control) => (
        <Select
          {...control}
          options={options}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** The "Site" filter of the analytics and the AI log: one of the organization's sites, or all (""). */
export function SiteSelect({
  siteUrls,
  value,
  onChange,
}: {
  siteUrls: readonly string[];
  value: string;
  onChange: (url: string) => void;
}) {
  return (
    <SelectField
      inline
      label="Site"
      placeholder="All sites"
      options={siteUrls.map((url) => ({ value: url, label: url }))}
      value={value}
      onChange={onChange}
    />
  );
}
