/** Form operations dispatched by the view: parameters, nested body values, files, examples, resets. */
import { describe, expect, it } from 'vitest';
import { fixtureDefinition } from '../../testing/fixture-definition.js';
import { bodySectionTitle } from './form-state.js';
import { FormStore } from './form-store.js';
import { missingOptionalKeys, offersAddAll } from './type-shapes.js';

const definition = fixtureDefinition('https://api.example.com');
const endpoint = (id: string) => {
  const e = definition.endpoints[id];
  if (!e) throw new Error(id);
  return e;
};

describe('FormStore', () => {
  it('opens with the example, and Clear form / Use example swap between empty and example', () => {
    const form = new FormStore(endpoint('getPet'), definition.types);
    expect(form.getState().pathParameters).toEqual({ petId: 7 });
    form.clear();
    expect(form.getState().pathParameters.petId).toBeUndefined();
    expect(form.getState().queryParameters).toEqual({});
    form.applyExample();
    expect(form.getState().queryParameters).toEqual({ fields: ['name', 'tag'] });
  });

  it('resets one section with or without its example and leaves the others', () => {
    const form = new FormStore(endpoint('getPet'), definition.types);
    form.setParameter('pathParameters', 'petId', 9);
    form.setParameter('queryParameters', 'fields', ['x']);
    form.resetSection('queryParameters', false);
    expect(form.getState().queryParameters).toEqual({});
    expect(form.getState().pathParameters.petId).toBe(9);
    form.resetSection('queryParameters', true);
    expect(form.getState().queryParameters).toEqual({ fields: ['name', 'tag'] });
  });

  it('sets and removes parameters and nested body values', () => {
    const form = new FormStore(endpoint('createPet'), definition.types);
    form.setBodyValue(['tag'], 'good');
    form.setBodyValue(['owner', 'name'], 'Ada');
    expect(form.getState().body).toEqual({
      type: 'json',
      value: { name: 'Rex', kind: 'dog', tag: 'good', owner: { name: 'Ada' } },
    });
    form.setBodyValue(['tag'], undefined);
    expect(
      form.getState().body?.type === 'json' && (form.getState().body as { value: object }).value,
    ).not.toHaveProperty('tag');
    form.setParameter('headers', 'X-Trace', 't');
    form.setParameter('headers', 'X-Trace', undefined);
    expect(form.getState().headers).toEqual({});
  });

  it('feeds file inputs: multi appends, single keeps the first, non-files are dropped, remove works', () => {
    const form = new FormStore(endpoint('upload'), definition.types);
    const a = new File(['a'], 'a.txt');
    const b = new File(['b'], 'b.txt');
    form.pickFiles('attachments', [a, 'not a file']);
    form.pickFiles('attachments', [b]);
    form.pickFiles('cover', [b, a]);
    const body = form.getState().body;
    if (body?.type !== 'form-data') throw new Error('expected form data');
    expect(body.value.attachments).toEqual({ type: 'files', value: [a, b] });
    expect(body.value.cover).toEqual({ type: 'file', value: b });
    form.removeFile('attachments', 0);
    const after = form.getState().body;
    expect(after?.type === 'form-data' && after.value.attachments).toEqual({ type: 'files', value: [b] });
  });

  it('offers optional body fields through the More optional fields menu', () => {
    const properties = endpoint('createPet').requests[0]?.body;
    if (properties?.type !== 'object') throw new Error('object body');
    const missing = missingOptionalKeys(
      properties.properties,
      { name: 'Rex', kind: 'dog' },
      definition.types,
    );
    expect(missing).toEqual(['tag', 'age']);
    expect(offersAddAll(missing)).toBe(true);
    expect(offersAddAll(['tag'])).toBe(false);
  });

  it('titles the body section per SPEC §2', () => {
    expect(bodySectionTitle(endpoint('createPet'))).toBe('Body Parameters');
    expect(bodySectionTitle(endpoint('upload'))).toBe('Multipart Form');
    const upload = endpoint('upload');
    const urlEncoded = {
      ...upload,
      requests: [{ ...upload.requests[0]!, contentType: 'application/x-www-form-urlencoded; charset=utf-8' }],
    };
    expect(bodySectionTitle(urlEncoded)).toBe('Form (URL-encoded)');
    expect(bodySectionTitle(endpoint('getPet'))).toBeUndefined();
    const bytes = {
      ...endpoint('upload'),
      requests: [
        { contentType: 'application/octet-stream', body: { type: 'bytes' as const, isOptional: false } },
      ],
    };
    expect(bodySectionTitle(bytes)).toBe('Body');
    const rpc = { ...endpoint('createPet'), protocol: { type: 'openrpc' as const, methodName: 'm' } };
    expect(bodySectionTitle(rpc)).toBe('Parameters');
    const optional = {
      ...endpoint('createPet'),
      requests: [{ ...endpoint('createPet').requests[0]!, isOptional: true }],
    };
    expect(bodySectionTitle(optional)).toBe('Optional Body');
  });
});
