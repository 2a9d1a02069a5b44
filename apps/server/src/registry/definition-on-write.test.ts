/**
 * Validation on write: the registry checks a registered API definition whole with the IR's
 * schema and refuses a malformed one with InvalidApiDefinitionError, naming the first problems
 * by their path inside the definition; what it stores is what it hands back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint, petStore } from './testing/fixtures.js';
import { startRegistryServer, type TestServer } from './testing/servers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startRegistryServer();
}, 60_000);
afterAll(() => server?.close());

async function register(definition: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.baseUrl}/registry/api/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body:
      typeof definition === 'string'
        ? definition
        : JSON.stringify({ orgId: server.orgId, apiId: 'pets', definition }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('registerApiDefinition validates the definition on write', () => {
  it('stores a sound definition and hands it back as stored', async () => {
    const sound = petStore([endpoint('list', '/pets')]);
    const { status, body } = await register(sound);
    expect(status).toBe(200);
    const id = body.apiDefinitionId as string;
    const loaded = await (await fetch(`${server.baseUrl}/registry/api/load/${id}`)).json();
    expect(loaded).toEqual({ ...JSON.parse(JSON.stringify(sound)), id });
  });

  const sound = () => petStore([endpoint('list', '/pets')]);
  const cases: [string, () => unknown, RegExp][] = [
    [
      'another IR version',
      () => ({ ...sound(), irVersion: 99 }),
      /^irVersion: irVersion is 99; this code reads 1$/,
    ],
    [
      'a wrong type deep inside',
      () => {
        const definition = sound();
        (definition.endpoints.list?.responses[0] as unknown as { statusCode: string }).statusCode = 'ok';
        return definition;
      },
      /^endpoints\.list\.responses\.0\.statusCode: /,
    ],
    ['a dangling type reference', () => ({ ...sound(), types: {} }), /dangling type reference/],
    [
      'an endpoint under another key',
      () => ({ ...sound(), endpoints: { list: { ...sound().endpoints.list, id: 'other' } } }),
      /^endpoints\.list\.id: endpoint key list holds id other$/,
    ],
  ];

  it.each(cases)('refuses %s with InvalidApiDefinitionError and the path', async (_name, make, first) => {
    const { status, body } = await register(make());
    expect(status).toBe(400);
    expect(body.error).toBe('InvalidApiDefinitionError');
    const content = body.content as { message: string; problems: string[] };
    expect(content.problems[0]).toMatch(first);
    expect(content.message).toMatch(/^The API definition cannot be stored: /);
  });

  it('refuses a "__proto__" key and hostile depth before validation, naming where', async () => {
    const proto = JSON.stringify({ orgId: server.orgId, apiId: 'pets', definition: sound() }).replace(
      '"types":{',
      '"types":{"__proto__":{},',
    );
    const refused = await register(proto);
    expect(refused.status).toBe(400);
    // Fastify's JSON parser refuses it first; the input walk would name it (hostile-input.test.ts).
    expect(refused.body.error).toBe('BadRequestError');
    const deep = JSON.stringify({ orgId: server.orgId, apiId: 'pets', definition: sound() }).replace(
      '"types":{',
      `"types":{"deep":${'['.repeat(10_000)}${']'.repeat(10_000)},`,
    );
    const tooDeep = await register(deep);
    expect(tooDeep.status).toBe(400);
    expect(String((tooDeep.body.content as { message: string }).message)).toMatch(/nested deeper/);
  });
});
