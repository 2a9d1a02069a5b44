/**
 * Site routes through the docs host (local mode, a real project folder): GET routes answer
 * before pages, POST/DELETE bodies arrive as the exact bytes sent, unknown paths are 404, a
 * known path with another method is 405, and a broken project answers its error page.
 */

import { writeFixtureProject } from '@sextant/docs-project/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsHost } from './plugin.js';
import { createSiteRouteTable, type SiteRequestContext } from './site-routes.js';

let app: FastifyInstance;
const seen: { body?: unknown; context?: SiteRequestContext } = {};

beforeAll(async () => {
  const dir = await writeFixtureProject();
  app = Fastify();
  await app.register(docsHost, { mode: 'local', projectDir: dir });
  app.docsHost.addSiteRoute({
    method: 'GET',
    path: '/llms.txt',
    handler: (_request, reply, context) =>
      reply.type('text/plain').send(`# ${context.site.definition.config.title}`),
  });
  app.docsHost.addSiteRoute({
    method: 'POST',
    path: '/_sextant/echo',
    handler: (request, reply, context) => {
      seen.body = request.body;
      seen.context = context;
      return reply.send({ length: (request.body as Buffer).length });
    },
  });
  await app.ready();
});
afterAll(() => app.close());

describe('site routes', () => {
  it('a GET site route answers with the resolved site, before any page', async () => {
    const response = await app.inject({ url: '/llms.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('# Pet Docs');
  });

  it('a POST site route gets the raw bytes, whatever the content type says', async () => {
    const raw = '{"a": 1,  "b":"é"}';
    const response = await app.inject({
      method: 'POST',
      url: '/_sextant/echo',
      headers: { 'content-type': 'application/json', host: 'docs.test:8080' },
      payload: raw,
    });
    expect(response.statusCode).toBe(200);
    expect(Buffer.isBuffer(seen.body)).toBe(true);
    expect((seen.body as Buffer).toString('utf8')).toBe(raw);
    expect(seen.context?.origin).toBe('http://docs.test:8080');
    expect(seen.context?.mode).toBe('local');
    // No registry on this server: nothing owns the local site.
    expect(await seen.context?.owner()).toBeUndefined();
  });

  it('unknown POST paths are 404 and a known path with another method is 405', async () => {
    expect((await app.inject({ method: 'POST', url: '/nothing-here', payload: 'x' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/_sextant/echo' })).statusCode).toBe(405);
  });

  it('a body over the limit is refused before the handler runs', async () => {
    seen.body = undefined;
    const response = await app.inject({
      method: 'POST',
      url: '/_sextant/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(response.statusCode).toBe(413);
    expect(seen.body).toBeUndefined();
  });

  it('registering the same method and path twice is refused', () => {
    expect(() =>
      app.docsHost.addSiteRoute({ method: 'GET', path: '/llms.txt', handler: () => undefined }),
    ).toThrow(/already registered/);
  });

  it("the host's own resources are rows of the same table: taken paths are refused, other methods are 405", async () => {
    expect(() =>
      app.docsHost.addSiteRoute({ method: 'GET', path: '/_sextant/site.css', handler: () => undefined }),
    ).toThrow(/already registered/);
    expect((await app.inject({ method: 'POST', url: '/_sextant/site.css', payload: 'x' })).statusCode).toBe(
      405,
    );
    expect((await app.inject({ method: 'DELETE', url: '/_sextant/files/a/b.png' })).statusCode).toBe(405);
  });
});

describe('the site-route table', () => {
  const handler = () => undefined;
  it('a row ending in /* serves every path under it; an exact row wins; others are not served', () => {
    const table = createSiteRouteTable();
    const files = { method: 'GET', path: '/_sextant/files/*', handler } as const;
    const exact = { method: 'GET', path: '/_sextant/files/special', handler } as const;
    table.add(files);
    table.add(exact);
    expect(table.find('GET', '/_sextant/files/a/b.png')).toBe(files);
    expect(table.find('GET', '/_sextant/files/special')).toBe(exact);
    expect(table.find('POST', '/_sextant/files/a.png')).toBeUndefined();
    expect(table.find('GET', '/_sextant/filesystem')).toBeUndefined();
    expect(table.find('GET', '/_sextant/files')).toBeUndefined();
    expect(table.hasPath('/_sextant/files/x')).toBe(true);
    expect(table.hasPath('/elsewhere')).toBe(false);
  });
  it('refuses a path not starting with / and a duplicate prefix row', () => {
    const table = createSiteRouteTable();
    expect(() => table.add({ method: 'GET', path: 'llms.txt', handler })).toThrow(/must start with/);
    table.add({ method: 'GET', path: '/x/*', handler });
    expect(() => table.add({ method: 'GET', path: '/x/*', handler })).toThrow(/already registered/);
  });
});
