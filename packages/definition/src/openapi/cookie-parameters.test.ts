import { describe, expect, it } from 'vitest';
import { cookieParametersOf } from '../ir/read-types.js';
import { importOpenApi } from './import-openapi.js';

const load = (spec: object) => importOpenApi({ entry: 'api.json', read: () => JSON.stringify(spec) });

const spec = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  components: {
    parameters: {
      Session: {
        name: 'session',
        in: 'cookie',
        required: true,
        description: 'The session id.',
        schema: { type: 'string' },
        example: 'abc 123;x',
      },
    },
  },
  paths: {
    '/items': {
      parameters: [{ $ref: '#/components/parameters/Session' }],
      get: {
        parameters: [
          {
            name: 'theme',
            in: 'cookie',
            schema: { type: 'string', enum: ['dark', 'light'], default: 'dark' },
          },
          {
            name: 'ids',
            in: 'cookie',
            style: 'form',
            explode: false,
            schema: { type: 'array', items: { type: 'integer' } },
          },
          { name: 'odd', in: 'cookie', style: 'simple', schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        responses: { '204': { description: 'None' } },
      },
      post: { responses: { '204': { description: 'None' } } },
    },
  },
  webhooks: {
    ping: {
      post: {
        parameters: [{ name: 'tracker', in: 'cookie', schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': { description: 'OK' } },
      },
    },
  },
};

describe('cookie parameters (OpenAPI in: cookie)', () => {
  const result = load(spec);
  const endpoints = Object.values(result.definition.endpoints);
  const get = endpoints.find((e) => e.method === 'GET');
  const post = endpoints.find((e) => e.method === 'POST');

  it('are read into cookieParameters, path-level ones merged, required-ness and style kept', () => {
    expect(get?.cookieParameters?.map((p) => p.key)).toEqual(['session', 'theme', 'ids', 'odd']);
    const [session, theme, ids] = get?.cookieParameters ?? [];
    expect(session).toMatchObject({
      key: 'session',
      description: 'The session id.',
      valueShape: { type: 'primitive', value: { type: 'string' } },
      examples: ['abc 123;x'],
    });
    expect(theme?.valueShape.type).toBe('optional');
    expect(ids).toMatchObject({ style: 'form', explode: false });
    expect(get?.queryParameters.map((p) => p.key)).toEqual(['limit']);
    expect(cookieParametersOf(post ?? {}).map((p) => p.key)).toEqual(['session']);
  });

  it('give the spec example its cookie values as written', () => {
    expect(get?.examples[0]?.cookies).toEqual({ session: 'abc 123;x' });
    expect(get?.examples[0]?.synthesized).toBe(false);
  });

  it('warn about a style other than form, and about cookies where they cannot go (webhooks)', () => {
    const messages = result.warnings.map((w) => `${w.pointer} ${w.message}`);
    expect(messages).toContain(
      '/paths/~1items/get/parameters/2/style cookie parameter style "simple" is not supported; sent as form',
    );
    expect(
      messages.some((m) => m.includes('cookie parameters of a webhook are not supported; "tracker" ignored')),
    ).toBe(true);
    expect(messages.some((m) => m.includes('cookie parameter "'))).toBe(false);
  });

  it('leave endpoints without cookies free of the field', () => {
    const bare = load({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { '/a': { get: { responses: { '204': { description: 'None' } } } } },
    });
    const only = Object.values(bare.definition.endpoints)[0];
    expect(only && 'cookieParameters' in only).toBe(false);
    expect(only && cookieParametersOf(only)).toEqual([]);
  });
});
