import { describe, expect, it } from 'vitest';
import { createPet, definition, listPets, putFile, uploadPhoto } from '../testing/fixtures.js';
import {
  emptyFormState,
  exampleChoices,
  initialFormState,
  initialWebSocketFormState,
} from './initial-state.js';
import {
  addAllOptionalProperties,
  addOptionalProperty,
  getValueAtPath,
  remainingOptionalProperties,
  removeFormFile,
  resetSection,
  setBodyFile,
  setFormFiles,
  setValueAtPath,
} from './operations.js';

const types = definition.types;

describe('initialising', () => {
  it('Use example fills every section from the first example', () => {
    expect(initialFormState(listPets)).toEqual({
      type: 'endpoint',
      pathParameters: {},
      queryParameters: { limit: 10, tags: ['a', 'b'], q: 'rex' },
      headers: {},
      body: undefined,
    });
    expect(initialFormState(createPet).body).toEqual({
      type: 'json',
      value: { kind: 'dog', name: 'Rex', tag: 'good' },
    });
  });
  it('Clear form empties sections; a JSON body keeps required, writable fields (inherited first) with empty values', () => {
    expect(emptyFormState(createPet, types)).toEqual({
      type: 'endpoint',
      pathParameters: {},
      queryParameters: {},
      headers: {},
      body: { type: 'json', value: { kind: 'cat', name: '' } },
    });
  });
  it('form-data from the example: file fields empty, lists exploded, absent optionals left out', () => {
    expect(initialFormState(uploadPhoto).body).toEqual({
      type: 'form-data',
      value: {
        photo: { type: 'file', value: undefined },
        extras: { type: 'files', value: [] },
        caption: { type: 'json', value: 'Hello' },
        labels: { type: 'exploded', value: ['x', 'y'] },
      },
    });
    expect(emptyFormState(uploadPhoto).body).toEqual({
      type: 'form-data',
      value: {
        photo: { type: 'file', value: undefined },
        extras: { type: 'files', value: [] },
        caption: { type: 'json', value: '' },
      },
    });
  });
  it('octet-stream starts with no file', () => {
    expect(initialFormState(putFile).body).toEqual({ type: 'octet-stream', value: undefined });
  });
  it('WebSocket messages keyed by client message type, from the channel example', () => {
    const channel = {
      id: 'prices',
      title: 'Prices',
      path: [{ type: 'literal' as const, value: '/ws' }],
      pathParameters: [],
      queryParameters: [],
      requestHeaders: [],
      environments: [],
      auth: [],
      messages: [
        { type: 'subscribe', origin: 'client' as const, body: { type: 'id' as const, id: 'Owner' } },
        { type: 'ping', origin: 'client' as const, body: { type: 'literal' as const, value: 'ping' } },
        { type: 'price', origin: 'server' as const, body: { type: 'unknown' as const } },
      ],
      examples: [
        {
          pathParameters: {},
          queryParameters: { v: 1 },
          headers: {},
          messages: [{ type: 'subscribe', origin: 'client' as const, body: { name: 'BTC' } }],
          synthesized: false,
        },
      ],
    };
    expect(initialWebSocketFormState(channel, { types })).toEqual({
      type: 'websocket',
      pathParameters: {},
      queryParameters: { v: 1 },
      headers: {},
      messages: { subscribe: { name: 'BTC' }, ping: 'ping' },
    });
    expect(initialWebSocketFormState(channel, { types, withExample: false }).messages).toEqual({
      subscribe: { name: '' },
      ping: 'ping',
    });
  });
});

