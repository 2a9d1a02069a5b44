/**
 * Validation on write: the registry checks a registered API definition whole with the IR's
 * schema and a published docs definition with the docs definition's schema, and refuses a
 * malformed one with InvalidApiDefinitionError / InvalidDocsDefinitionError, naming the first
 * problems by their path inside the definition; what it stores is what it hands back.
 */
import { MAX_NAVIGATION_DEPTH } from '@sextant/definition';
import { loadDocsProject } from '@sextant/docs-project';
import { writeFixtureProject } from '@sextant/docs-project/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsDefinition, endpoint, petStore } from './testing/fixtures.js';
import { startRegistryServer, type TestServer } from './testing/servers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startRegistryServer();
}, 60_000);
afterAll(() => server?.close());

async function register(definition: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.baseUrl}/registry/api/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body:
      typeof definition === 'string'
        ? definition
        : JSON.stringify({ orgId: server.orgId, apiId: 'pets', definition }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('registerApiDefinition validates the definition on write', () => {
  it('stores a sound definition and hands it back as stored', async () => {
    const sound = petStore([endpoint('list', '/pets')]);
    const { status, body } = await register(sound);
    expect(status).toBe(200);
    const id = body.apiDefinitionId as string;
    const loaded = await (await fetch(`${server.baseUrl}/registry/api/load/${id}`)).json();
    expect(loaded).toEqual({ ...JSON.parse(JSON.stringify(sound)), id });
  });

  const sound = () => petStore([endpoint('list', '/pets')]);
  const cases: [string, () => unknown, RegExp][] = [
    [
      'another IR version',
      () => ({ ...sound(), irVersion: 99 }),
      /^irVersion: irVersion is 99; this code reads 1$/,
    ],
    [
      'a wrong type deep inside',
      () => {
        const definition = sound();
        (definition.endpoints.list?.responses[0] as unknown as { statusCode: string }).statusCode = 'ok';
        return definition;
      },
      /^endpoints\.list\.responses\[0\]\.statusCode: /,
    ],
    ['a dangling type reference', () => ({ ...sound(), types: {} }), /dangling type reference/],
    [
      'an endpoint under another key',
      () => ({ ...sound(), endpoints: { list: { ...sound().endpoints.list, id: 'other' } } }),
      /^endpoints\.list\.id: endpoint key list holds id other$/,
    ],
  ];

  it.each(cases)('refuses %s with InvalidApiDefinitionError and the path', async (_name, make, first) => {
    const { status, body } = await register(make());
    expect(status).toBe(400);
    expect(body.error).toBe('InvalidApiDefinitionError');
    const content = body.content as { message: string; problems: string[] };
    expect(content.problems[0]).toMatch(first);
    expect(content.message).toMatch(/^The API definition cannot be stored: /);
  });

  it('refuses a "__proto__" key and hostile depth before validation, naming where', async () => {
    const proto = JSON.stringify({ orgId: server.orgId, apiId: 'pets', definition: sound() }).replace(
      '"types":{',
      '"types":{"__proto__":{},',
    );
    const refused = await register(proto);
    expect(refused.status).toBe(400);
    // Fastify's JSON parser refuses it first; the input walk would name it (hostile-input.test.ts).
    expect(refused.body.error).toBe('BadRequestError');
    const deep = JSON.stringify({ orgId: server.orgId, apiId: 'pets', definition: sound() }).replace(
      '"types":{',
      `"types":{"deep":${'['.repeat(10_000)}${']'.repeat(10_000)},`,
    );
    const tooDeep = await register(deep);
    expect(tooDeep.status).toBe(400);
    expect(String((tooDeep.body.content as { message: string }).message)).toMatch(/nested deeper/);
  });
});

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('finishDocsRegistration validates the docs definition on write', () => {
  let registrationId = '';
  const publish = (docsDefinition: unknown) =>
    post(`/registry/docs/register/${registrationId}`, { docsDefinition, apiDefinitionIds: [] });
  const base = () => docsDefinition('Acme', 'pets');

  beforeAll(async () => {
    const init = await post('/registry/docs/init', { orgId: server.orgId, domain: 'onwrite.acme.test' });
    registrationId = init.body.docsRegistrationId as string;
  });

  it('stores what the CLI builds, as built, and a partial config with its defaults filled in', async () => {
    const built = JSON.parse(JSON.stringify((await loadDocsProject(await writeFixtureProject())).definition));
    const load = async (docsConfigId: string) => {
      const response = await fetch(`${server.baseUrl}/v2/registry/docs/${docsConfigId}`, {
        headers: { authorization: `Bearer ${server.token}` },
      });
      return ((await response.json()) as { definition: unknown }).definition;
    };
    const stored = await publish(built);
    expect(stored.status).toBe(200);
    expect(await load(stored.body.docsConfigId as string)).toEqual(built);
    const partial = await publish({ ...base(), extra: 'dropped' });
    expect(partial.status).toBe(200);
    const filled = (await load(partial.body.docsConfigId as string)) as Record<string, unknown> & {
      config: Record<string, unknown>;
    };
    expect(filled.extra).toBeUndefined();
    expect(filled.config.layout).toEqual({
      searchbarPlacement: 'HEADER',
      tabsPlacement: 'HEADER',
      contentAlignment: 'CENTER',
      headerPosition: 'FIXED',
    });
  });

  const hostile: [string, (definition: Record<string, unknown>) => void, string][] = [
    [
      'a javascript: navigation link',
      (d) => {
        d.navigation = [{ type: 'link', title: 'x', href: 'javascript:alert(1)' }];
      },
      'navigation[0].href',
    ],
    [
      'a javascript: link with a tab in its scheme, nested in a section',
      (d) => {
        d.navigation = [
          {
            type: 'section',
            title: 's',
            slug: 's',
            children: [{ type: 'link', title: 'x', href: 'java\tscript:alert(1)' }],
          },
        ];
      },
      'navigation[0].children[0].href',
    ],
    [
      'a javascript: redirect',
      (d) => {
        d.config = {
          title: 'x',
          redirects: [{ source: '/a', destination: 'javascript:alert(1)', permanent: false }],
        };
      },
      'config.redirects[0].destination',
    ],
    [
      'a protocol-relative redirect',
      (d) => {
        d.config = {
          title: 'x',
          redirects: [{ source: '/a', destination: '//evil.test/', permanent: false }],
        };
      },
      'config.redirects[0].destination',
    ],
    [
      'a redirect destination with a line break (a second header in its Location)',
      (d) => {
        d.config = {
          title: 'x',
          redirects: [{ source: '/a', destination: '/b\r\nSet-Cookie: x=1', permanent: false }],
        };
      },
      'config.redirects[0].destination',
    ],
    [
      'a backslash redirect (browsers read /\\host as //host)',
      (d) => {
        d.config = {
          title: 'x',
          redirects: [
            { source: '/a', destination: '/ok', permanent: false },
            { source: '/b', destination: '/\\evil.test/', permanent: false },
          ],
        };
      },
      'config.redirects[1].destination',
    ],
    [
      'a redirect source with a control character',
      (d) => {
        d.config = {
          title: 'x',
          redirects: [{ source: '/a\u0000', destination: '/b', permanent: false }],
        };
      },
      'config.redirects[0].source',
    ],
    [
      'a data: script',
      (d) => {
        d.config = {
          title: 'x',
          scripts: [
            { src: { type: 'url', url: 'data:text/javascript,alert(1)' }, strategy: 'afterInteractive' },
          ],
        };
      },
      'config.scripts[0].src.url',
    ],
    [
      'an http: (not https) script',
      (d) => {
        d.config = {
          title: 'x',
          scripts: [{ src: { type: 'url', url: 'http://evil.test/x.js' }, strategy: 'afterInteractive' }],
        };
      },
      'config.scripts[0].src.url',
    ],
    [
      'a javascript: logo link',
      (d) => {
        d.config = { title: 'x', logo: { href: 'javascript:alert(1)' } };
      },
      'config.logo.href',
    ],
    [
      'a data:text/html logo',
      (d) => {
        d.config = {
          title: 'x',
          logo: { light: { type: 'url', url: 'data:text/html;base64,PHNjcmlwdD4=' } },
        };
      },
      'config.logo.light.url',
    ],
    [
      'a favicon file outside the project',
      (d) => {
        d.config = { title: 'x', favicon: { type: 'file', path: '../../etc/passwd' } };
      },
      'config.favicon.path',
    ],
    [
      'a font display that would leave the CSS declaration',
      (d) => {
        d.config = {
          title: 'x',
          fonts: { body: { name: 'A', src: { type: 'file', path: 'a.woff2' }, display: 'swap}body{' } },
        };
      },
      'config.fonts.body.display',
    ],
    [
      'a colour that would leave the CSS declaration',
      (d) => {
        d.config = { title: 'x', colors: { accentPrimary: { light: 'red;}</style><script>' } } };
      },
      'config.colors.accentPrimary.light',
    ],
    [
      'a wrong docs version',
      (d) => {
        d.docsVersion = 2;
      },
      'docsVersion',
    ],
    [
      'a page item naming no page',
      (d) => {
        d.navigation = [{ type: 'page', title: 'Gone', slug: 'gone', pageId: 'gone' }];
      },
      'navigation[0].pageId',
    ],
    [
      'a navigation item of no known type',
      (d) => {
        d.navigation = [{ type: 'iframe', title: 'x', slug: 'x', src: 'https://evil.test' }];
      },
      'navigation[0].type',
    ],
    [
      'a huge list of navbar links',
      (d) => {
        d.config = {
          title: 'x',
          navbar: Array.from({ length: 5000 }, () => ({ text: 'x', href: '/', type: 'primary' })),
        };
      },
      'config.navbar',
    ],
  ];

  it.each(hostile)(
    'refuses %s with InvalidDocsDefinitionError and its path',
    async (_name, mutate, field) => {
      const definition = base();
      mutate(definition);
      const { status, body } = await publish(definition);
      expect(status).toBe(400);
      expect(body.error).toBe('InvalidDocsDefinitionError');
      const content = body.content as { message: string; problems: string[] };
      expect(content.message).toMatch(/^The docs definition cannot be stored: /);
      expect(content.problems.some((problem) => problem.startsWith(`${field}: `))).toBe(true);
    },
  );

  it('refuses navigation nested past the limit at its path, and at most 20 problems', async () => {
    const definition = base();
    let items: unknown[] = [];
    definition.navigation = items;
    for (let depth = 0; depth < MAX_NAVIGATION_DEPTH + 8; depth++) {
      const children: unknown[] = [];
      items.push({ type: 'section', title: 's', slug: 's', children });
      items = children;
    }
    const deep = await publish(definition);
    expect(deep.body.error).toBe('InvalidDocsDefinitionError');
    const [problem] = (deep.body.content as { problems: string[] }).problems;
    expect(problem).toMatch(/^navigation(\[0\]\.children){33}: navigation nests deeper than 32 levels$/);

    const flood = base();
    flood.navigation = Array.from({ length: 500 }, () => ({
      type: 'link',
      title: 'x',
      href: 'javascript:x',
    }));
    const refused = await publish(flood);
    expect(refused.body.error).toBe('InvalidDocsDefinitionError');
    expect((refused.body.content as { problems: string[] }).problems).toHaveLength(20);
  });
});
