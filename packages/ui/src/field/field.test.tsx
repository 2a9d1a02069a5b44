// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { controlAria } from './control-aria.js';
import { Field } from './field.js';

afterEach(cleanup);

describe('controlAria', () => {
  it('names the hint then the error, and is invalid only with an error', () => {
    expect(controlAria({})).toEqual({ 'aria-describedby': undefined, 'aria-invalid': undefined });
    expect(controlAria({ hintId: 'h' })).toEqual({ 'aria-describedby': 'h', 'aria-invalid': undefined });
    expect(controlAria({ errorId: 'e' })).toEqual({ 'aria-describedby': 'e', 'aria-invalid': true });
    expect(controlAria({ hintId: 'h', errorId: 'e' })).toEqual({
      'aria-describedby': 'h e',
      'aria-invalid': true,
    });
  });
});

describe('Field', () => {
  it('labels the control and describes it by its hint', () => {
    render(
      <Field label="Org token" hint="Starts with sxt_" required>
        {(control) => <input type="password" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Org token');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.hasAttribute('required')).toBe(true);
    const described = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Starts with sxt_');
    expect(screen.getByText('required').hasAttribute('data-required')).toBe(true);
  });

  it('marks the control invalid and points at the error after the hint', () => {
    render(
      <Field label="Name" hint="Your name" error="Name is too long">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Your name',
      'Name is too long',
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Name is too long');
  });

  it('keeps a given id, shows optional, hides the label visually when asked', () => {
    render(
      <Field label="Filter" id="filter" markOptional labelHidden>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Filter');
    expect(input.id).toBe('filter');
    expect(screen.getByText('optional')).toBeTruthy();
    expect(document.querySelector('label')?.className).toContain('sx-ui-sr-only');
  });

  it('frames a group with a heading label and the aside content', () => {
    render(
      <Field label="address" aside={<button type="button">Remove</button>} className="extra">
        <input aria-label="address.street" />
      </Field>,
    );
    expect(document.querySelector('label')).toBeNull();
    expect(document.querySelector('.sx-ui-field.extra .sx-ui-field-label')?.textContent).toBe('address');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.getByLabelText('address.street')).toBeTruthy();
  });

  it('renders hostile label and error text as text', () => {
    render(
      <Field label={'<img src=x onerror=alert(1)>'} error={'<script>alert(1)</script>'}>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(document.querySelector('img, script')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('<script>alert(1)</script>');
  });
});
