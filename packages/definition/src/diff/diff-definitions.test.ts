import { describe, expect, it } from 'vitest';
import type { ApiDefinition, Endpoint, TypeDefinition } from '../ir/index.js';
import { diffDefinitions } from './diff-definitions.js';
import { computeNextVersion } from './next-version.js';
import {
  api,
  endpoint,
  enumType,
  int,
  jsonRequest,
  jsonResponse,
  list,
  nullable,
  num,
  objectType,
  optional,
  param,
  ref,
  str,
} from './test-support.js';
import type { DefinitionChange } from './types.js';

const pet = objectType('Pet', { id: int, name: str, tag: optional(str) });
const getPet = endpoint('GET', '/pets/{petId}', { responses: [jsonResponse(ref('Pet'))] });
const listPets = endpoint('GET', '/pets', {
  queryParameters: [param('limit', optional(int))],
  responses: [jsonResponse(list(ref('Pet')))],
});
const createPet = endpoint('POST', '/pets', {
  requests: [jsonRequest({ name: str, tag: optional(str) })],
  responses: [jsonResponse(ref('Pet'), 201)],
});
const base = api([getPet, listPets, createPet], [pet]);

/** A copy of the base with one endpoint replaced (by method + path) and types overridden. */
function variant(change: { endpoint?: Endpoint; types?: TypeDefinition[]; drop?: string }): ApiDefinition {
  const endpoints = [getPet, listPets, createPet]
    .filter((item) => item.id !== change.drop)
    .map((item) => (change.endpoint && item.id === change.endpoint.id ? change.endpoint : item));
  const types = new Map([pet, ...(change.types ?? [])].map((type) => [type.id, type]));
  return api(endpoints, [...types.values()]);
}

function only(changes: DefinitionChange[]): DefinitionChange {
  expect(changes.map((change) => change.message)).toHaveLength(1);
  return changes[0]!;
}