describe('operations', () => {
  it('sets and removes values at a path without touching the input', () => {
    const start = initialFormState(createPet);
    const next = setValueAtPath(start, ['body', 'value', 'owner', 'name'], 'Ada');
    expect(getValueAtPath(next, ['body', 'value', 'owner'])).toEqual({ name: 'Ada' });
    expect(getValueAtPath(start, ['body', 'value', 'owner'])).toBeUndefined();
    expect(
      getValueAtPath(setValueAtPath(next, ['body', 'value', 'tag'], undefined), ['body', 'value']),
    ).toEqual({
      kind: 'dog',
      name: 'Rex',
      owner: { name: 'Ada' },
    });
    expect(setValueAtPath(start, ['queryParameters', 'tags', 1], 'z').queryParameters).toEqual({
      tags: [undefined, 'z'],
    });
  });
  it('resets one section with or without the example', () => {
    const edited = setValueAtPath(
      setValueAtPath(initialFormState(listPets), ['queryParameters', 'q'], 'x'),
      ['headers', 'X'],
      '1',
    );
    const reset = resetSection(edited, listPets, 'queryParameters', { withExample: true });
    expect(reset.queryParameters).toEqual({ limit: 10, tags: ['a', 'b'], q: 'rex' });
    expect(reset.headers).toEqual({ X: '1' });
    expect(resetSection(edited, listPets, 'queryParameters', { withExample: false }).queryParameters).toEqual(
      {},
    );
  });
  it('lists the optional, writable properties not filled yet', () => {
    expect(
      remainingOptionalProperties(initialFormState(createPet), createPet, { types }).map((p) => p.key),
    ).toEqual(['age', 'owner']);
  });
  it('adds one optional property with the value the spec gives, else empty', () => {
    const next = addOptionalProperty(initialFormState(createPet), createPet, 'owner', { types });
    expect(getValueAtPath(next, ['body', 'value', 'owner'])).toEqual({ name: '' });
    expect(addOptionalProperty(next, createPet, 'name', { types })).toBe(next);
  });

  it('adds all optional properties, also inside a nested object, keeping what the reader typed', () => {
    const all = addAllOptionalProperties(initialFormState(createPet), createPet, { types });
    const body = getValueAtPath(all, ['body', 'value']) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['age', 'kind', 'name', 'owner', 'tag']);
    expect(body).toMatchObject({ kind: 'dog', name: 'Rex', tag: 'good' });
    expect(body.age).toBe(0);
    const cleared = setValueAtPath(all, ['body', 'value', 'owner'], { name: 'Ada' });
    const nested = addAllOptionalProperties(cleared, createPet, { types, path: ['owner'] });
    expect(getValueAtPath(nested, ['body', 'value', 'owner'])).toEqual({ name: 'Ada', email: '', phone: '' });
    expect(remainingOptionalProperties(nested, createPet, { types, path: ['owner'] })).toEqual([]);
  });

  it('file inputs drop non-files; the multi-file field appends, the single-file field keeps the first', () => {
    const a = new File(['a'], 'a.txt');
    const b = new File(['b'], 'b.txt');
    let state = initialFormState(uploadPhoto);
    state = setFormFiles(state, 'extras', [a, 'not a file', null]);
    state = setFormFiles(state, 'extras', [b]);
    state = setFormFiles(state, 'photo', [{ name: 'fake' }, b, a]);
    expect(state.body?.type === 'form-data' && state.body.value.extras).toEqual({
      type: 'files',
      value: [a, b],
    });
    expect(state.body?.type === 'form-data' && state.body.value.photo).toEqual({ type: 'file', value: b });
    state = removeFormFile(removeFormFile(state, 'extras', 0), 'photo');
    expect(state.body?.type === 'form-data' && [state.body.value.extras, state.body.value.photo]).toEqual([
      { type: 'files', value: [b] },
      { type: 'file', value: undefined },
    ]);
    const raw = setBodyFile(initialFormState(putFile), ['x', a, b]);
    expect(raw.body).toEqual({ type: 'octet-stream', value: a });
    expect(setBodyFile(raw, ['x'])).toBe(raw);
  });
});

describe('several named examples', () => {
  it('lists them for a picker and fills the form from the one picked', () => {
    const endpoint = {
      ...createPet,
      examples: [
        {
          name: 'cat',
          pathParameters: {},
          queryParameters: {},
          headers: {},
          requestBody: { name: 'Tom' },
          responseStatusCode: 200,
          synthesized: false,
        },
        {
          pathParameters: {},
          queryParameters: {},
          headers: {},
          requestBody: { name: 'Rex' },
          responseStatusCode: 200,
          synthesized: false,
        },
      ],
    };
    expect(exampleChoices(endpoint)).toEqual([
      { index: 0, name: 'cat' },
      { index: 1, name: 'Example 2' },
    ]);
    expect(initialFormState(endpoint, { exampleIndex: 1 }).body).toMatchObject({ value: { name: 'Rex' } });
    expect(initialFormState(endpoint, { exampleIndex: 7 }).body).toMatchObject({ value: { name: 'Tom' } });
  });
});
