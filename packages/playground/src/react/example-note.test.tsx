// @vitest-environment happy-dom
/**
 * Use example with a spec example that breaks its schema: the form is filled with it as written,
 * the same note as the reference page says what is wrong (request parts only), and the inline
 * validation flags the field. A valid example, Clear form and a restored state show no note.
 */
import { exampleProblemNote, importDefinition } from '@sextant/definition';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormStore } from '../core/form/form-store.js';
import { RequestForm } from './request-form.js';

afterEach(cleanup);

const spec = {
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1' },
  paths: {
    '/orders': {
      post: {
        operationId: 'createOrder',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['quantity'],
                properties: { quantity: { type: 'integer', minimum: 1 }, note: { type: 'string' } },
              },
              examples: {
                good: { value: { note: 'gift', quantity: 2 } },
                bad: { value: { quantity: 'two' } },
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Created',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'integer' } } },
                examples: { good: { value: { id: 1 } }, bad: { value: { id: 'not-a-number' } } },
              },
            },
          },
        },
      },
    },
  },
};

function imported() {
  const text = JSON.stringify(spec);
  const { definition } = importDefinition({ entry: 'orders.json', read: () => text });
  const endpoint = definition.endpoints.createOrder;
  if (!endpoint) throw new Error('no endpoint');
  return { definition, endpoint };
}

describe('the example note in the playground', () => {
  it('follows the example the form holds, in the reference page’s words, request parts only', () => {
    const { definition, endpoint } = imported();
    const bad = endpoint.examples.findIndex((example) => example.name === 'bad');
    expect(bad).toBeGreaterThan(-1);
    const form = new FormStore(endpoint, definition.types);
    expect(form.exampleNote()).toBeUndefined();
    form.applyExample(bad);
    // Filled as written.
    expect(form.getState().body).toEqual({ type: 'json', value: { quantity: 'two' } });
    const note = form.exampleNote();
    const requestProblems = endpoint.examples[bad]?.problems?.filter((p) => p.part === 'requestBody');
    expect(note).toBe(exampleProblemNote(requestProblems));
    expect(note).toMatch(/^This example does not match the schema: request body at \/quantity: /);
    expect(note).not.toContain('response body');
    expect(form.validation().count).toBeGreaterThan(0);
    form.clear();
    expect(form.exampleNote()).toBeUndefined();
    form.applyExample(bad);
    form.replace(form.getState());
    expect(form.exampleNote()).toBeUndefined();
    // A form restored from a deep link or history holds no example.
    expect(new FormStore(endpoint, definition.types, form.getState()).exampleNote()).toBeUndefined();
  });

  it('is shown beside the form when the reader picks the invalid example, and goes with Clear form', () => {
    const { definition, endpoint } = imported();
    const form = new FormStore(endpoint, definition.types);
    render(<RequestForm form={form} types={definition.types} />);
    expect(screen.queryByRole('note')).toBeNull();
    const picker = screen.getByLabelText('Example') as HTMLSelectElement;
    const bad = [...picker.options].find((option) => option.textContent === 'bad');
    fireEvent.change(picker, { target: { value: bad?.value } });
    expect(screen.getByRole('note').textContent).toBe(form.exampleNote());
    expect(document.querySelector('[aria-invalid="true"]')).not.toBeNull();
    fireEvent.click(screen.getByText('Clear form'));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
