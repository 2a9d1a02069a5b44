/**
 * Every error reply of every part has the one shape `{ error: Code, content: { message, … } }`,
 * over HTTP on real servers: a local server with every part (registry on PGlite, docs host on a
 * fixture project with a docs login, proxy, snippet templates, Ask AI, analytics, page feedback,
 * dashboard, site routes), asked hostile and mistaken things (bad proxy targets, an unknown registry
 * API and route, a snippet-template request without its query, a docs site route with the wrong
 * method or none, malformed JSON, a body too large, a wrong media type, a broken URL, a malformed
 * Host on the texts and the login, a login's foreign return address, page data of no page); a
 * hosted docs host asked a site route's call where no site is, or outside a site's base path, and a
 * login of a site without one; the demo identity provider asked to return off the server; a local
 * project that cannot load, asked a site route's call; and a hosted server whose database does not
 * answer (503 UnavailableError with Retry-After). Each code is in a catalogue.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { ERROR_CODE_STYLE } from '@sextant/definition/errors';
import { guidePagesDefinition } from '@sextant/definition/testing';
import { docsProjectErrors } from '@sextant/docs-project';
import { writeFixtureProject } from '@sextant/docs-project/testing';
import { type RegistryClient, registryClientErrors } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { hostRequest } from '../docs-host/testing/host-request.js';
import { serverErrors } from '../error-catalogue.js';
import { portOf, startHostedOrganization } from '../testing/index.js';

const catalogued = new Set(
  [...serverErrors.entries, ...registryClientErrors.entries, ...docsProjectErrors.entries].map(
    (entry) => entry.code,
  ),
);

interface Asked {
  path: string;
  method?: string;
  body?: string;
  type?: string;
  /** The Host header (the server's address when absent). */
  host?: string;
}

type Case = [part: string, asked: Asked, status: number, code: string];

/** The request, its status, and the body checked against the one shape; returns the code. */
async function errorReply(
  port: number,
  asked: Asked,
  status: number,
): Promise<{ code: string; headers: IncomingHttpHeaders }> {
  const response = await hostRequest(port, {
    path: asked.path,
    method: asked.method ?? 'GET',
    ...(asked.host === undefined ? {} : { host: asked.host }),
    ...(asked.body === undefined ? {} : { body: asked.body }),
    headers: asked.type ? { 'content-type': asked.type } : {},
  });
  const { text } = response;
  const where = `${asked.method ?? 'GET'} ${asked.path} → ${response.status} ${text.slice(0, 200)}`;
  expect(response.status, where).toBe(status);
  expect(response.headers['content-type'], where).toMatch(/^application\/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort(), where).toEqual(['content', 'error']);
  const code = body.error as string;
  expect(code, where).toMatch(ERROR_CODE_STYLE);
  expect(catalogued.has(code), `${code} is in a catalogue (${where})`).toBe(true);
  const content = body.content as Record<string, unknown>;
  expect(typeof content.message, where).toBe('string');
  expect((content.message as string).length, where).toBeGreaterThan(0);
  return { code, headers: response.headers };
}

/** One test per case: the request answers its status with its code, in the one shape. */
function itAnswers(cases: Case[], port: () => number): void {
  it.each(cases)('%s', async (_part, asked, status, code) => {
    expect((await errorReply(port(), asked, status)).code).toBe(code);
  });
}

const LOGIN_SECRET_ENV = 'SEXTANT_LOGIN_ERROR_REPLIES_TEST';

/** A fixture project whose docs.yml adds a login (its secret must be set; no token is checked here). */
async function projectWithLogin(): Promise<string> {
  const dir = await writeFixtureProject();
  const docsYml = await readFile(join(dir, 'docs.yml'), 'utf8');
  await writeFile(
    join(dir, 'docs.yml'),
    `${docsYml}login:\n  authorizationUrl: https://login.acme.test/start\n  returnToQueryParam: return_to\n  credentialParam: token\n  apiKeyClaim: api_key\n  hmacSecretEnv: ${LOGIN_SECRET_ENV}\n`,
  );
  return dir;
}

