/**
 * The golden consumer test of the one type reader (`@sextant/definition`'s `read-types`): one spec
 * with allOf overrides whose constraints conflict, properties beside a discriminated oneOf and
 * beside an anyOf, a nested union and escaped JSON pointers, read by every consumer (reference
 * view HTML, `.md` type page, playground shape, request form state, MCP describe output, diff).
 * Each must show the property set, types, required-ness and enum values the reader gives; a
 * consumer that keeps its own copy of a rule (drops an inherited property, shows the weaker type,
 * loses the shared properties of a union) fails here.
 */
import {
  type ApiDefinition,
  buildDocsDefinition,
  defaultDocsConfig,
  diffDefinitions,
  type Endpoint,
  importDefinition,
  isRequired,
  type ObjectProperty,
  objectProperties,
  pathMatches,
  pathTemplate,
  resolvedType,
  type TypeReference,
  unionSharedProperties,
  unionVariants,
  unwrapOptional,
  unwrapType,
} from '@sextant/definition';
import { createDocsSite, renderDocsPageMarkdown } from '@sextant/docs-site';
import { constraintLabels } from '@sextant/docs-site/constraints';
import { ExpansionView, expansionOf, ShapeBlock } from '@sextant/docs-site/type-view';
import { describeShape } from '@sextant/playground/type-shapes';
import { emptyValueFor } from '@sextant/request';
import { Window } from 'happy-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyFieldsMarkdown } from './mcp/body-fields.js';
import { describeEndpoint } from './mcp/docs-tools.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Golden', version: '1' },
  paths: {
    '/pets/{petId}': {
      put: {
        operationId: 'replacePet',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Check' } } },
          },
        },
      },
    },
    '/events': {
      post: {
        operationId: 'sendEvent',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } } },
        responses: { '204': { description: 'Sent' } },
      },
    },
  },
  components: {
    schemas: {
      Base: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'number' },
          // Only inherited: a consumer reading the override's own properties drops it.
          name: { type: 'string', minLength: 1 },
          state: { type: 'string', description: 'Where the pet is.' },
          size: { type: 'integer', minimum: 0, maximum: 100 },
          'tag/name': { type: 'string', enum: ['a', 'b', 'c'] },
        },
      },
      Pet: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          {
            type: 'object',
            required: ['state'],
            properties: {
              id: { type: 'integer' },
              state: { type: 'string', enum: ['open', 'closed', 'archived'] },
              size: { type: 'integer', minimum: 10, maximum: 500 },
              'tag/name': { $ref: '#/components/schemas/Base/properties/tag~1name' },
            },
          },
          {
            type: 'object',
            properties: {
              state: { enum: ['closed', 'archived', 'lost'] },
              size: { type: 'string' },
            },
          },
        ],
      },
      Event: {
        type: 'object',
        required: ['kind', 'at'],
        properties: {
          kind: { type: 'string' },
          at: { type: 'string', format: 'date-time' },
          status: { type: 'string' },
        },
        oneOf: [{ $ref: '#/components/schemas/Created' }, { $ref: '#/components/schemas/Moved' }],
        discriminator: { propertyName: 'kind' },
      },
      Created: {
        type: 'object',
        required: ['kind', 'pet'],
        properties: { kind: { const: 'created' }, pet: { $ref: '#/components/schemas/Pet' } },
      },
      Moved: {
        type: 'object',
        required: ['kind', 'status'],
        properties: {
          kind: { const: 'moved' },
          status: { type: 'string', enum: ['done', 'pending'] },
          target: { oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/Pet' }] },
        },
      },
      Check: {
        type: 'object',
        properties: { status: { type: 'string' }, conclusion: { type: 'string' } },
        anyOf: [
          { properties: { status: { enum: ['completed'] } }, required: ['conclusion'] },
          { properties: { status: { enum: ['queued', 'in_progress'] } } },
        ],
      },
    },
  },
};

/** What every consumer must agree on, per property. */
interface Field {
  key: string;
  required: boolean;
  /** The type's kind: integer, number, string, boolean, object, list, union, any. */
  kind: string;
  /** Allowed values (enum or literal), sorted; undefined when any value of the kind is allowed. */
  values?: string[];
}

let api: ApiDefinition;
let warnings: { message: string; pointer: string }[];

const source = (value: object) => ({ entry: 'golden.json', read: () => JSON.stringify(value) });

