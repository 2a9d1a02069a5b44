/** The rules behind each value input, without React. */
import type { TypeReference } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { fixtureDefinition } from '../../testing/fixture-definition.js';
import { FormStore } from './form-store.js';
import { describeShape } from './type-shapes.js';
import {
  addOptionalFields,
  chooseVariant,
  dateTimeFromInput,
  dateTimeToInput,
  enumFromInput,
  formDataFieldValue,
  numberFromInput,
  parameterEditor,
  renameMapKey,
  rootEditor,
  shownProperties,
  toggleNull,
  withListItem,
  withMapEntry,
} from './value-editing.js';

const definition = fixtureDefinition('https://api.example.com');
const types = definition.types;
const int = (extra: Record<string, number> = {}): TypeReference => ({
  type: 'primitive',
  value: { type: 'integer', ...extra },
});

describe('value editing', () => {
  it('date-time inputs: UTC wall time in, RFC 3339 out; offsets shown at their UTC instant', () => {
    expect(dateTimeToInput('2024-01-15T09:30:00Z')).toBe('2024-01-15T09:30:00');
    expect(dateTimeToInput('2024-01-15T11:30:00+02:00')).toBe('2024-01-15T09:30:00');
    expect(dateTimeToInput(42)).toBe('');
    expect(dateTimeFromInput('2024-01-15T09:30')).toBe('2024-01-15T09:30:00Z');
    expect(dateTimeFromInput('2024-01-15T09:30:05')).toBe('2024-01-15T09:30:05Z');
    expect(dateTimeFromInput('')).toBe('');
  });

  it('number and enum inputs', () => {
    expect(numberFromInput('')).toBeUndefined();
    expect(numberFromInput('12')).toBe(12);
    expect(enumFromInput('"red"')).toBe('red');
    expect(enumFromInput('3')).toBe(3);
    expect(enumFromInput('')).toBeUndefined();
  });

  it("switching an undiscriminated variant starts from its empty value, within the spec's range", () => {
    const union = {
      kind: 'undiscriminatedUnion' as const,
      variants: [
        { label: 'Normal closure', shape: { type: 'literal' as const, value: 1000 } },
        { label: 'Application code', shape: int({ minimum: 3000, maximum: 4999 }) },
      ],
    };
    expect(chooseVariant(union, 0, types)).toBe(1000);
    expect(chooseVariant(union, 1, types)).toBe(3000);
  });

  it('switching to an object variant of a union with shared properties fills the required shared ones too', () => {
    const string: TypeReference = { type: 'primitive', value: { type: 'string' } };
    const checkTypes = {
      ...types,
      Done: {
        id: 'Done',
        name: 'Done',
        shape: {
          type: 'object' as const,
          extends: [],
          properties: [{ key: 'conclusion', valueShape: string }],
        },
      },
      Check: {
        id: 'Check',
        name: 'Check',
        shape: {
          type: 'undiscriminatedUnion' as const,
          baseProperties: [
            { key: 'name', valueShape: string },
            { key: 'note', valueShape: { type: 'optional' as const, shape: string } },
          ],
          variants: [{ shape: { type: 'id' as const, id: 'Done' } }, { shape: string }],
        },
      },
    };
    const union = describeShape({ type: 'id', id: 'Check' }, checkTypes).shape;
    if (union.kind !== 'undiscriminatedUnion') throw new Error(union.kind);
    expect(union.variants[0]?.properties?.map((p) => p.key)).toEqual(['name', 'note', 'conclusion']);
    expect(union.variants[1]?.properties).toBeUndefined();
    expect(chooseVariant(union, 0, checkTypes)).toEqual({ conclusion: '', name: '' });
    expect(chooseVariant(union, 1, checkTypes)).toBe('');
  });

  it('optional fields: shown once present, added empty within the range (minimum 1 gives no 0)', () => {
    const properties = [
      { key: 'name', valueShape: { type: 'primitive' as const, value: { type: 'string' as const } } },
      { key: 'count', valueShape: { type: 'optional' as const, shape: int({ minimum: 1 }) } },
    ];
    expect(shownProperties(properties, { name: 'Rex' }, types).map((p) => p.key)).toEqual(['name']);
    const added = addOptionalFields({ name: 'Rex' }, properties, ['count'], types);
    expect(added.name).toBe('Rex');
    expect(added.count).toBe(1);
    expect(shownProperties(properties, added, types).map((p) => p.key)).toEqual(['name', 'count']);
  });

  it('lists, maps and null toggles', () => {
    expect(withListItem([1], int(), types)).toEqual([1, 0]);
    expect(withMapEntry({ key1: 1 }, int(), types)).toEqual({ key1: 1, key2: 0 });
    expect(renameMapKey({ a: 1, b: 2 }, 1, 'a')).toEqual({ a: 1, b: 2 });
    expect(toggleNull(true, int(), types)).toBeNull();
    expect(toggleNull(false, int(), types)).toBe(0);
  });

  it('a root editor applies edits to its own value; an emptied list item stays in place', () => {
    const seen: unknown[] = [];
    const editor = rootEditor(['messages', 'close'], { code: 1000, tags: [1, 2] }, (v) => seen.push(v));
    editor.set(['messages', 'close', 'code'], 4001);
    editor.set(['messages', 'close', 'tags', 0], undefined);
    editor.remove(['messages', 'close', 'tags', 0]);
    expect(seen).toEqual([
      { code: 4001, tags: [1, 2] },
      { code: 1000, tags: [null, 2] },
      { code: 1000, tags: [2] },
    ]);
  });

  it('a parameter emptied to "" is left out only when optional; multipart lists stay exploded', () => {
    const getPet = definition.endpoints.getPet;
    if (!getPet) throw new Error('getPet');
    const form = new FormStore(getPet, types);
    const header = getPet.requestHeaders[0];
    if (!header) throw new Error('header');
    parameterEditor(form.editor, header, types).set(['headers', header.key], '');
    expect(Object.hasOwn(form.getState().headers, header.key)).toBe(false);
    expect(formDataFieldValue({ type: 'property', key: 'tags', valueShape: int() }, [1])).toEqual({
      type: 'exploded',
      value: [1],
    });
    expect(
      formDataFieldValue({ type: 'property', key: 'tags', valueShape: int(), explode: false }, [1]),
    ).toEqual({ type: 'json', value: [1] });
    expect(formDataFieldValue({ type: 'property', key: 'n', valueShape: int() }, undefined)).toBeUndefined();
  });
});