describe('every part answers errors in the one shape', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    process.env[LOGIN_SECRET_ENV] = 'the-secret-of-the-error-replies-test';
    app = await buildServer({ mode: 'local', docs: { projectDir: await projectWithLogin() } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.registry.ready();
    port = portOf(app);
  });
  afterAll(async () => {
    delete process.env[LOGIN_SECRET_ENV];
    await app?.close();
  });

  const json = 'application/json';
  const cases: Case[] = [
    ['proxy: no target', { path: '/proxy/' }, 400, 'ProxyTargetMissingError'],
    ['proxy: not a URL', { path: '/proxy/not%20a%20url' }, 400, 'ProxyTargetInvalidUrlError'],
    ['proxy: another scheme', { path: '/proxy/ftp://api.example.com/' }, 400, 'ProxyTargetSchemeError'],
    [
      'proxy: credentials in the URL',
      { path: '/proxy/http://u:p@api.example.com/' },
      400,
      'ProxyTargetUserinfoError',
    ],
    ['registry: unknown API', { path: '/registry/api/load/no-such-api' }, 404, 'ApiDoesNotExistError'],
    [
      'registry: unknown route',
      { path: '/registry/no-such-call', method: 'POST', body: '{}', type: json },
      404,
      'RouteNotFoundError',
    ],
    [
      'registry: malformed JSON',
      { path: '/registry/docs/load', method: 'POST', body: '{"url":', type: json },
      400,
      'BadRequestError',
    ],
    [
      'registry: body too large',
      {
        path: '/registry/docs/load',
        method: 'POST',
        body: `{"url":"${'x'.repeat(2 * 1024 * 1024)}"}`,
        type: json,
      },
      413,
      'PayloadTooLargeError',
    ],
    [
      'registry: not JSON',
      { path: '/registry/docs/load', method: 'POST', body: '<url/>', type: 'application/xml' },
      415,
      'UnsupportedMediaTypeError',
    ],
    [
      'registry: schema',
      { path: '/registry/docs/load', method: 'POST', body: '{"url":1}', type: json },
      400,
      'BadRequestError',
    ],
    ['snippet templates: no query', { path: '/_sextant/snippet-templates' }, 400, 'BadRequestError'],
    [
      'snippet templates: unknown endpoint',
      { path: '/_sextant/snippet-templates?api=nope&endpoint=nope' },
      404,
      'SnippetTemplatesNotFoundError',
    ],
    [
      'site route: wrong method',
      { path: '/_sextant/ai/chat', method: 'DELETE' },
      405,
      'MethodNotAllowedError',
    ],
    [
      'site route: none',
      { path: '/_sextant/no-such-route', method: 'POST', body: '{}', type: json },
      404,
      'RouteNotFoundError',
    ],
    [
      'ask AI: not enabled',
      { path: '/_sextant/ai/chat', method: 'POST', body: '{}', type: json },
      404,
      'AiNotEnabledError',
    ],
    [
      'analytics: a beacon from no page',
      { path: '/_sextant/analytics', method: 'POST', body: '{"events":', type: json },
      403,
      'CrossOriginBeaconError',
    ],
    [
      'page feedback: from no page',
      { path: '/_sextant/feedback', method: 'POST', body: '[]', type: json },
      403,
      'CrossOriginBeaconError',
    ],
    ['dashboard API: signed out', { path: '/_sextant/dashboard/api/session' }, 401, 'UnauthorizedError'],
    ['dashboard: unknown file', { path: '/_sextant/dashboard/assets/nothing.js' }, 404, 'RouteNotFoundError'],
    ['no route: another method', { path: '/anything', method: 'PATCH' }, 404, 'RouteNotFoundError'],
    [
      'router: broken URL',
      { path: '/registry/docs/%zz', method: 'POST', body: '{}', type: json },
      400,
      'BadRequestError',
    ],
    [
      'site route: a path that names no route (a backslash)',
      { path: '/_sextant/a%5Cb', method: 'POST', body: '{}', type: json },
      404,
      'RouteNotFoundError',
    ],
    ['llms.txt: malformed Host', { path: '/llms.txt', host: 'bad host/x' }, 400, 'MalformedHostError'],
    ['sitemap: malformed Host', { path: '/sitemap.xml', host: 'bad host/x' }, 400, 'MalformedHostError'],
    ['robots.txt: malformed Host', { path: '/robots.txt', host: 'bad host/x' }, 400, 'MalformedHostError'],
    ['page data: no such page', { path: '/_sextant/page.json?slug=no/such/page' }, 404, 'PageNotFoundError'],
    [
      'site login: a return address off the site',
      { path: `/api/auth/login?return_to=${encodeURIComponent('https://evil.example/')}` },
      400,
      'LoginReturnAddressError',
    ],
    [
      'site login: malformed Host',
      { path: '/api/auth/login', host: 'bad host/x' },
      400,
      'MalformedHostError',
    ],
  ];

  itAnswers(cases, () => port);
});

