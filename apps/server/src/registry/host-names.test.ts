/**
 * Host ownership by host name (issue #24), on PGlite and PostgreSQL, through the real server
 * (registry and docs host, hosted mode). With `--allow-domain docs.acme.test` taken by acme,
 * beta cannot register any port, case or trailing-dot form of the name, nor claim it; acme
 * publishes and is served on any port of it; and a row of another organization left on a port of
 * the name (data from before ownership was by name) is never served, nor revived by un-archiving;
 * and the console host's name (`--console-host`) is no organization's to register or claim.
 */

import type { AddressInfo } from 'node:net';
import { guidePagesDefinition } from '@sextant/definition/testing';
import { createRegistryClient, type RegistryClient, RegistryNamedError } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { openTestDatabase, TEST_DATABASES } from './testing/servers.js';

/** A renderable site whose home page says `text`. */
const site = (text: string) => guidePagesDefinition(text, [{ slug: '', title: text, markdown: `# ${text}` }]);

/** The registry's named error of a call, or undefined when it succeeded. */
async function errorOf(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    if (error instanceof RegistryNamedError) return error.errorName;
    throw error;
  }
}

describe.each(TEST_DATABASES)('host names on $name', (database) => {
  let app: FastifyInstance;
  let acme: RegistryClient;
  let beta: RegistryClient;
  let drop: (() => Promise<void>) | undefined;
  let skipped: string | undefined;

  /** Registers `domain` for `orgId` with a site saying `text`; the named error when refused. */
  const publish = async (client: RegistryClient, orgId: string, domain: string, text: string) =>
    errorOf(
      (async () => {
        const init = await client.initDocsRegistrationV2({ body: { orgId, domain } });
        return client.finishDocsRegistrationV2({
          params: { id: init.docsRegistrationId },
          body: { docsDefinition: site(text) },
        });
      })(),
    );
  const home = async (host: string) => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { host } });
    return response.statusCode === 200
      ? /<h1[^>]*>([^<]*)<\/h1>/.exec(response.body)?.[1]
      : response.statusCode;
  };

  beforeAll(async () => {
    const opened = await openTestDatabase(database);
    if ('skipped' in opened) {
      skipped = opened.skipped;
      return;
    }
    drop = opened.drop;
    app = await buildServer({
      mode: 'hosted',
      ...(opened.databaseUrl ? { databaseUrl: opened.databaseUrl } : {}),
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
      registry: { allowDomains: ['docs.acme.test', 'docs.beta.test'] },
      consoleHost: 'console.sextant.test',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.registry.ready();
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const client = (token: string) => createRegistryClient({ baseUrl, token });
    acme = client((await app.registry.createOrganization('acme')).token);
    beta = client((await app.registry.createOrganization('beta')).token);
    expect(await publish(acme, 'acme', 'docs.acme.test', 'Acme home')).toBeUndefined();
    expect(await publish(beta, 'beta', 'docs.beta.test', 'Beta home')).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('refuses another organization every port, case and trailing-dot form of an owned name', async (ctx) => {
    if (skipped) return ctx.skip();
    for (const domain of [
      'docs.acme.test:8080',
      'DOCS.ACME.TEST:8081',
      'docs.acme.test:80',
      'docs.acme.test:443',
      'docs.acme.test.',
      'Docs.Acme.Test.:9090/guides',
      'https://docs.acme.test:8443/beta',
    ])
      expect(await publish(beta, 'beta', domain, 'Beta squat'), domain).toBe(
        'DomainBelongsToAnotherOrgError',
      );
    expect(
      await errorOf(
        beta.initDocsRegistrationV2({
          body: { orgId: 'beta', domain: 'docs.beta.test/v2', customDomains: ['docs.acme.test:8082'] },
        }),
      ),
    ).toBe('DomainBelongsToAnotherOrgError');
    expect(
      await errorOf(beta.createDomainClaim({ body: { orgId: 'beta', domain: 'docs.acme.test:8080' } })),
    ).toBe('DomainBelongsToAnotherOrgError');
    // Nothing of beta's is served on any form of acme's host.
    for (const host of ['docs.acme.test:8080', 'DOCS.ACME.TEST:8081', 'docs.acme.test:80', 'docs.acme.test.'])
      expect(await home(host), host).not.toBe('Beta squat');
  });

  it("reserves the console host's name: no organization registers or claims it, on any port", async (ctx) => {
    if (skipped) return ctx.skip();
    for (const domain of ['console.sextant.test', 'CONSOLE.sextant.test.:8443', 'console.sextant.test/docs'])
      expect(await publish(acme, 'acme', domain, 'Acme on the console'), domain).toBe(
        'DomainNotClaimedError',
      );
    expect(
      await errorOf(acme.createDomainClaim({ body: { orgId: 'acme', domain: 'console.sextant.test:8080' } })),
    ).toBe('DomainNotClaimedError');
    const { db } = await app.registry.database();
    expect(
      await db.selectFrom('docs_hosts').select('host').where('host', 'like', 'console%').execute(),
    ).toEqual([]);
  });

  it('lets the owner publish on any port, served there under any case or trailing dot', async (ctx) => {
    if (skipped) return ctx.skip();
    expect(await publish(acme, 'acme', 'docs.acme.test:8080', 'Acme on 8080')).toBeUndefined();
    expect(await home('docs.acme.test:8080')).toBe('Acme on 8080');
    expect(await home('DOCS.ACME.TEST.:8080')).toBe('Acme on 8080');
    // Default ports are the port-less URL.
    expect(await home('docs.acme.test:80')).toBe('Acme home');
    expect(await home('docs.acme.test.')).toBe('Acme home');
    expect(await home('docs.acme.test:9999')).toBe(404);
    // The claim of a name already owned is verified at once for its owner, on any port.
    const claim = await acme.createDomainClaim({ body: { orgId: 'acme', domain: 'docs.acme.test:7000' } });
    expect([claim.domain, claim.verified]).toEqual(['docs.acme.test', true]);
  });

  it('never serves a row of another organization left on a port of the name, nor lets it be revived', async (ctx) => {
    if (skipped) return ctx.skip();
    const { db } = await app.registry.database();
    const betaSite = await db
      .selectFrom('docs_urls')
      .select('docs_definition_id')
      .where('url', '=', 'docs.beta.test')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('docs_urls')
      .values({
        url: 'docs.acme.test:9000',
        domain: 'docs.acme.test:9000',
        base_path: '',
        org_id: 'beta',
        docs_definition_id: betaSite.docs_definition_id,
        is_custom: false,
        is_preview: false,
        is_archived: false,
        metadata: '{}',
      })
      .execute();
    await app.registry.invalidateDocs();
    expect(await home('docs.acme.test:9000')).toBe(404);
    expect(await errorOf(acme.loadDocsForUrl({ body: { url: 'docs.acme.test:9000' } }))).toBe(
      'DomainNotRegisteredError',
    );
    await beta.setDocsIsArchived({ body: { url: 'docs.acme.test:9000', isArchived: true } });
    expect(
      await errorOf(beta.setDocsIsArchived({ body: { url: 'docs.acme.test:9000', isArchived: false } })),
    ).toBe('DomainBelongsToAnotherOrgError');
    expect(await home('docs.acme.test:9000')).toBe(404);
  });
});
