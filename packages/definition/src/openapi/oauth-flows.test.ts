import { describe, expect, it } from 'vitest';
import { describeOAuthFlows, oauthFlows } from '../ir/oauth-flows.js';
import { apiDefinitionSchema } from '../ir/schema/definition.js';
import { schemaIssues } from '../ir/schema/issues.js';
import { importOpenApi } from './import-openapi.js';

const load = (spec: object) => importOpenApi({ entry: 'api.json', read: () => JSON.stringify(spec) });

const paths = {
  '/pets': {
    get: {
      operationId: 'listPets',
      security: [{ oauth: ['read'] }],
      responses: { 200: { description: 'ok' } },
    },
  },
};

describe('OpenAPI 3.x OAuth flows', () => {
  const result = load({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: {
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: {
            implicit: { authorizationUrl: 'https://id.example.com/authorize', scopes: { read: 'Read' } },
            password: { tokenUrl: 'https://id.example.com/token', scopes: { read: 'Read' } },
            authorizationCode: {
              authorizationUrl: 'https://id.example.com/authorize',
              tokenUrl: 'https://id.example.com/token',
              refreshUrl: 'https://id.example.com/refresh',
              scopes: { read: 'Read pets', write: '' },
            },
            clientCredentials: { tokenUrl: 'https://id.example.com/cc-token', scopes: {} },
          },
        },
        codeOnly: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: 'https://id.example.com/a',
              tokenUrl: 'https://id.example.com/token',
              scopes: {},
            },
          },
        },
        broken: {
          type: 'oauth2',
          flows: { authorizationCode: { tokenUrl: 'https://id.example.com/token' } },
        },
      },
    },
  });
  const auths = result.definition.auths;

  it('every declared flow, client credentials first, implicit read but not offered', () => {
    const oauth = auths.oauth;
    if (oauth?.type !== 'oAuth') throw new Error('expected oAuth');
    expect(oauthFlows(oauth).map((flow) => flow.type)).toEqual([
      'clientCredentials',
      'authorizationCode',
      'password',
      'implicit',
    ]);
    expect(oauth.value.type).toBe('clientCredentials');
    const code = oauthFlows(oauth)[1];
    expect(code).toMatchObject({
      type: 'authorizationCode',
      authorizationUrl: 'https://id.example.com/authorize',
      refreshUrl: 'https://id.example.com/refresh',
      pkce: 'S256',
      scopes: [{ name: 'read', description: 'Read pets' }, { name: 'write' }],
    });
    expect(describeOAuthFlows(oauth)).toBe(
      'client credentials, authorization code (PKCE), password, implicit',
    );
    const implicit = oauthFlows(oauth)[3];
    expect(implicit?.type === 'implicit' && implicit.unsupported).toMatch(
      /authorization code flow with PKCE/,
    );
  });

  it('one synthetic token endpoint per token URL, with the grant of the flow that added it', () => {
    const oauth = auths.oauth;
    if (oauth?.type !== 'oAuth') throw new Error('expected oAuth');
    const ids = oauthFlows(oauth).flatMap((flow) =>
      flow.type === 'implicit' ? [] : [flow.tokenEndpoint.endpointId],
    );
    expect(ids[1]).toBe(ids[2]);
    expect(ids[0]).not.toBe(ids[1]);
    const code = result.definition.endpoints[ids[1] ?? ''];
    expect(code?.synthetic).toBe(true);
    expect(code?.description).toBe(
      'OAuth 2.0 authorization-code token request to https://id.example.com/token.',
    );
    expect(schemaIssues(apiDefinitionSchema, result.definition)).toEqual([]);
  });

  it('a scheme with only the code flow is OAuth with one flow; one without a usable flow is a bearer input', () => {
    expect(auths.codeOnly).toMatchObject({ type: 'oAuth', value: { type: 'authorizationCode' } });
    expect(auths.codeOnly && 'flows' in auths.codeOnly).toBe(false);
    expect(auths.broken).toMatchObject({ type: 'bearerAuth', tokenName: 'Access token' });
  });
});

describe('Swagger 2.0 OAuth flows', () => {
  const scheme = (flow: object) =>
    load({
      swagger: '2.0',
      info: { title: 'T', version: '1' },
      host: 'api.example.com',
      schemes: ['https'],
      paths,
      securityDefinitions: { oauth: { type: 'oauth2', scopes: { read: 'Read' }, ...flow } },
    }).definition.auths.oauth;

  it.each([
    [{ flow: 'application', tokenUrl: 'https://id.example.com/token' }, 'clientCredentials'],
    [
      {
        flow: 'accessCode',
        authorizationUrl: 'https://id.example.com/a',
        tokenUrl: 'https://id.example.com/token',
      },
      'authorizationCode',
    ],
    [{ flow: 'password', tokenUrl: 'https://id.example.com/token' }, 'password'],
    [{ flow: 'implicit', authorizationUrl: 'https://id.example.com/a' }, 'implicit'],
  ])('%j → %s', (flow, type) => {
    const oauth = scheme(flow);
    expect(oauth?.type === 'oAuth' && oauth.value.type).toBe(type);
    expect(oauth?.type === 'oAuth' && oauth.value.scopes).toEqual([{ name: 'read', description: 'Read' }]);
  });

  it('accessCode without a token URL is a bearer input', () => {
    expect(scheme({ flow: 'accessCode', authorizationUrl: 'https://id.example.com/a' })?.type).toBe(
      'bearerAuth',
    );
  });
});
