// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from '../field/field.js';
import { Select } from './select.js';

afterEach(cleanup);

const OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'merged', label: 'Merged', disabled: true },
];

function Controlled({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Select
      aria-label="State"
      placeholder="Select…"
      options={OPTIONS}
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        onValue(event.target.value);
      }}
    />
  );
}

describe('Select', () => {
  it('is a native select with an empty first option and the given options', () => {
    render(<Select aria-label="State" placeholder="Select…" options={OPTIONS} defaultValue="" />);
    const select = screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((o) => [o.value, o.text, o.disabled])).toEqual([
      ['', 'Select…', false],
      ['open', 'Open', false],
      ['closed', 'Closed', false],
      ['merged', 'Merged', true],
    ]);
    expect(select.className).toBe('sx-ui-select');
    expect(select.getAttribute('aria-invalid')).toBeNull();
  });

  it('reports the chosen value', () => {
    const seen: string[] = [];
    render(<Controlled onValue={(value) => seen.push(value)} />);
    const select = screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'closed' } });
    expect(seen).toEqual(['closed']);
    expect(select.value).toBe('closed');
  });

  it('takes the id and aria wiring of a Field, and invalid as aria-invalid', () => {
    render(
      <Field label="State" hint="Filter by state" error="Pick a state">
        {(control) => <Select {...control} options={OPTIONS} className="extra" />}
      </Field>,
    );
    const select = screen.getByLabelText('State');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.className).toBe('sx-ui-select extra');
    expect((select.getAttribute('aria-describedby') ?? '').split(' ')).toHaveLength(2);
    cleanup();
    render(<Select aria-label="Range" options={OPTIONS} invalid />);
    expect(screen.getByRole('combobox', { name: 'Range' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows option labels as text, never markup', () => {
    render(<Select aria-label="Evil" options={[{ value: 'x', label: '<b onclick=alert(1)>x</b>' }]} />);
    const select = screen.getByRole('combobox', { name: 'Evil' }) as HTMLSelectElement;
    expect(select.querySelector('b')).toBeNull();
    expect(select.options[0]?.text).toBe('<b onclick=alert(1)>x</b>');
  });
});