describe('a hosted docs host', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    let client: RegistryClient;
    ({ app, port, client } = await startHostedOrganization('acme', ['acme.test']));
    const init = await client.initDocsRegistrationV2({ body: { orgId: 'acme', domain: 'acme.test/docs' } });
    await client.finishDocsRegistrationV2({
      params: { id: init.docsRegistrationId },
      body: {
        docsDefinition: guidePagesDefinition('Acme', [{ slug: '', title: 'Acme', markdown: '# Acme' }]),
      },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const beacon = { method: 'POST', body: '{"events":[]}', type: 'application/json' };
  const cases: Case[] = [
    [
      'a site route call where no site is published',
      { path: '/_sextant/analytics', host: 'nothing.test', ...beacon },
      404,
      'DocsNotFoundError',
    ],
    [
      "a site route call outside the site's base path",
      // The registry reads the address with its dot segments resolved (`/docs/…`); the docs host does not.
      { path: '/x/../docs/_sextant/analytics', host: 'acme.test', ...beacon },
      404,
      'RouteNotFoundError',
    ],
    [
      'site login: no login',
      { path: '/docs/api/auth/login', host: 'acme.test' },
      404,
      'LoginNotConfiguredError',
    ],
    [
      'site login callback: no login',
      { path: '/docs/api/auth/callback', host: 'acme.test' },
      404,
      'LoginNotConfiguredError',
    ],
  ];

  itAnswers(cases, () => port);

  it('still answers a page address with no site, or outside the base path, as a text 404', async () => {
    for (const [host, path] of [
      ['nothing.test', '/'],
      ['acme.test', '/x/../docs/page'],
    ] as const) {
      const page = await hostRequest(port, { host, path });
      expect(page.status, `${host}${path}`).toBe(404);
      expect(page.headers['content-type'], `${host}${path}`).toMatch(/^text\/plain/);
    }
  });
});

describe('the demo identity provider', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildServer({
      mode: 'local',
      logger: false,
      parts: { registry: false, proxy: false, wsProxy: false, docsHost: false },
      authInjection: { provider: { type: 'demo' } },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses to return anywhere but its own callback, in the one shape', async () => {
    const redirect = encodeURIComponent('https://evil.example/api/auth/callback');
    const asked = { path: `/demo-idp/authorize?redirect_uri=${redirect}` };
    expect((await errorReply(portOf(app), asked, 400)).code).toBe('InvalidRedirectUriError');
  });
});

describe('a local project that cannot load', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const dir = await writeFixtureProject();
    await writeFile(join(dir, 'docs.yml'), 'navigation: [unclosed\n');
    app = await buildServer({
      mode: 'local',
      logger: false,
      parts: { registry: false, proxy: false, wsProxy: false },
      docs: { projectDir: dir },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("answers a site route's call with DocsProjectError, and a page with the error page", async () => {
    const asked = { path: '/_sextant/analytics', method: 'POST', body: '{}', type: 'application/json' };
    expect((await errorReply(portOf(app), asked, 500)).code).toBe('DocsProjectError');
    const page = await hostRequest(portOf(app), { path: '/' });
    expect(page.status).toBe(500);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('a database that does not answer', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildServer({
      mode: 'hosted',
      // Nothing listens on port 1: every connection is refused.
      databaseUrl: 'postgres://sextant@127.0.0.1:1/none',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const json = 'application/json';
  it.each([
    [
      'the registry',
      { path: '/registry/docs/load', method: 'POST', body: '{"url":"a.example"}', type: json },
    ],
    [
      "a docs site route's call",
      { path: '/_sextant/analytics', host: 'acme.test', method: 'POST', body: '{}', type: json },
    ],
  ] satisfies [string, Asked][])(
    '%s: 503 UnavailableError with Retry-After, in the one shape',
    async (_part, asked) => {
      const { code, headers } = await errorReply(portOf(app), asked, 503);
      expect(code).toBe('UnavailableError');
      expect(headers['retry-after']).toBe('1');
    },
  );
});
