/** Inline validation of the form store's state: messages by form path, the count beside Send. */
import { describe, expect, it } from 'vitest';
import { fixtureDefinition } from '../../testing/fixture-definition.js';
import { FormStore } from './form-store.js';
import { errorAt, invalidFieldsText, validateAt } from './form-validation.js';

const definition = fixtureDefinition('https://api.example.com');
const endpoint = (id: string) => {
  const e = definition.endpoints[id];
  if (!e) throw new Error(id);
  return e;
};

describe('form validation', () => {
  it('the example is valid; a wrong value is reported at its path and fixing it clears it', () => {
    const form = new FormStore(endpoint('getPet'), definition.types);
    expect(form.validation().count).toBe(0);
    form.editor.set(['pathParameters', 'petId'], 1.5);
    expect(errorAt(form.validation(), ['pathParameters', 'petId'])).toBe('Must be a whole number');
    expect(form.validation().count).toBe(1);
    form.editor.set(['pathParameters', 'petId'], 3);
    expect(form.validation().count).toBe(0);
  });

  it('required values: an emptied path parameter, a missing body field, a required file', () => {
    const pet = new FormStore(endpoint('getPet'), definition.types);
    pet.setParameter('pathParameters', 'petId', '');
    expect(errorAt(pet.validation(), ['pathParameters', 'petId'])).toBe('Required');
    const create = new FormStore(endpoint('createPet'), definition.types);
    create.editor.remove(['body', 'value', 'name']);
    expect(errorAt(create.validation(), ['body', 'value', 'name'])).toBe('Required');
    const upload = new FormStore(endpoint('upload'), definition.types);
    expect(errorAt(upload.validation(), ['body', 'value', 'attachments'])).toBe('Choose a file');
    expect(errorAt(upload.validation(), ['body', 'value', 'cover'])).toBeUndefined();
    upload.pickFiles('attachments', [new File(['a'], 'a.txt')]);
    expect(upload.validation().count).toBe(0);
  });

  it('is computed once per state', () => {
    const form = new FormStore(endpoint('createPet'), definition.types);
    expect(form.validation()).toBe(form.validation());
  });

  it('says how many fields are invalid', () => {
    expect(invalidFieldsText(0)).toBe('');
    expect(invalidFieldsText(1)).toBe('1 field invalid');
    expect(invalidFieldsText(2)).toBe('2 fields invalid');
  });

  it('a standalone value (a WebSocket message) is checked from its own root', () => {
    const shape = {
      type: 'primitive' as const,
      value: { type: 'integer' as const, minimum: 3000, maximum: 4999 },
    };
    expect(errorAt(validateAt([], 0, shape, {}), [])).toBe('Must be 3000 or more');
    expect(validateAt([], 4001, shape, {}).count).toBe(0);
  });
});
