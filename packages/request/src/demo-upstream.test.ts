/**
 * Send Request against the real demo upstream (examples/servers) and the real demo definition
 * (examples/apis/demo-rest.openapi.yaml): the request `buildRequest` builds and `toFetchInit`
 * turns into a `fetch` call is accepted upstream for every auth kind, the OAuth
 * client-credentials login obtains a token that then opens the protected endpoint, and each
 * body kind arrives as sent.
 */
import { createHash } from 'node:crypto';
import { type ApiDefinition, importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoServers, startDemoServers } from '../../../examples/servers/index.js';
import type { AuthState } from './auth/auth-state.js';
import { emptyOAuthState } from './auth/auth-state.js';
import { buildTokenRequest, extractAccessToken } from './auth/oauth.js';
import { buildRequest } from './build/build-request.js';
import type { BuiltRequest } from './build/built-request.js';
import { toFetchInit } from './build/fetch-init.js';
import { initialFormState } from './form-state/initial-state.js';
import { setBodyFile, setFormFiles } from './form-state/operations.js';
import { findEndpoint } from './sdk/endpoint-reference.js';

let demo: DemoServers;
let definition: ApiDefinition;

beforeAll(async () => {
  demo = await startDemoServers({ restPort: 0, wsPort: 0, rpcPort: 0 });
  definition = importDefinition(readSpecFile('examples/apis/demo-rest.openapi.yaml')).definition;
});
afterAll(async () => {
  await demo?.close();
});

const endpoint = (reference: string) => findEndpoint(Object.values(definition.endpoints), reference);
const build = (
  reference: string,
  auth?: AuthState,
  edit = (s: ReturnType<typeof initialFormState>) => s,
): BuiltRequest => {
  const e = endpoint(reference);
  return buildRequest(
    e,
    edit(initialFormState(e, { types: definition.types })),
    auth,
    { baseUrl: demo.restUrl },
    {
      auths: definition.auths,
      globalHeaders: definition.globalHeaders,
      types: definition.types,
    },
  );
};
const send = async (request: BuiltRequest) => {
  const { url, init } = toFetchInit(request);
  const response = await fetch(url, init);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

describe('Send Request against the demo upstream', () => {
  it.each([
    ['GET /secure/bearer', { bearer: { token: 'demo-token' } }],
    ['GET /secure/basic', { basic: { username: 'demo', password: 'demo-password' } }],
    ['GET /secure/api-key', { header: { headers: { 'X-API-Key': 'demo-api-key' } } }],
  ] as const)('%s: accepted with the right credentials, refused without', async (reference, auth) => {
    expect((await send(build(reference, auth))).status).toBe(200);
    expect((await send(build(reference))).status).toBe(401);
  });

  it('OAuth client credentials: login, then the token opens the protected endpoint', async () => {
    const scheme = Object.values(definition.auths).find((s) => s.type === 'oAuth');
    if (scheme?.type !== 'oAuth' || scheme.value.type !== 'clientCredentials')
      throw new Error('the demo definition has no OAuth client-credentials scheme');
    const tokenEndpoint = definition.endpoints[scheme.value.tokenEndpoint.endpointId];
    if (!tokenEndpoint) throw new Error('token endpoint missing');
    const refused = await send(
      buildTokenRequest(tokenEndpoint, 'sextant-demo', 'wrong', [], { baseUrl: demo.restUrl }),
    );
    expect(refused.status).toBe(401);
    const login = await send(
      buildTokenRequest(tokenEndpoint, 'sextant-demo', 'demo-secret', [], { baseUrl: demo.restUrl }),
    );
    expect(login.status).toBe(200);
    const token = extractAccessToken(login.json, scheme.value.tokenEndpoint.accessTokenLocator);
    expect(token).toMatch(/^[\w-]{10,}$/);
    const oauth = {
      ...emptyOAuthState(),
      accessToken: token ?? '',
      isLoggedIn: true,
      loggedInStartingToken: token ?? '',
    };
    expect((await send(build('GET /secure/oauth/profile', { oauth }))).json).toMatchObject({
      auth: 'oauth2',
    });
    expect(
      (await send(build('GET /secure/oauth/profile', { oauth: { ...oauth, accessToken: 'stale' } }))).status,
    ).toBe(401);
  });

  it('JSON, urlencoded, multipart and raw bodies arrive as built', async () => {
    const json = build('POST /echo');
    expect(json.body.type).toBe('json');
    expect((await send(json)).json.body).toEqual({
      kind: 'json',
      value: json.body.type === 'json' ? json.body.value : undefined,
    });

    const form = build('POST /echo/form');
    expect(form.body.type).toBe('urlencoded');
    const fields = form.body.type === 'urlencoded' ? Object.fromEntries(form.body.fields) : {};
    expect((await send(form)).json.body).toEqual({ kind: 'form', fields });

    const bytes = new Uint8Array(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));
    const file = new File([bytes], 'leaf.png', { type: 'image/png' });
    const digest = createHash('sha256').update(bytes).digest('hex');
    const upload = build('POST /upload', undefined, (s) => {
      let next = s;
      if (s.body?.type === 'form-data') {
        for (const [key, field] of Object.entries(s.body.value)) {
          if (field.type === 'file' || field.type === 'files') next = setFormFiles(next, key, [file]);
        }
      }
      return next;
    });
    const uploaded = await send(upload);
    expect(uploaded.status).toBe(200);
    const parts = uploaded.json.parts as { name: string; fileName?: string; sha256: string }[];
    expect(parts.filter((p) => p.fileName === 'leaf.png').map((p) => p.sha256)).toContain(digest);

    const raw = build('PUT /upload/raw', undefined, (s) => setBodyFile(s, [file]));
    expect((await send(raw)).json).toEqual({
      contentType: 'application/octet-stream',
      size: 1000,
      sha256: digest,
    });
  });
});
