/**
 * Every error reply of every part has the one shape `{ error: Code, content: { message, … } }`,
 * over HTTP on real servers: a local server with every part (registry on PGlite, docs host on a
 * fixture project, proxy, snippet templates, Ask AI, analytics, page feedback, dashboard, site
 * routes), asked hostile and mistaken things (bad proxy targets, an unknown registry API and route,
 * a snippet-template request without its query, a docs site route with the wrong method or none,
 * malformed JSON, a body too large, a wrong media type, a broken URL); and a hosted server whose
 * database does not answer (503 UnavailableError with Retry-After). Each code is in a catalogue.
 */
import type { AddressInfo } from 'node:net';
import { ERROR_CODE_STYLE } from '@sextant/definition/errors';
import { writeFixtureProject } from '@sextant/docs-project/testing';
import { registryClientErrors } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { serverErrors } from '../error-catalogue.js';

const catalogued = new Set(
  [...serverErrors.entries, ...registryClientErrors.entries].map((entry) => entry.code),
);

interface Asked {
  path: string;
  method?: string;
  body?: string;
  type?: string;
}

/** The request, its status, and the body checked against the one shape; returns the code. */
async function errorReply(
  base: string,
  asked: Asked,
  status: number,
): Promise<{ code: string; headers: Headers }> {
  const response = await fetch(`${base}${asked.path}`, {
    method: asked.method ?? 'GET',
    ...(asked.body === undefined ? {} : { body: asked.body }),
    headers: asked.type ? { 'content-type': asked.type } : {},
  });
  const text = await response.text();
  const where = `${asked.method ?? 'GET'} ${asked.path} → ${response.status} ${text.slice(0, 200)}`;
  expect(response.status, where).toBe(status);
  expect(response.headers.get('content-type'), where).toMatch(/^application\/json/);
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

describe('every part answers errors in the one shape', () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = await buildServer({ mode: 'local', docs: { projectDir: await writeFixtureProject() } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.registry.ready();
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  const json = 'application/json';
  const cases: [part: string, asked: Asked, status: number, code: string][] = [
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
  ];

  it.each(cases)('%s', async (_part, asked, status, code) => {
    expect((await errorReply(base, asked, status)).code).toBe(code);
  });
});

describe('a database that does not answer', () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = await buildServer({
      mode: 'hosted',
      // Nothing listens on port 1: every connection is refused.
      databaseUrl: 'postgres://sextant@127.0.0.1:1/none',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is 503 UnavailableError with Retry-After, in the one shape', async () => {
    const asked = {
      path: '/registry/docs/load',
      method: 'POST',
      body: '{"url":"a.example"}',
      type: 'application/json',
    };
    const { code, headers } = await errorReply(base, asked, 503);
    expect(code).toBe('UnavailableError');
    expect(headers.get('retry-after')).toBe('1');
  });
});
