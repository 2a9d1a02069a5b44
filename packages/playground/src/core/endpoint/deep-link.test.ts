import { describe, expect, it } from 'vitest';
import type { PlaygroundFormState } from '../form/form-state.js';
import { decodeFormState, deepLink, encodeFormState, FORM_PARAM } from './deep-link.js';

describe('deep links', () => {
  const form: PlaygroundFormState = {
    type: 'endpoint',
    pathParameters: { id: 'ü/1' },
    queryParameters: { q: ['a', 'b'] },
    headers: {
      'X-Trace': 't',
      Authorization: 'Bearer leak',
      'X-Api-Key': 'leak2',
      'X-Custom-Secret': 'leak3',
    },
    body: { type: 'json', value: { nested: { n: 1 } } },
  };

  it('round-trips the form without secret-looking headers', () => {
    const decoded = decodeFormState(encodeFormState(form, ['X-Custom-Secret']));
    expect(decoded).toEqual({ ...form, headers: { 'X-Trace': 't' } });
    const link = deepLink('https://docs.example.com/api/pets?explorer=getPet', form);
    expect(link).toContain(`${FORM_PARAM}=`);
    expect(link).not.toContain('leak');
    expect(link).toContain('explorer=getPet');
  });

  it('drops files and rejects anything that is not a form', () => {
    const withFiles: PlaygroundFormState = {
      ...form,
      body: {
        type: 'form-data',
        value: { f: { type: 'files', value: [new File(['x'], 'x')] }, n: { type: 'json', value: 1 } },
      },
    };
    expect(decodeFormState(encodeFormState(withFiles))?.body).toEqual({
      type: 'form-data',
      value: { f: { type: 'files', value: [] }, n: { type: 'json', value: 1 } },
    });
    expect(decodeFormState('%%%')).toBeUndefined();
    expect(decodeFormState(btoa('{"pathParameters":[]}'))).toBeUndefined();
    expect(
      decodeFormState(
        btoa(
          '{"type":"endpoint","pathParameters":{},"queryParameters":{},"headers":{},"body":{"type":"form-data","value":{"k":{"type":"evil"}}}}',
        ),
      ),
    ).toBeUndefined();
    expect(decodeFormState(btoa('"just a string"'))).toBeUndefined();
  });
});
