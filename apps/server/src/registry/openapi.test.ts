/**
 * The registry's own OpenAPI document is published in the demo docs: it must be a document our
 * importer reads whole, with every `$ref` resolving (zod's per-schema `$defs` hoisted).
 */
import { importDefinition } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.js';

describe('registry OpenAPI document', () => {
  const document = buildOpenApiDocument('http://localhost:4000');
  const text = JSON.stringify(document);

  it('leaves no reference to a root-level $defs', () => {
    expect(text).not.toContain('"#/$defs/');
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    for (const name of refs) expect(schemas, name).toHaveProperty([name]);
  });

  it('imports with Sextant’s own importer: one endpoint per route, no warnings about references', () => {
    const { definition, warnings } = importDefinition({
      entry: 'openapi.json',
      read: () => text,
    });
    const paths = Object.values(document.paths as Record<string, Record<string, unknown>>);
    const operations = paths.reduce((count, item) => count + Object.keys(item).length, 0);
    expect(Object.keys(definition.endpoints)).toHaveLength(operations);
    expect(warnings.filter((w) => /\$ref|reference/i.test(w.message))).toEqual([]);
  });
});

describe('registry OpenAPI document while the database is closed', () => {
  it('answers /openapi.json before the database opens (sextant dev loads it first), other calls wait', async () => {
    const { buildServer } = await import('../app.js');
    let openDatabase: () => void = () => undefined;
    const app = await buildServer({
      mode: 'local',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
      authInjection: false,
      openRegistryAfter: new Promise<void>((resolve) => {
        openDatabase = resolve;
      }),
    });
    try {
      const document = await app.inject({ method: 'GET', url: '/openapi.json' });
      expect(document.statusCode).toBe(200);
      expect(document.json()).toHaveProperty('openapi');
      let answered = false;
      const waiting = app
        .inject({ method: 'GET', url: '/registry/api/latest/load/plants' })
        .then((response) => {
          answered = true;
          return response;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      openDatabase();
      expect((await waiting).statusCode).not.toBe(503);
    } finally {
      openDatabase();
      await app.close();
    }
  });

  it('closes when it is closed before the database opens (a dev server whose port is taken), and waiting calls fail', async () => {
    const { buildServer } = await import('../app.js');
    const app = await buildServer({
      mode: 'local',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
      authInjection: false,
      openRegistryAfter: new Promise<void>(() => undefined),
    });
    const ready = app.registry.ready();
    const closed = await Promise.race([
      app.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open after 5 s'), 5000)),
    ]);
    expect(closed).toBe('closed');
    await expect(ready).rejects.toMatchObject({ code: 'UnavailableError' });
  });
});
