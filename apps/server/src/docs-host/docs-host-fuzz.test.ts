/**
 * Docs host fuzz (issue #24), on PGlite and on PostgreSQL: a hosted server (registry and docs
 * host) with published sites, one at a root and one under a base path, on a port too, with exact,
 * wildcard and external redirects. Fixed hostile cases (the open-redirect forms, `//`, `%00`,
 * bad UTF-8, line breaks, over-long paths), then fast-check properties over paths (encoded
 * slashes and backslashes, controls, bad escapes, dot segments, arbitrary bytes), Host headers
 * (case, trailing dots, ports, garbage) and redirect inputs (arbitrary redirects matched against
 * arbitrary paths; arbitrary destinations published through the registry and then served).
 * Every answer: never a 5xx, and every Location is same-site or the configured external origin.
 * Counts (cases, 5xx, redirects seen) are printed at the end of each backend's run.
 */
import type { AddressInfo } from 'node:net';
import { type DocsDefinitionInput, type DocsRedirect, defaultDocsConfig } from '@sextant/definition';
import { createRegistryClient, type RegistryClient, RegistryNamedError } from '@sextant/registry-client';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { openTestDatabase, TEST_DATABASES } from '../registry/testing/servers.js';
import { matchRedirect } from './redirects.js';
import { isSameSite } from './request-path.js';

const EXTERNAL = 'https://external.example';
const RUNS = Number(process.env.SEXTANT_DOCS_FUZZ_RUNS ?? 2000);

const REDIRECTS: DocsRedirect[] = [
  { source: '/old-guide', destination: '/guides/intro', permanent: true },
  { source: '/legacy/*', destination: '/guides/*', permanent: false },
  { source: '/all/*', destination: '/*', permanent: false },
  { source: '/ext/*', destination: `${EXTERNAL}/docs/*`, permanent: false },
  { source: '/out', destination: `${EXTERNAL}/`, permanent: true },
];

/** A site with a home page, a guide and a hidden page, and the given redirects. */
const site = (title: string, redirects: DocsRedirect[]): DocsDefinitionInput => ({
  docsVersion: 1,
  config: { ...defaultDocsConfig(title), redirects },
  navigation: [
    { type: 'page', title: 'Home', slug: '', pageId: 'home' },
    { type: 'page', title: 'Intro', slug: 'guides/intro', pageId: 'intro' },
    { type: 'page', title: 'Secret', slug: 'secret', pageId: 'secret', hidden: true },
  ],
  pages: {
    home: { id: 'home', title: 'Home', slug: '', layout: 'guide', markdown: `# ${title}` },
    intro: { id: 'intro', title: 'Intro', slug: 'guides/intro', layout: 'guide', markdown: '# Intro' },
    secret: { id: 'secret', title: 'Secret', slug: 'secret', layout: 'guide', markdown: '# Secret' },
  },
  homeSlug: '',
});

/** Percent-encodes every UTF-8 byte of text (lone surrogates as U+FFFD), as a client would send it. */
const encodeAll = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** Path segments: site words, encoded slashes and backslashes, controls, bad escapes, dots, bytes. */
const segment = fc.oneof(
  fc.constantFrom(
    '',
    'guides',
    'intro',
    'secret',
    'legacy',
    'all',
    'ext',
    'out',
    'old-guide',
    'docs',
    'v1',
    '_sextant',
    'search-index.json',
    'llms.txt',
    'files',
    'evil.example',
    '%2F',
    '%2f%2Fevil.example',
    '%5C',
    '%5cevil.example',
    '%00',
    '%0d%0aSet-Cookie:x=1',
    '%09',
    '%E2%82%AC',
    '%C3%28',
    '%ED%A0%80',
    '%',
    '%ZZ',
    '%25',
    '..',
    '.',
    '%2e%2e',
    '@evil.example',
    'index.md',
    'intro.md',
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 8 }).map(encodeAll),
  fc
    .uint8Array({ maxLength: 6 })
    .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
);
const separator = fc.constantFrom('/', '/', '/', '//', '/%2F', '/%5C');
const path = fc
  .tuple(
    fc.constantFrom('', '', '/docs', '/legacy', '/all', '/ext', '/docs/v1'),
    fc.array(fc.tuple(separator, segment), { maxLength: 6 }),
    fc.constantFrom('', '', '/', '//'),
    fc.oneof(fc.constant(''), fc.stringMatching(/^\?[\x21-\x7e]{0,20}$/)),
  )
  .map(([prefix, parts, tail, query]) => {
    const body = `${prefix}${parts.map(([sep, part]) => `${sep}${part}`).join('')}${tail}`;
    return `${body.startsWith('/') ? '' : '/'}${body}${query}`;
  });

