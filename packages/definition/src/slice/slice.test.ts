import { describe, expect, it } from 'vitest';
import { endpoint as blankEndpoint } from '../diff/test-support.js';
import { IR_VERSION } from '../ir/definition.js';
import type { ApiDefinition, Endpoint, Subpackage, TypeDefinition } from '../ir/index.js';
import { danglingReferences } from './dangling-references.js';
import { SliceTargetNotFoundError, sliceDefinition } from './slice.js';

function endpoint(id: string, extra: Partial<Endpoint> = {}): Endpoint {
  return blankEndpoint('GET', `/${id}`, { id, environments: [], ...extra });
}

/** An API with `size` resources, each with its own types, plus shared ones and an OAuth scheme. */
function api(size: number): ApiDefinition {
  const types: Record<string, TypeDefinition> = {
    Base: {
      id: 'Base',
      name: 'Base',
      shape: {
        type: 'object',
        extends: [],
        properties: [{ key: 'id', valueShape: { type: 'primitive', value: { type: 'string' } } }],
      },
    },
    Kind: { id: 'Kind', name: 'Kind', shape: { type: 'enum', values: [{ value: 'a' }, { value: 'b' }] } },
    Token: {
      id: 'Token',
      name: 'Token',
      shape: {
        type: 'object',
        extends: [],
        properties: [{ key: 'access_token', valueShape: { type: 'primitive', value: { type: 'string' } } }],
      },
    },
    Error: {
      id: 'Error',
      name: 'Error',
      shape: {
        type: 'object',
        extends: [],
        properties: [{ key: 'message', valueShape: { type: 'primitive', value: { type: 'string' } } }],
      },
    },
  };
  const endpoints: Record<string, Endpoint> = {
    token: endpoint('token', {
      method: 'POST',
      auth: ['basic'],
      responses: [{ statusCode: 200, body: { type: 'alias', shape: { type: 'id', id: 'Token' } } }],
    }),
  };
  const subpackages: ApiDefinition['subpackages'] = {
    resources: {
      id: 'resources',
      name: 'Resources',
      endpoints: [],
      websockets: [],
      webhooks: [],
      subpackages: [],
    },
  };
  for (let i = 0; i < size; i++) {
    types[`Item${i}`] = {
      id: `Item${i}`,
      name: `Item${i}`,
      shape: {
        type: 'object',
        extends: ['Base'],
        properties: [
          { key: 'child', valueShape: { type: 'optional', shape: { type: 'id', id: `Child${i}` } } },
          { key: 'kind', valueShape: { type: 'list', itemShape: { type: 'id', id: 'Kind' } } },
        ],
      },
    };
    types[`Child${i}`] = {
      id: `Child${i}`,
      name: `Child${i}`,
      shape: {
        type: 'undiscriminatedUnion',
        variants: [{ shape: { type: 'id', id: `Item${i}` } }, { shape: { type: 'literal', value: null } }],
      },
    };
    endpoints[`get${i}`] = endpoint(`get${i}`, {
      auth: ['oauth'],
      queryParameters: [{ key: 'kind', valueShape: { type: 'optional', shape: { type: 'id', id: 'Kind' } } }],
      responses: [{ statusCode: 200, body: { type: 'alias', shape: { type: 'id', id: `Item${i}` } } }],
      errors: [{ statusCode: 404, shape: { type: 'id', id: 'Error' } }],
    });
    subpackages[`group${i}`] = {
      id: `group${i}`,
      name: `Group ${i}`,
      endpoints: [`get${i}`],
      websockets: [],
      webhooks: [],
      subpackages: [],
    };
    subpackages.resources?.subpackages.push(`group${i}`);
  }
  return {
    irVersion: IR_VERSION,
    id: 'api',
    title: 'API',
    source: { format: 'openapi', version: '3.1.0' },
    endpoints,
    websockets: {
      live: {
        id: 'live',
        title: 'Live',
        path: [{ type: 'literal', value: '/live' }],
        pathParameters: [],
        queryParameters: [],
        requestHeaders: [],
        environments: [],
        auth: ['key'],
        messages: [{ type: 'ping', origin: 'client', body: { type: 'id', id: 'Kind' } }],
        examples: [],
      },
    },
    webhooks: {
      created: {
        id: 'created',
        title: 'Created',
        method: 'POST',
        name: 'created',
        headers: [],
        payload: { contentType: 'application/json', shape: { type: 'id', id: 'Item0' } },
        examples: [],
      },
    },
    types,
    auths: {
      oauth: {
        type: 'oAuth',
        id: 'oauth',
        value: {
          type: 'clientCredentials',
          tokenEndpoint: { endpointId: 'token', accessTokenLocator: '$.access_token' },
          scopes: [],
        },
      },
      basic: { type: 'basicAuth', id: 'basic' },
      key: { type: 'header', id: 'key', headerWireValue: 'X-Key' },
      unused: { type: 'bearerAuth', id: 'unused' },
    },
    globalHeaders: [{ key: 'X-Version', valueShape: { type: 'literal', value: '1' } }],
    rootPackage: {
      endpoints: ['token'],
      websockets: ['live'],
      webhooks: ['created'],
      subpackages: ['resources'],
    },
    subpackages,
  };
}

