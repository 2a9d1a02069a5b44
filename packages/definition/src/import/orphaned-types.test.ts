/**
 * Types an allOf merge leaves unreferenced are not in the definition (no type page, no nav entry);
 * a type referenced only from another type's page keeps its page, and components always stay.
 */
import { describe, expect, it } from 'vitest';
import { buildDocsDefinition } from '../docs/build-docs-definition.js';
import { defaultDocsConfig } from '../docs/config.js';
import { walkNavigation } from '../docs/navigation.js';
import type { ApiDefinition } from '../ir/definition.js';
import { danglingReferences } from '../slice/dangling-references.js';
import { importDefinition } from './import-definition.js';

const status = (values: string[]) => ({ type: 'string', enum: values });

function spec(extra: Record<string, unknown> = {}) {
  return {
    openapi: '3.1.0',
    info: { title: 'Merged', version: '1' },
    paths: {
      '/runs': {
        get: {
          operationId: 'getRun',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Run' } } },
            },
          },
        },
        post: {
          operationId: 'createRun',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    { type: 'object', properties: { mode: status(['fast', 'slow', 'safe']) } },
                    { type: 'object', properties: { mode: status(['slow', 'safe', 'odd']) } },
                  ],
                },
              },
            },
          },
          responses: { '204': { description: 'ok' } },
        },
      },
    },
    components: {
      schemas: {
        // Used by nothing: components stay. Its inline `owner` object is only on Base's page.
        Base: {
          type: 'object',
          properties: {
            status: status(['queued', 'done', 'failed']),
            owner: { type: 'object', properties: { name: { type: 'string' } } },
          },
        },
        Run: {
          allOf: [
            {
              type: 'object',
              properties: {
                status: status(['queued', 'done', 'failed']),
                // Two inline objects merged into one inheriting both: both stay (it extends them).
                meta: { type: 'object', properties: { a: { type: 'string' } } },
              },
            },
            {
              type: 'object',
              properties: {
                status: status(['done', 'failed', 'lost']),
                meta: { type: 'object', properties: { b: { type: 'integer' } } },
              },
            },
          ],
        },
        Child: {
          allOf: [
            { $ref: '#/components/schemas/Base' },
            { type: 'object', properties: { status: status(['done', 'gone']) } },
          ],
        },
        // A component superseded by a merge is still a component: it keeps its page.
        Level: status(['low', 'high', 'max']),
        Gauge: {
          allOf: [
            { type: 'object', properties: { level: { $ref: '#/components/schemas/Level' } } },
            { type: 'object', properties: { level: status(['high', 'max', 'over']) } },
          ],
        },
        ...extra,
      },
    },
  };
}

function imported(root: unknown): ApiDefinition {
  const text = JSON.stringify(root);
  return importDefinition({ entry: 'merged.json', read: () => text }).definition;
}

function typePages(api: ApiDefinition): string[] {
  const docs = buildDocsDefinition({
    config: defaultDocsConfig('Docs'),
    apis: { api },
    navigation: [{ type: 'api', title: 'API', apiId: 'api' }],
  });
  const ids: string[] = [];
  walkNavigation(docs.navigation, (item) => {
    if (item.type === 'type') ids.push(item.typeId);
  });
  return ids.sort();
}

/** The enum values of the type a property of `typeId` refers to. */
function enumOf(api: ApiDefinition, typeId: string, key: string): unknown[] {
  const shape = api.types[typeId]?.shape;
  if (shape?.type !== 'object') throw new Error(`${typeId} is not an object`);
  let ref = shape.properties.find((property) => property.key === key)?.valueShape;
  while (ref && (ref.type === 'optional' || ref.type === 'nullable')) ref = ref.shape;
  if (ref?.type !== 'id') throw new Error(`${typeId}.${key} is not a named type`);
  const target = api.types[ref.id]?.shape;
  return target?.type === 'enum' ? target.values.map((value) => value.value) : [];
}

describe('types orphaned by an allOf merge', () => {
  it('get no type page; the merged types, components and types used only by another type keep theirs', () => {
    const api = imported(spec());
    expect(danglingReferences(api)).toEqual([]);
    expect(enumOf(api, 'Run', 'status')).toEqual(['done', 'failed']);
    const child = api.types.Child?.shape;
    expect(child?.type === 'object' && child.properties[0]?.valueShape).toEqual({
      type: 'optional',
      shape: { type: 'literal', value: 'done' },
    });
    expect(enumOf(api, 'Gauge', 'level')).toEqual(['high', 'max']);
    const pages = typePages(api);
    // Nothing references the declarations the merges replaced.
    expect(pages).not.toContain('RunStatus');
    expect(pages).not.toContain('RunStatus_2');
    expect(pages).not.toContain('ChildStatus');
    expect(pages).not.toContain('GaugeLevel');
    expect(Object.keys(api.types)).not.toContain('RunStatus');
    // Kept: every component, the owner object only Base's page shows, Base's own enum, the objects
    // the merged `meta` inherits from, and the intersections themselves.
    for (const id of ['Base', 'Run', 'Child', 'Level', 'Gauge', 'BaseOwner', 'BaseStatus'])
      expect(pages).toContain(id);
    for (const id of Object.keys(api.types)) expect(pages).toContain(id);
    const meta = api.types.Run?.shape;
    expect(meta?.type).toBe('object');
  });

  it('keeps a superseded inline type that something else still references', () => {
    // `Holder` points at Run's first inline status declaration by JSON pointer.
    const api = imported(
      spec({
        Holder: {
          type: 'object',
          properties: { s: { $ref: '#/components/schemas/Run/allOf/0/properties/status' } },
        },
      }),
    );
    expect(danglingReferences(api)).toEqual([]);
    const holder = api.types.Holder?.shape;
    expect(holder?.type).toBe('object');
    expect(enumOf(api, 'Holder', 's')).toEqual(['queued', 'done', 'failed']);
  });

  it('drops what only an orphan reached, and nothing when no merge happened', () => {
    const { definition, warnings } = importDefinition({
      entry: 'conflict.json',
      read: () =>
        JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'Conflict', version: '1' },
          paths: {},
          components: {
            schemas: {
              Odd: {
                allOf: [
                  {
                    type: 'object',
                    properties: { x: { type: 'object', properties: { deep: status(['p', 'q']) } } },
                  },
                  { type: 'object', properties: { x: { type: 'string' } } },
                ],
              },
            },
          },
        }),
    });
    // The object declaration lost to the string one: it and its nested enum are gone, warned.
    expect(Object.keys(definition.types)).toEqual(['Odd']);
    expect(warnings.map((warning) => warning.message)).toEqual([
      'allOf declarations conflict: "x": declared as object and as string; no value is both',
    ]);
    expect(danglingReferences(definition)).toEqual([]);
    const plain = imported({
      openapi: '3.0.3',
      info: { title: 'Plain', version: '1' },
      paths: {},
      components: { schemas: { Lonely: { type: 'object', properties: { s: status(['a', 'b']) } } } },
    });
    expect(Object.keys(plain.types).sort()).toEqual(['Lonely', 'LonelyS']);
  });
});