beforeAll(() => {
  const result = importDefinition(source(spec), { id: 'golden' });
  api = result.definition;
  warnings = result.warnings;
});

function kindOf(shape: TypeReference): string {
  const inner = unwrapOptional(shape);
  if (inner.type === 'primitive') return inner.value.type;
  if (inner.type === 'literal') return typeof inner.value;
  if (inner.type === 'list' || inner.type === 'set') return 'list';
  if (inner.type === 'map') return 'object';
  if (inner.type !== 'id') return 'any';
  const type = resolvedType(inner.id, api.types)?.shape;
  if (type?.type === 'enum') return typeof type.values[0]?.value;
  if (type?.type === 'object') return 'object';
  if (type?.type === 'alias') return kindOf(type.value);
  return type ? 'union' : 'any';
}

function valuesOf(shape: TypeReference): string[] | undefined {
  const inner = unwrapOptional(shape);
  if (inner.type === 'literal') return [String(inner.value)];
  if (inner.type !== 'id') return undefined;
  const type = resolvedType(inner.id, api.types)?.shape;
  return type?.type === 'enum' ? type.values.map((v) => String(v.value)).sort() : undefined;
}

const field = (property: ObjectProperty): Field => ({
  key: property.key,
  required: isRequired(property.valueShape, api.types),
  kind: kindOf(property.valueShape),
  ...(valuesOf(property.valueShape) ? { values: valuesOf(property.valueShape) } : {}),
});

const byKey = (fields: Field[]) => [...fields].sort((a, b) => a.key.localeCompare(b.key));

/** The reader's answer, which every consumer must give too. */
const truth = {
  pet: () => byKey(objectProperties('Pet', api.types).map(field)),
  eventShared: () => byKey(unionSharedProperties('Event', api.types).map(field)),
  variant: (union: string, index: number) =>
    byKey((unionVariants(union, api.types)?.[index]?.properties ?? []).map(field)),
};

function endpoint(operation: string): Endpoint {
  const found = Object.values(api.endpoints).find((e) =>
    e.id.toLowerCase().includes(operation.toLowerCase()),
  );
  if (!found) throw new Error(`no endpoint ${operation}: ${Object.keys(api.endpoints).join(', ')}`);
  return found;
}

/** Fields from rendered reference rows (`li.sx-prop`), enum values from their allowed-value lists. */
function htmlFields(root: Element, selector = ':scope > ul.sx-props > li.sx-prop'): Field[] {
  return [...root.querySelectorAll(selector)].map((row) => {
    const key = row.querySelector('.sx-prop-name')?.textContent ?? '';
    const label = row.querySelector('.sx-type')?.textContent ?? '';
    const values = [...row.querySelectorAll('.sx-enum-values li code')].map((c) =>
      JSON.parse(c.textContent ?? ''),
    );
    const property = declared(key);
    return {
      key,
      required: row.querySelector('.sx-required') !== null,
      kind: htmlKind(label, property),
      ...(values.length > 0
        ? { values: values.map(String).sort() }
        : label.startsWith('"')
          ? { values: [JSON.parse(label)] }
          : {}),
    };
  });
}

/** The reader's property of that key in the golden types (keys are unique across them). */
function declared(key: string): ObjectProperty | undefined {
  return [
    ...objectProperties('Pet', api.types),
    ...unionSharedProperties('Event', api.types),
    ...(unionVariants('Event', api.types) ?? []).flatMap((variant) => variant.properties ?? []),
  ].find((property) => property.key === key);
}

/** The reference shows primitive labels as is and named types by name. */
function htmlKind(label: string, property: ObjectProperty | undefined): string {
  const base = label.replace(/ \| null$/, '').replace(/ \(.*\)$/, '');
  if (['integer', 'number', 'string', 'boolean'].includes(base)) return base;
  if (base.startsWith('"')) return 'string';
  return property ? kindOf(property.valueShape) : base;
}

function parse(html: string): Element {
  const { document } = new Window();
  const div = document.createElement('div');
  div.innerHTML = html;
  return div as unknown as Element;
}

const ctx = () => ({ definition: api, fullPageUrl: '/_sextant/page.json?slug=x' });