describe('diffDefinitions', () => {
  it('reports nothing, and a PATCH, for identical definitions', () => {
    const diff = diffDefinitions(base, structuredClone(base));
    expect(diff.changes).toEqual([]);
    expect(diff.summary.total).toBe(0);
    expect(computeNextVersion('1.2.3', diff)).toEqual({ version: '1.2.4', bump: 'PATCH' });
  });

  it('a removed endpoint is breaking → MAJOR', () => {
    const diff = diffDefinitions(base, variant({ drop: getPet.id }));
    const change = only(diff.changes);
    expect(change).toMatchObject({
      kind: 'endpoint-removed',
      category: 'removed',
      breaking: true,
      location: { area: 'endpoint', method: 'GET', path: '/pets/{petId}', pointer: '' },
    });
    expect(change.message).toBe('endpoint GET /pets/{petId} was removed');
    expect(computeNextVersion('1.2.3', diff)).toEqual({ version: '2.0.0', bump: 'MAJOR' });
  });

  it('an added endpoint is an addition → MINOR', () => {
    const diff = diffDefinitions(variant({ drop: getPet.id }), base);
    expect(only(diff.changes)).toMatchObject({ kind: 'endpoint-added', breaking: false, category: 'added' });
    expect(computeNextVersion('1.2.3', diff)).toEqual({ version: '1.3.0', bump: 'MINOR' });
  });

  it('matches endpoints by method and path, not by id, and ignores path parameter renames in matching', () => {
    const renamed = {
      ...getPet,
      id: 'pets.get',
      path: [...getPet.path.slice(0, 1), { type: 'pathParameter' as const, name: 'id' }],
      pathParameters: [param('id')],
    };
    const renamedDiff = diffDefinitions(base, api([renamed, listPets, createPet], [pet]));
    // The endpoint is the same (new id, same method + path); the parameter is renamed: the old
    // one removed, a required one added, both breaking for clients that send it by name.
    expect(renamedDiff.changes.map((change) => [change.kind, change.breaking, change.location.id])).toEqual([
      ['parameter-removed', true, 'pets.get'],
      ['parameter-added', true, 'pets.get'],
    ]);
  });

  it('a new required query parameter is breaking; a new optional one is not', () => {
    const required = diffDefinitions(
      base,
      variant({ endpoint: { ...listPets, queryParameters: [...listPets.queryParameters, param('status')] } }),
    );
    expect(only(required.changes)).toMatchObject({
      kind: 'parameter-added',
      breaking: true,
      location: { pointer: '/queryParameters/status', method: 'GET', path: '/pets' },
      message: 'required query parameter `status` was added',
    });
    expect(computeNextVersion('1.0.0', required).bump).toBe('MAJOR');
    const opt = diffDefinitions(
      base,
      variant({
        endpoint: {
          ...listPets,
          queryParameters: [...listPets.queryParameters, param('status', optional(str))],
        },
      }),
    );
    expect(only(opt.changes)).toMatchObject({ kind: 'parameter-added', breaking: false });
    expect(computeNextVersion('1.0.0', opt)).toEqual({ version: '1.1.0', bump: 'MINOR' });
  });

  it('cookie parameters are compared like query ones: a new required cookie breaks, an optional one does not', () => {
    const withCookie = (...cookieParameters: ReturnType<typeof param>[]) =>
      variant({ endpoint: { ...listPets, cookieParameters } });
    const required = diffDefinitions(base, withCookie(param('session')));
    expect(only(required.changes)).toMatchObject({
      kind: 'parameter-added',
      breaking: true,
      location: { pointer: '/cookieParameters/session', method: 'GET', path: '/pets' },
      message: 'required cookie `session` was added',
    });
    expect(computeNextVersion('1.0.0', required).bump).toBe('MAJOR');
    expect(only(diffDefinitions(base, withCookie(param('theme', optional(str)))).changes)).toMatchObject({
      kind: 'parameter-added',
      breaking: false,
    });
    expect(only(diffDefinitions(withCookie(param('session')), base).changes)).toMatchObject({
      kind: 'parameter-removed',
      breaking: true,
    });
    // Names are case-sensitive: `Session` is another cookie.
    const renamed = diffDefinitions(withCookie(param('session')), withCookie(param('Session')));
    expect(renamed.changes.map((change) => change.kind)).toEqual(['parameter-removed', 'parameter-added']);
    expect(diffDefinitions(withCookie(param('session')), withCookie(param('session'))).changes).toEqual([]);
  });

  it('parameters: removed, optional → required and type changes break; required → optional does not', () => {
    const removed = diffDefinitions(base, variant({ endpoint: { ...listPets, queryParameters: [] } }));
    expect(only(removed.changes)).toMatchObject({ kind: 'parameter-removed', breaking: true });
    const nowRequired = diffDefinitions(
      base,
      variant({ endpoint: { ...listPets, queryParameters: [param('limit', int)] } }),
    );
    expect(only(nowRequired.changes)).toMatchObject({ kind: 'parameter-required', breaking: true });
    const nowOptional = diffDefinitions(
      variant({ endpoint: { ...listPets, queryParameters: [param('limit', int)] } }),
      base,
    );
    expect(only(nowOptional.changes)).toMatchObject({ kind: 'parameter-optional', breaking: false });
    const retyped = diffDefinitions(
      base,
      variant({ endpoint: { ...listPets, queryParameters: [param('limit', optional(str))] } }),
    );
    expect(only(retyped.changes)).toMatchObject({
      kind: 'type-changed',
      breaking: true,
      message: '`/queryParameters/limit` changed type from integer to string',
    });
  });

  it('header parameters match case-insensitively', () => {
    const withHeader = variant({
      endpoint: { ...listPets, requestHeaders: [param('X-Trace', optional(str))] },
    });
    const renamedCase = variant({
      endpoint: { ...listPets, requestHeaders: [param('x-trace', optional(str))] },
    });
    expect(diffDefinitions(withHeader, renamedCase).changes).toEqual([]);
  });

  it('request body fields: a new required field breaks, a new optional one does not, a removed one breaks', () => {
    const required = diffDefinitions(
      base,
      variant({
        endpoint: { ...createPet, requests: [jsonRequest({ name: str, tag: optional(str), age: int })] },
      }),
    );
    expect(only(required.changes)).toMatchObject({
      kind: 'field-added',
      breaking: true,
      location: { pointer: '/request/application~1json/body/age' },
    });
    const opt = diffDefinitions(
      base,
      variant({
        endpoint: {
          ...createPet,
          requests: [jsonRequest({ name: str, tag: optional(str), age: optional(int) })],
        },
      }),
    );
    expect(only(opt.changes)).toMatchObject({ kind: 'field-added', breaking: false });
    expect(computeNextVersion('2.4.1', opt)).toEqual({ version: '2.5.0', bump: 'MINOR' });
    const removed = diffDefinitions(
      base,
      variant({ endpoint: { ...createPet, requests: [jsonRequest({ name: str })] } }),
    );
    expect(only(removed.changes)).toMatchObject({ kind: 'field-removed', breaking: true });
  });

  it('response fields break in the opposite direction to request fields', () => {
    // Pet is only read (responses): a removed field breaks, a new required one does not,
    // required → optional breaks (the field may now be missing), optional → required does not.
    const removed = diffDefinitions(
      base,
      variant({ types: [objectType('Pet', { id: int, tag: optional(str) })] }),
    );
    expect(only(removed.changes)).toMatchObject({
      kind: 'field-removed',
      breaking: true,
      location: { area: 'type', id: 'Pet', pointer: '/name' },
      message: 'field `name` was removed (used in responses)',
    });
    const added = diffDefinitions(
      base,
      variant({ types: [objectType('Pet', { id: int, name: str, tag: optional(str), age: int })] }),
    );
    expect(only(added.changes)).toMatchObject({ kind: 'field-added', breaking: false });
    const nowOptional = diffDefinitions(
      base,
      variant({ types: [objectType('Pet', { id: int, name: optional(str), tag: optional(str) })] }),
    );
    expect(only(nowOptional.changes)).toMatchObject({ kind: 'field-optional', breaking: true });
    const nowRequired = diffDefinitions(
      base,
      variant({ types: [objectType('Pet', { id: int, name: str, tag: str })] }),
    );
    expect(only(nowRequired.changes)).toMatchObject({ kind: 'field-required', breaking: false });
  });

  it('a changed field type in a shared type is reported once, under the type', () => {
    const diff = diffDefinitions(
      base,
      variant({ types: [objectType('Pet', { id: str, name: str, tag: optional(str) })] }),
    );
    const change = only(diff.changes);
    expect(change).toMatchObject({
      kind: 'type-changed',
      breaking: true,
      location: { area: 'type', id: 'Pet', pointer: '/id' },
    });
    expect(computeNextVersion('1.0.0', diff).bump).toBe('MAJOR');
  });

  it('integer → number widens: safe in requests, breaking in responses', () => {
    const request = diffDefinitions(
      base,
      variant({ endpoint: { ...listPets, queryParameters: [param('limit', optional(num))] } }),
    );
    expect(only(request.changes)).toMatchObject({ kind: 'type-changed', breaking: false });
    const response = diffDefinitions(
      base,
      variant({ types: [objectType('Pet', { id: num, name: str, tag: optional(str) })] }),
    );
    expect(only(response.changes)).toMatchObject({ kind: 'type-changed', breaking: true });
  });

  it('a description-only change is a docs change → PATCH', () => {
    const diff = diffDefinitions(base, variant({ endpoint: { ...getPet, description: 'Fetches one pet.' } }));
    expect(only(diff.changes)).toMatchObject({
      kind: 'description-changed',
      category: 'docs',
      breaking: false,
    });
    expect(computeNextVersion('1.2.3', diff)).toEqual({ version: '1.2.4', bump: 'PATCH' });
    const typeDocs = diffDefinitions(base, variant({ types: [{ ...pet, description: 'A pet.' }] }));
    expect(only(typeDocs.changes)).toMatchObject({
      kind: 'description-changed',
      category: 'docs',
      location: { area: 'type' },
    });
    expect(computeNextVersion('1.2.3', typeDocs).bump).toBe('PATCH');
  });

  it('says whose description changed: a request body, a response, an error, an enum value', () => {
    const status = (description: string): TypeDefinition => ({
      ...enumType('Status', []),
      shape: { type: 'enum', values: [{ value: 'sold', description }] },
    });
    const described = (description: string) =>
      api(
        [
          endpoint('POST', '/pets', {
            requests: [{ ...jsonRequest({ name: str }), description }],
            responses: [{ ...jsonResponse(ref('Pet'), 201), description }],
            errors: [{ statusCode: 404, description }],
          }),
        ],
        [pet, status(description)],
      );
    const { changes } = diffDefinitions(described('Old.'), described('New.'));
    expect(changes.every((change) => change.kind === 'description-changed' && !change.breaking)).toBe(true);
    expect(changes.map((change) => change.message).sort()).toEqual([
      'description of enum value "sold" changed',
      'description of error 404 changed',
      'description of response 201 changed',
      'description of the application/json request body changed',
    ]);
  });

  it('enums: a value removed from a request enum breaks; a value added to a response enum breaks', () => {
    const status = enumType('Status', ['available', 'sold']);
    const withEnum = (values: string[]) =>
      api(
        [
          endpoint('GET', '/pets', {
            queryParameters: [param('status', optional(ref('Status')))],
            responses: [],
          }),
          endpoint('GET', '/pets/{petId}', { responses: [jsonResponse(ref('Reply'))] }),
        ],
        [enumType('Status', values), enumType('Reply', values)],
      );
    const before = withEnum(['available', 'sold']);
    const removed = diffDefinitions(before, withEnum(['available']));
    const byType = (id: string) => removed.changes.find((change) => change.location.id === id)!;
    expect(byType('Status')).toMatchObject({ kind: 'enum-value-removed', breaking: true });
    expect(byType('Reply')).toMatchObject({ kind: 'enum-value-removed', breaking: false });
    const added = diffDefinitions(before, withEnum(['available', 'sold', 'pending']));
    const addedByType = (id: string) => added.changes.find((change) => change.location.id === id)!;
    expect(addedByType('Status')).toMatchObject({ kind: 'enum-value-added', breaking: false });
    expect(addedByType('Reply')).toMatchObject({ kind: 'enum-value-added', breaking: true });
    expect(status.shape.type).toBe('enum');
  });

  it('a type used both ways merges into one change, breaking if either way breaks', () => {
    const shared = objectType('PetInput', { name: str });
    const defs = (type: TypeDefinition) =>
      api(
        [
          endpoint('POST', '/pets', {
            requests: [{ contentType: 'application/json', body: { type: 'alias', shape: ref('PetInput') } }],
            responses: [jsonResponse(ref('PetInput'))],
          }),
        ],
        [type],
      );
    const diff = diffDefinitions(defs(shared), defs(objectType('PetInput', { name: str, nick: str })));
    expect(only(diff.changes)).toMatchObject({
      kind: 'field-added',
      breaking: true,
      message: 'required field `nick` was added (used in requests and responses)',
    });
  });

  it('nullable: becoming nullable breaks responses only', () => {
    const diff = diffDefinitions(
      base,
      variant({ types: [objectType('Pet', { id: int, name: nullable(str), tag: optional(str) })] }),
    );
    expect(only(diff.changes)).toMatchObject({ kind: 'nullable-changed', breaking: true });
    const request = diffDefinitions(
      base,
      variant({
        endpoint: { ...createPet, requests: [jsonRequest({ name: nullable(str), tag: optional(str) })] },
      }),
    );
    expect(only(request.changes)).toMatchObject({ kind: 'nullable-changed', breaking: false });
  });

  it('terminates on recursive types and still finds changes inside them', () => {
    const node = (extra: Record<string, typeof str>) =>
      objectType('Node', { value: str, children: list(ref('Node')), ...extra });
    const tree = (type: TypeDefinition) =>
      api([endpoint('GET', '/tree', { responses: [jsonResponse(ref('Node'))] })], [type]);
    const diff = diffDefinitions(tree(node({})), tree(node({ value: int })));
    expect(only(diff.changes)).toMatchObject({
      kind: 'type-changed',
      location: { id: 'Node', pointer: '/value' },
    });
    // Mutual recursion through two renamed types (different ids on each side) terminates too.
    const a = (id: string, other: string) => objectType(id, { next: optional(ref(other)) });
    const renamed = diffDefinitions(
      api([endpoint('GET', '/a', { responses: [jsonResponse(ref('A'))] })], [a('A', 'B'), a('B', 'A')]),
      api([endpoint('GET', '/a', { responses: [jsonResponse(ref('C'))] })], [a('C', 'D'), a('D', 'C')]),
    );
    expect(renamed.changes.filter((change) => change.breaking)).toEqual([]);
  });

  it('responses: removed status breaks, a changed success status breaks, a new error does not', () => {
    const removed = diffDefinitions(base, variant({ endpoint: { ...getPet, responses: [] } }));
    expect(only(removed.changes)).toMatchObject({ kind: 'response-removed', breaking: true });
    const status = diffDefinitions(
      base,
      variant({ endpoint: { ...createPet, responses: [jsonResponse(ref('Pet'), 200)] } }),
    );
    expect(status.changes.map((change) => [change.kind, change.breaking])).toEqual([
      ['response-removed', true],
      ['response-added', true],
    ]);
    const error = diffDefinitions(
      base,
      variant({ endpoint: { ...getPet, errors: [{ statusCode: 404, description: 'Not found' }] } }),
    );
    expect(only(error.changes)).toMatchObject({ kind: 'error-added', breaking: false });
  });

  it('request bodies: a new required body breaks, a new optional one does not, a new content type does not', () => {
    const body = { contentType: 'application/json', body: { type: 'alias' as const, shape: str } };
    const required = diffDefinitions(base, variant({ endpoint: { ...getPet, requests: [body] } }));
    expect(only(required.changes)).toMatchObject({ kind: 'request-added', breaking: true });
    const opt = diffDefinitions(
      base,
      variant({ endpoint: { ...getPet, requests: [{ ...body, isOptional: true }] } }),
    );
    expect(only(opt.changes)).toMatchObject({ kind: 'request-added', breaking: false });
    const extraType = diffDefinitions(
      base,
      variant({
        endpoint: {
          ...createPet,
          requests: [
            ...createPet.requests,
            { contentType: 'application/xml', body: { type: 'bytes', isOptional: false } },
          ],
        },
      }),
    );
    expect(only(extraType.changes)).toMatchObject({ kind: 'request-added', breaking: false });
    const kind = diffDefinitions(
      base,
      variant({
        endpoint: {
          ...createPet,
          requests: [{ contentType: 'application/json', body: { type: 'bytes', isOptional: false } }],
        },
      }),
    );
    expect(only(kind.changes)).toMatchObject({ kind: 'body-changed', breaking: true });
  });

  it('moving an inline body schema into a named type is not a change', () => {
    const named = objectType('NewPet', { name: str, tag: optional(str) });
    const moved = api(
      [
        getPet,
        listPets,
        {
          ...createPet,
          requests: [{ contentType: 'application/json', body: { type: 'alias', shape: ref('NewPet') } }],
        },
      ],
      [pet, named],
    );
    const diff = diffDefinitions(base, moved);
    expect(diff.changes.map((change) => change.kind)).toEqual(['type-added']);
    expect(diff.changes[0]?.breaking).toBe(false);
  });

  it('auth: an endpoint that starts requiring auth breaks; a changed scheme breaks; a new scheme does not', () => {
    const auths = { key: { type: 'header' as const, id: 'key', headerWireValue: 'X-Api-Key' } };
    const open = api([getPet], [pet], { auths });
    const locked = api([{ ...getPet, auth: ['key'] }], [pet], { auths });
    expect(only(diffDefinitions(open, locked).changes)).toMatchObject({
      kind: 'operation-auth-changed',
      breaking: true,
    });
    expect(only(diffDefinitions(locked, open).changes)).toMatchObject({
      kind: 'operation-auth-changed',
      breaking: false,
    });
    const renamedHeader = api([{ ...getPet, auth: ['key'] }], [pet], {
      auths: { key: { type: 'header', id: 'key', headerWireValue: 'Authorization' } },
    });
    expect(only(diffDefinitions(locked, renamedHeader).changes)).toMatchObject({
      kind: 'auth-changed',
      breaking: true,
      location: { area: 'auth', id: 'key' },
    });
    const more = api([getPet], [pet], { auths: { ...auths, bearer: { type: 'bearerAuth', id: 'bearer' } } });
    expect(only(diffDefinitions(open, more).changes)).toMatchObject({ kind: 'auth-added', breaking: false });
  });

  it('WebSocket channels: client message fields follow request rules, server messages response rules', () => {
    const channel = (
      clientFields: Record<string, typeof str>,
      serverFields: Record<string, typeof str>,
      extraMessages = false,
    ) =>
      api([], [objectType('Send', clientFields), objectType('Receive', serverFields)], {
        websockets: {
          chat: {
            id: 'chat',
            title: 'Chat',
            path: [{ type: 'literal', value: '/chat' }],
            pathParameters: [],
            queryParameters: [],
            requestHeaders: [],
            environments: [],
            auth: [],
            examples: [],
            messages: [
              { type: 'send', origin: 'client', body: ref('Send') },
              { type: 'receive', origin: 'server', body: ref('Receive') },
              ...(extraMessages ? [{ type: 'typing', origin: 'server' as const, body: str }] : []),
            ],
          },
        },
      });
    const before = channel({ text: str }, { text: str });
    const diff = diffDefinitions(before, channel({ text: str, room: str }, { text: str, room: str }));
    expect(diff.changes.map((change) => [change.location.id, change.kind, change.breaking])).toEqual([
      ['Send', 'field-added', true],
      ['Receive', 'field-added', false],
    ]);
    const added = diffDefinitions(before, channel({ text: str }, { text: str }, true));
    expect(only(added.changes)).toMatchObject({
      kind: 'message-added',
      breaking: false,
      location: { area: 'websocket', path: '/chat' },
    });
    const removed = diffDefinitions(channel({ text: str }, { text: str }, true), before);
    expect(only(removed.changes)).toMatchObject({ kind: 'message-removed', breaking: true });
    expect(only(diffDefinitions(before, api([], Object.values(before.types))).changes)).toMatchObject({
      kind: 'channel-removed',
      breaking: true,
    });
  });

  it('webhooks: payload fields follow response rules', () => {
    const hook = (fields: Record<string, typeof str>) =>
      api([], [objectType('Event', fields)], {
        webhooks: {
          petAdded: {
            id: 'petAdded',
            title: 'Pet added',
            method: 'POST',
            name: 'pet.added',
            headers: [],
            payload: { contentType: 'application/json', shape: ref('Event') },
            examples: [],
          },
        },
      });
    const diff = diffDefinitions(hook({ id: str, name: str }), hook({ id: str }));
    expect(only(diff.changes)).toMatchObject({ kind: 'field-removed', breaking: true });
    expect(
      only(
        diffDefinitions(hook({ id: str }), api([], [])).changes.filter((c) => c.location.area === 'webhook'),
      ),
    ).toMatchObject({
      kind: 'webhook-removed',
      breaking: true,
    });
  });

  it('OpenRPC methods match by method name, not by their shared POST path', () => {
    const rpc = (name: string, params: Record<string, typeof str>) =>
      endpoint('POST', '/', {
        id: name,
        protocol: { type: 'openrpc', methodName: name },
        requests: [jsonRequest(params)],
      });
    const before = api([rpc('add', { a: int, b: int }), rpc('sub', { a: int, b: int })]);
    const after = api([rpc('add', { a: int, b: int }), rpc('mul', { a: int, b: int })]);
    expect(diffDefinitions(before, after).changes.map((change) => [change.kind, change.message])).toEqual([
      ['endpoint-removed', 'endpoint sub was removed'],
      ['endpoint-added', 'endpoint mul was added'],
    ]);
  });

  it('types no operation uses: changes are reported, never breaking', () => {
    const orphan = objectType('Orphan', { a: str });
    const diff = diffDefinitions(
      api([getPet], [pet, orphan]),
      api([getPet], [pet, objectType('Orphan', {})]),
    );
    expect(only(diff.changes)).toMatchObject({
      kind: 'field-removed',
      breaking: false,
      location: { id: 'Orphan' },
    });
    expect(computeNextVersion('1.0.0', diff).bump).toBe('MINOR');
  });

  it('constraints: tightening a request bound breaks, loosening it does not', () => {
    const bounded = (maxLength: number) =>
      variant({
        endpoint: {
          ...listPets,
          queryParameters: [
            param('limit', optional(int)),
            param('q', optional({ type: 'primitive', value: { type: 'string', maxLength } })),
          ],
        },
      });
    expect(only(diffDefinitions(bounded(100), bounded(10)).changes)).toMatchObject({
      kind: 'constraint-changed',
      breaking: true,
    });
    expect(only(diffDefinitions(bounded(10), bounded(100)).changes)).toMatchObject({
      kind: 'constraint-changed',
      breaking: false,
    });
  });
});