describe('sliceDefinition', () => {
  it('keeps the endpoint, the types it reaches, its auths, the OAuth token endpoint and a navigation stub', () => {
    const slice = sliceDefinition(api(50), { endpointId: 'get7' });
    expect(Object.keys(slice.endpoints).sort()).toEqual(['get7', 'token']);
    expect(Object.keys(slice.types).sort()).toEqual(['Base', 'Child7', 'Error', 'Item7', 'Kind', 'Token']);
    expect(Object.keys(slice.auths).sort()).toEqual(['basic', 'oauth']);
    expect(slice.websockets).toEqual({});
    expect(slice.webhooks).toEqual({});
    expect(slice.globalHeaders).toHaveLength(1);
    expect(slice.rootPackage).toEqual({
      endpoints: [],
      websockets: [],
      webhooks: [],
      subpackages: ['resources'],
    });
    expect(slice.subpackages.resources?.subpackages).toEqual(['group7']);
    expect(slice.subpackages.group7?.endpoints).toEqual(['get7']);
    expect(Object.keys(slice.subpackages)).toHaveLength(2);
    expect(danglingReferences(slice)).toEqual([]);
  });

  it('slices channels and webhooks', () => {
    const channel = sliceDefinition(api(5), { channelId: 'live' });
    expect(Object.keys(channel.websockets)).toEqual(['live']);
    expect(Object.keys(channel.types)).toEqual(['Kind']);
    expect(Object.keys(channel.auths)).toEqual(['key']);
    expect(channel.rootPackage.websockets).toEqual(['live']);
    expect(danglingReferences(channel)).toEqual([]);
    const webhook = sliceDefinition(api(5), { webhookId: 'created' });
    expect(Object.keys(webhook.types).sort()).toEqual(['Base', 'Child0', 'Item0', 'Kind']);
    expect(webhook.auths).toEqual({});
    expect(danglingReferences(webhook)).toEqual([]);
  });

  it('stays the same size when the API grows', () => {
    const small = JSON.stringify(sliceDefinition(api(10), { endpointId: 'get3' })).length;
    const large = JSON.stringify(sliceDefinition(api(2000), { endpointId: 'get3' })).length;
    expect(large).toBe(small);
    expect(JSON.stringify(api(2000)).length).toBeGreaterThan(100 * small);
  });

  it('resolves every reference of every slice', () => {
    const definition = api(30);
    expect(danglingReferences(definition)).toEqual([]);
    for (const endpointId of Object.keys(definition.endpoints)) {
      expect(danglingReferences(sliceDefinition(definition, { endpointId })), endpointId).toEqual([]);
    }
  });

  it("stubs the navigation by the item's first group and that group's parents, per definition", () => {
    const definition = api(3);
    // get1 listed twice: its first group (in the groups' order) is its home.
    definition.subpackages.group2?.endpoints.push('get1');
    const stubOf = (from: ApiDefinition, endpointId: string) => {
      const { rootPackage, subpackages } = sliceDefinition(from, { endpointId });
      return {
        top: rootPackage.subpackages,
        chain: Object.values(subpackages).map((s) => [s.id, s.subpackages, s.endpoints]),
      };
    };
    const chain = (group: string, endpointId: string) => ({
      top: ['resources'],
      chain: [
        [group, [], [endpointId]],
        ['resources', [group], []],
      ],
    });
    expect(stubOf(definition, 'get1')).toEqual(chain('group1', 'get1'));
    expect(stubOf(definition, 'get2')).toEqual(chain('group2', 'get2'));
    expect(stubOf(definition, 'get1')).toEqual(chain('group1', 'get1'));
    // Another definition (another site version) has its own navigation.
    const moved = { ...definition, subpackages: { ...definition.subpackages } };
    moved.subpackages.group1 = { ...(definition.subpackages.group1 as Subpackage), endpoints: [] };
    expect(stubOf(moved, 'get1')).toEqual(chain('group2', 'get1'));
    expect(stubOf(definition, 'get1')).toEqual(chain('group1', 'get1'));
    // An item no group lists sits at the root.
    expect(sliceDefinition(definition, { endpointId: 'token' }).rootPackage.endpoints).toEqual(['token']);
  });

  it('throws a coded error for an unknown item', () => {
    expect(() => sliceDefinition(api(1), { endpointId: 'nope' })).toThrow(SliceTargetNotFoundError);
    expect(() => sliceDefinition(api(1), { channelId: 'nope' })).toThrow(/No channel "nope"/);
  });
});

describe('danglingReferences', () => {
  it('finds unresolved types, auths, token endpoints and navigation ids', () => {
    const broken = api(2);
    delete broken.types.Kind;
    delete broken.endpoints.token;
    broken.rootPackage.subpackages.push('ghost');
    const problems = danglingReferences(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        'type "Kind" is referenced but not defined',
        'auth oauth: token endpoint "token" is not defined',
        'navigation: endpoint "token" missing',
        'navigation: group "ghost" missing',
      ]),
    );
  });
});