const NAMES = ['docs.acme.test', 'docs.beta.test', 'unknown.test', 'localhost', '127.0.0.1'];
const host = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...NAMES),
        fc.boolean(),
        fc.constantFrom('', '', '.', '..'),
        fc.constantFrom('', '', ':80', ':443', ':8080', ':0', ':65535', ':99999', ':', ':08080'),
      )
      .map(([name, upper, dot, port]) => `${upper ? name.toUpperCase() : name}${dot}${port}`),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom(
        'x@docs.acme.test',
        'docs.acme.test/evil',
        'docs.acme.test\\evil',
        '[::1]:8080',
        '',
        ' ',
      ),
      fc.stringMatching(/^[\x21-\x7e]{0,30}$/),
    ),
  },
);

/** What one answer broke, or undefined: a 5xx, or a Location neither same-site nor the external origin. */
function problem(status: number, location: string | undefined): string | undefined {
  if (status >= 500) return `${status}`;
  if (location === undefined) return undefined;
  if (isSameSite(location)) return undefined;
  try {
    if (new URL(location).origin === EXTERNAL) return undefined;
  } catch {
    // not absolute: reported below
  }
  return `Location ${JSON.stringify(location)}`;
}

describe.each(TEST_DATABASES)('docs host fuzz on $name', (database) => {
  let app: FastifyInstance;
  let acme: RegistryClient;
  let drop: (() => Promise<void>) | undefined;
  let skipped: string | undefined;
  const counts = {
    requests: 0,
    fiveHundreds: 0,
    redirects: 0,
    external: 0,
    matched: 0,
    published: 0,
    refused: 0,
  };
  const failures: string[] = [];

  const publish = async (
    client: RegistryClient,
    orgId: string,
    domain: string,
    definition: DocsDefinitionInput,
  ) => {
    const init = await client.initDocsRegistrationV2({ body: { orgId, domain } });
    await client.finishDocsRegistrationV2({
      params: { id: init.docsRegistrationId },
      body: { docsDefinition: definition },
    });
  };

  /** One request through `inject`, checked and counted. */
  const check = async (url: string, hostHeader: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { host: hostHeader } });
    const location = response.headers.location === undefined ? undefined : String(response.headers.location);
    counts.requests++;
    if (response.statusCode >= 500) counts.fiveHundreds++;
    if (location !== undefined) {
      counts.redirects++;
      if (!location.startsWith('/')) counts.external++;
    }
    const found = problem(response.statusCode, location);
    if (found) failures.push(`${hostHeader} ${url}: ${found}`);
    return { status: response.statusCode, location, found };
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
      logger: false,
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
      registry: { allowDomains: ['docs.acme.test', 'docs.beta.test'] },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.registry.ready();
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    acme = createRegistryClient({ baseUrl, token: (await app.registry.createOrganization('acme')).token });
    const beta = createRegistryClient({
      baseUrl,
      token: (await app.registry.createOrganization('beta')).token,
    });
    await publish(acme, 'acme', 'docs.acme.test', site('Acme', REDIRECTS));
    await publish(acme, 'acme', 'docs.acme.test:8080', site('Acme 8080', REDIRECTS));
    await publish(
      beta,
      'beta',
      'docs.beta.test/docs',
      site('Beta', [{ source: '/v1/*', destination: '/*', permanent: false }]),
    );
  }, 120_000);
  afterAll(async () => {
    if (!skipped)
      console.log(
        `docs host fuzz on ${database.name}: ${counts.requests} requests, ${counts.fiveHundreds} × 5xx, ${counts.redirects} redirects (${counts.external} to ${EXTERNAL}), ${failures.length} bad Locations; ${counts.matched} redirect sets matched; ${counts.published} published and ${counts.refused} refused redirect destinations`,
      );
    await app?.close();
    await drop?.();
  });

  it('keeps the open-redirect forms of the issue on the site, and 404s what names no page', async (ctx) => {
    if (skipped) return ctx.skip();
    const at = (url: string, hostHeader = 'docs.acme.test') => check(url, hostHeader);
    expect(await at('/%2Fevil.example/')).toMatchObject({ status: 301, location: '/evil.example' });
    expect(await at('/%5Cevil.example/')).toMatchObject({ status: 404, location: undefined });
    expect(await at('/docs/%2F%2Fevil.example/', 'docs.beta.test')).toMatchObject({
      status: 301,
      location: '/docs/evil.example',
    });
    expect(await at('//')).toMatchObject({ status: 301, location: '/' });
    expect(await at('/legacy/%2F%2Fevil.example')).toMatchObject({
      status: 301,
      location: '/legacy/evil.example',
    });
    for (const url of [
      '/%00',
      '/all/%E2%82%AC/%00',
      '/%C3%28',
      '/a%0d%0aSet-Cookie:x=1',
      `/${'a'.repeat(20_000)}`,
    ])
      expect((await at(url)).status, url).toBe(404);
    expect(await at('/all/%E2%82%AC')).toMatchObject({ status: 302, location: '/%E2%82%AC' });
    expect(await at('/legacy/evil.example%3F%23x')).toMatchObject({
      location: '/guides/evil.example%3F%23x',
    });
    expect(await at('/ext/@evil.example')).toMatchObject({ location: `${EXTERNAL}/docs/%40evil.example` });
    expect(await at('/old-guide/')).toMatchObject({ status: 301, location: '/guides/intro' });
    expect(await at('/', 'DOCS.ACME.TEST.:8080')).toMatchObject({ status: 200 });
    expect(failures).toEqual([]);
  });

  it('answers any path on any Host header without a 5xx or an off-site Location', async (ctx) => {
    if (skipped) return ctx.skip();
    await fc.assert(
      fc.asyncProperty(path, host, async (url, hostHeader) => {
        const { found } = await check(url, hostHeader);
        return found === undefined;
      }),
      { numRuns: RUNS },
    );
    expect(failures).toEqual([]);
  });

  it('matches arbitrary redirects against arbitrary paths with same-site or configured Locations only', () => {
    const destination = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ maxLength: 20 }).map((text) => `/${text}`),
      fc.string({ maxLength: 20 }).map((text) => `/${text}/*`),
      fc.constantFrom(
        '//evil.example',
        '/\\evil.example',
        '/*',
        `${EXTERNAL}/*`,
        `${EXTERNAL}`,
        'javascript:alert(1)',
      ),
      fc.string({ maxLength: 12 }).map((text) => `${EXTERNAL}/${text}/*`),
    );
    const redirect = fc.record({
      source: fc.oneof(
        fc.string({ maxLength: 10 }).map((text) => `/${text}`),
        fc.constantFrom('/*', '/a/*'),
      ),
      destination,
      permanent: fc.boolean(),
    });
    const sitePath = fc.string({ unit: 'binary', maxLength: 30 }).map((text) => `/${text}`);
    fc.assert(
      fc.property(
        fc.array(redirect, { maxLength: 4 }),
        sitePath,
        fc.constantFrom('', '/docs'),
        (redirects, at, base) => {
          counts.matched++;
          const match = matchRedirect(redirects, at, base);
          if (!match) return true;
          const allowed =
            isSameSite(match.location) ||
            redirects.some(
              (entry) =>
                /^https?:\/\//i.test(entry.destination) && sameOrigin(match.location, entry.destination),
            );
          // A header value: visible ASCII only (no line break can split it).
          return allowed && /^[\x21-\x7e]+$/.test(match.location);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('refuses at publish, with its field, a redirect destination the docs host could not serve safely', async (ctx) => {
    if (skipped) return ctx.skip();
    const destination = fc.oneof(
      fc.string({ maxLength: 16 }).map((text) => `/${text}`),
      fc.constantFrom(
        '/a\r\nSet-Cookie: x=1',
        '/a\nb',
        '/\\evil.example',
        '//evil.example',
        '/ok\u0000',
        `${EXTERNAL}/\t`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(destination, async (target) => {
        const definition = site('Acme', [{ source: '/go/*', destination: `${target}/*`, permanent: false }]);
        try {
          await publish(acme, 'acme', 'docs.acme.test/probe', definition);
        } catch (error) {
          counts.refused++;
          return (
            error instanceof RegistryNamedError &&
            JSON.stringify(error.content).includes('config.redirects[0].destination')
          );
        }
        counts.published++;
        const { found } = await check('/probe/go/%2F%2Fevil.example/x', 'docs.acme.test');
        return found === undefined;
      }),
      { numRuns: 40 },
    );
    expect(failures).toEqual([]);
  });
});

function sameOrigin(location: string, destination: string): boolean {
  try {
    return new URL(location).origin === new URL(destination).origin;
  } catch {
    return false;
  }
}