/** Rows of a markdown table under `heading`: `| \`key\` | type | yes/no | description |`. */
function markdownFields(markdown: string, heading: string): Field[] {
  const start = markdown.indexOf(`${heading}\n`);
  expect(start, `${heading} in\n${markdown}`).toBeGreaterThanOrEqual(0);
  const table = markdown.slice(start).split('\n\n')[1] ?? '';
  return table
    .split('\n')
    .slice(2)
    .map((line) => {
      const [key = '', type = '', required = ''] = line.split(' | ').map((cell) => cell.replace(/^\| /, ''));
      const name = key.replace(/`/g, '');
      const listed = /\(one of (.*)\)$/.exec(type)?.[1];
      const values = listed?.split(', ').map((value) => String(JSON.parse(value)));
      return {
        key: name,
        required: required === 'yes',
        kind: htmlKind(type, declared(name)),
        ...(values ? { values: values.sort() } : type.startsWith('"') ? { values: [JSON.parse(type)] } : {}),
      };
    });
}

describe('the reader on the golden spec', () => {
  it('merges allOf exactly: integer over number, enums intersected, stricter bounds, required from either', () => {
    expect(truth.pet()).toEqual([
      { key: 'id', required: true, kind: 'integer' },
      { key: 'name', required: true, kind: 'string' },
      { key: 'size', required: false, kind: 'string' },
      { key: 'state', required: true, kind: 'string', values: ['archived', 'closed'] },
      { key: 'tag/name', required: false, kind: 'string', values: ['a', 'b', 'c'] },
    ]);
    const state = objectProperties('Pet', api.types).find((p) => p.key === 'state');
    expect(state?.description).toBe('Where the pet is.');
  });

  it('reports the conflicting declaration as a located warning', () => {
    const conflicts = warnings.filter((w) => w.message.startsWith('allOf declarations conflict'));
    expect(conflicts).toEqual([
      expect.objectContaining({
        pointer: '/components/schemas/Pet/allOf/2/properties/size',
        message: 'allOf declarations conflict: "size": declared as integer and as string; no value is both',
      }),
    ]);
  });

  it('keeps properties beside oneOf/anyOf: no false "not declared" warning, shared ones merged into each variant', () => {
    expect(warnings.filter((w) => w.message.includes('is not declared'))).toEqual([]);
    expect(truth.eventShared().map((f) => f.key)).toEqual(['at', 'status']);
    expect(truth.variant('Event', 1)).toEqual([
      { key: 'at', required: true, kind: 'string' },
      { key: 'status', required: true, kind: 'string', values: ['done', 'pending'] },
      { key: 'target', required: false, kind: 'union' },
    ]);
    // GitHub's check-runs shape: a variant narrows `status` and requires `conclusion`, both declared beside.
    expect(unionSharedProperties('Check', api.types).map((p) => p.key)).toEqual(['status', 'conclusion']);
    expect(truth.variant('Check', 0)).toEqual([
      { key: 'conclusion', required: true, kind: 'string' },
      { key: 'status', required: false, kind: 'string', values: ['completed'] },
    ]);
    expect(truth.variant('Check', 1)).toEqual([
      { key: 'conclusion', required: false, kind: 'string' },
      { key: 'status', required: false, kind: 'string', values: ['in_progress', 'queued'] },
    ]);
  });
});

describe('every consumer agrees with the reader', () => {
  it('reference view: an inherited, overridden object shows the merged properties', () => {
    const html = renderToStaticMarkup(<ShapeBlock shape={{ type: 'id', id: 'Pet' }} ctx={ctx()} />);
    const root = parse(html).querySelector('.sx-shape') as Element;
    expect(byKey(htmlFields(root))).toEqual(truth.pet());
  });

  it('reference view: a discriminated union shows its shared properties and each variant', () => {
    const html = renderToStaticMarkup(<ShapeBlock shape={{ type: 'id', id: 'Event' }} ctx={ctx()} />);
    const root = parse(html);
    const shared = root.querySelector('.sx-shared-properties') as Element;
    expect(shared, html).not.toBeNull();
    expect(byKey(htmlFields(shared))).toEqual(truth.eventShared());
    const labels = [...root.querySelectorAll('.sx-variants > li .sx-variant-label')].map(
      (l) => l.textContent,
    );
    expect(labels).toEqual(['kind = "created"', 'kind = "moved"']);
    // A variant's own rows, over the shared ones, are the reader's merged variant.
    const variants = unionVariants('Event', api.types) ?? [];
    variants.forEach((variant, index) => {
      const { expansion } = expansionOf(variant.shape, api);
      const rows = expansion
        ? htmlFields(
            parse(renderToStaticMarkup(<ExpansionView expansion={expansion} ctx={ctx()} seen={[]} />)),
          )
        : [];
      const merged = new Map(htmlFields(shared).map((f) => [f.key, f]));
      for (const row of rows) if (row.key !== 'kind') merged.set(row.key, row);
      expect(byKey([...merged.values()])).toEqual(truth.variant('Event', index));
    });
  });

  it('.md type pages: inherited allOf properties and union variants, as the reader reads them', async () => {
    const docs = buildDocsDefinition({
      config: defaultDocsConfig('Golden'),
      apis: { golden: api },
      navigation: [{ type: 'api', title: 'API', apiId: 'golden', showTypes: true }],
    });
    const site = createDocsSite(docs, { golden: api }, 'v1');
    const slugOf = (typeId: string) =>
      [...site.bySlug.entries()].find(
        ([, entry]) => entry.item.type === 'type' && entry.item.typeId === typeId,
      )?.[0];
    const pet = await renderDocsPageMarkdown(site, slugOf('Pet') ?? 'missing');
    expect(byKey(markdownFields(pet ?? '', '## Properties'))).toEqual(truth.pet());
    const event = (await renderDocsPageMarkdown(site, slugOf('Event') ?? 'missing')) ?? '';
    expect(byKey(markdownFields(event, '## Properties of every variant'))).toEqual(truth.eventShared());
    const moved = event.slice(event.indexOf('### Moved'));
    expect(byKey(markdownFields(moved, '#### Properties'))).toEqual(truth.variant('Event', 1));
  });

  it('playground shapes: the same properties, required-ness and enums', () => {
    const described = describeShape({ type: 'id', id: 'Pet' }, api.types).shape;
    if (described.kind !== 'object') throw new Error(described.kind);
    expect(byKey(described.properties.map(field))).toEqual(truth.pet());
    const event = describeShape({ type: 'id', id: 'Event' }, api.types).shape;
    if (event.kind !== 'discriminatedUnion') throw new Error(event.kind);
    event.variants.forEach((variant, index) => {
      expect(byKey(variant.properties.map(field))).toEqual(truth.variant('Event', index));
    });
    const check = describeShape({ type: 'id', id: 'Check' }, api.types).shape;
    if (check.kind !== 'undiscriminatedUnion') throw new Error(check.kind);
    check.variants.forEach((variant, index) => {
      expect(byKey((variant.properties ?? []).map(field))).toEqual(truth.variant('Check', index));
    });
  });

  it('request form state: an empty body holds exactly the required properties, of the right kind', () => {
    const pet = emptyValueFor({ type: 'id', id: 'Pet' }, api.types) as Record<string, unknown>;
    const required = truth.pet().filter((f) => f.required);
    expect(Object.keys(pet).sort()).toEqual(required.map((f) => f.key));
    expect(Number.isInteger(pet.id)).toBe(true);
    expect(truth.pet().find((f) => f.key === 'state')?.values).toContain(pet.state);
    const event = emptyValueFor({ type: 'id', id: 'Event' }, api.types) as Record<string, unknown>;
    const first = truth.variant('Event', 0).filter((f) => f.required);
    expect(Object.keys(event).sort()).toEqual(['kind', ...first.map((f) => f.key)].sort());
  });

  it('MCP describe_endpoint: the same fields, required-ness and enum values', () => {
    const text = bodyFieldsMarkdown(endpoint('replacePet'), api);
    const request = text.slice(0, text.indexOf('## Response'));
    const top = [...request.matchAll(/^- `([^`]+)` \((.*), (required|optional)\)/gm)].map((m) => ({
      key: m[1] as string,
      required: m[3] === 'required',
      label: m[2] as string,
    }));
    expect(
      top.map(({ key, required }) => ({ key, required })).sort((a, b) => a.key.localeCompare(b.key)),
    ).toEqual(truth.pet().map(({ key, required }) => ({ key, required })));
    expect(top.find((f) => f.key === 'id')?.label).toBe('integer');
    expect(top.find((f) => f.key === 'state')?.label).toMatch(
      /\("closed", "archived"\)|\("archived", "closed"\)/,
    );
    const event = bodyFieldsMarkdown(endpoint('sendEvent'), api);
    for (const shared of truth.eventShared()) expect(event).toContain(`- \`${shared.key}\``);
    expect(event).toContain('variant moved');
    expect(event).toMatch(/^ {2}- `status` \(enum `[^`]+` \("done", "pending"\), required\)/m);
  });

  it('diff: an inherited property removed from the base is a change of the type that inherits it', () => {
    const previous = structuredClone(spec);
    const base = previous.components.schemas.Base.properties as Record<string, unknown>;
    delete base['tag/name'];
    const pet = previous.components.schemas.Pet.allOf[1] as { properties: Record<string, unknown> };
    delete pet.properties['tag/name'];
    const older = importDefinition(source(previous), { id: 'golden' }).definition;
    const changes = diffDefinitions(older, api).changes;
    const added = changes.filter((c) => c.location.pointer === '/tag~1name');
    expect(added.length, JSON.stringify(changes, null, 1)).toBeGreaterThan(0);
    expect(added.every((c) => c.category === 'added')).toBe(true);
    // The diff reads the merged state: an enum narrowed by allOf is compared, not the base's string.
    expect(changes.filter((c) => c.location.pointer === '/state')).toEqual([]);
  });
});

describe('wrappers and aliases are unwrapped by the reader alone (issue #29 item 1)', () => {
  /**
   * A nullable alias of an optional list with a default, behind another alias: every wrapper and
   * alias in one reference. A consumer with its own unwrapping (one layer, optional but not
   * nullable, no aliases, the wrong name) reads something else than `unwrapType`.
   */
  const str: TypeReference = { type: 'primitive', value: { type: 'string', minLength: 2 } };
  const tags: TypeReference = { type: 'nullable', shape: { type: 'id', id: 'Labels' } };
  const withTags = (shape: TypeReference): ApiDefinition => ({
    ...api,
    types: {
      ...api.types,
      Labels: {
        id: 'Labels',
        name: 'Labels',
        shape: { type: 'alias', value: { type: 'id', id: 'TagList' } },
      },
      TagList: {
        id: 'TagList',
        name: 'TagList',
        shape: {
          type: 'alias',
          value: { type: 'optional', shape: { type: 'set', itemShape: str, maxItems: 5 }, default: ['aa'] },
        },
      },
      Holder: {
        id: 'Holder',
        name: 'Holder',
        shape: { type: 'object', extends: [], properties: [{ key: 'tags', valueShape: shape }] },
      },
    },
  });

  it('the reader: the set, optional and nullable, named by the outer alias, with its default', () => {
    const read = unwrapType(tags, withTags(tags).types);
    expect(read).toEqual({
      shape: { type: 'set', itemShape: str, maxItems: 5 },
      optional: true,
      nullable: true,
      typeName: 'Labels',
      defaults: [['aa']],
    });
  });

  it('playground shapes, reference constraints and the diff read it the same', () => {
    const types = withTags(tags).types;
    const read = unwrapType(tags, types);
    const described = describeShape(tags, types);
    expect(described).toEqual({
      shape: { kind: 'list', item: str, unique: true },
      optional: read.optional,
      nullable: read.nullable,
      typeName: read.typeName,
    });
    expect(constraintLabels(tags, { types })).toEqual([
      '≤ 5 items',
      'unique items',
      `default: ${JSON.stringify(read.defaults[0])}`,
    ]);
    // Dropping the nullable wrapper is one change (null no longer allowed); a wrapper repeated is none.
    const narrowed = diffDefinitions(withTags(tags), withTags({ type: 'id', id: 'Labels' })).changes;
    expect(narrowed.map((c) => [c.kind, c.location.pointer])).toEqual([['nullable-changed', '/tags']]);
    const doubled = diffDefinitions(withTags(tags), withTags({ type: 'nullable', shape: tags })).changes;
    expect(doubled).toEqual([]);
  });

  it("MCP and the docs find and name an endpoint by the reader's path template", async () => {
    const put = endpoint('replacePet');
    expect(pathTemplate(put.path)).toBe('/pets/{petId}');
    expect(pathMatches(put.path, '/pets/42')).toBe(true);
    const docs = buildDocsDefinition({
      config: defaultDocsConfig('Golden'),
      apis: { golden: api },
      navigation: [{ type: 'api', title: 'API', apiId: 'golden' }],
    });
    const tool = { site: createDocsSite(docs, { golden: api }, 'v1'), siteUrl: 'https://golden.test' };
    for (const path of [pathTemplate(put.path), '/pets/42']) {
      const answer = await describeEndpoint(tool, { method: 'PUT', path });
      expect(answer.ok && answer.text, path).toContain(`PUT ${pathTemplate(put.path)}`);
    }
  });
});
