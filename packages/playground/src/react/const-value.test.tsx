// @vitest-environment happy-dom
/**
 * An object or array `const` in the playground: the form starts with the exact value, shows it as
 * a fixed value (its JSON, cut when long), and the inline validation accepts it.
 */
import { importDefinition } from '@sextant/definition';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormStore } from '../core/form/form-store.js';
import { RequestForm } from './request-form.js';

afterEach(cleanup);

const SETTINGS = { mode: 'strict', limits: { max: 3, tags: ['a', 'b'] } };
const huge = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`key${i}`, i]));

const spec = {
  openapi: '3.1.0',
  info: { title: 'Consts', version: '1' },
  paths: {
    '/config': {
      put: {
        operationId: 'putConfig',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['settings', 'pair', 'huge'],
                properties: {
                  settings: { type: 'object', const: SETTINGS },
                  pair: { type: 'array', const: [1, 2] },
                  huge: { const: huge },
                },
              },
            },
          },
        },
        responses: { '204': { description: 'ok' } },
      },
    },
  },
};

describe('a non-scalar const in the playground', () => {
  it('is the fixed, exact value of its field', () => {
    const text = JSON.stringify(spec);
    const { definition } = importDefinition({ entry: 'consts.json', read: () => text });
    const endpoint = definition.endpoints.putConfig;
    if (!endpoint) throw new Error('no endpoint');
    const form = new FormStore(endpoint, definition.types);
    expect(form.getState().body).toEqual({ type: 'json', value: { settings: SETTINGS, pair: [1, 2], huge } });
    expect(form.validation().count).toBe(0);
    const { container } = render(<RequestForm form={form} types={definition.types} />);
    const fixed = [...container.querySelectorAll('code.sx-pg-literal')].map((code) => code.textContent ?? '');
    expect(fixed).toContain(JSON.stringify(SETTINGS));
    expect(fixed).toContain('[1,2]');
    const long = fixed.find((value) => value.startsWith('{"key0"'));
    expect(long?.endsWith('…')).toBe(true);
    expect(long?.length).toBe(200);
    // Another value is flagged: the const is compared as JSON.
    form.setBodyValue(['pair'], [2, 1]);
    expect(form.validation().count).toBe(1);
  });
});
