import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeStructureProject } from '@sextant/docs-project/testing';
import { createDocsSite } from '@sextant/docs-site';
// fast-xml-parser 3 (installed with s3rver): a strict parser, so the sitemap is checked as XML, not by regex.
import { parse, validate } from 'fast-xml-parser';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePassage } from '../ai/passages.js';
import { buildServer } from '../app.js';
import { docsHost } from '../docs-host/index.js';
import { llmsPlugin } from '../llms/index.js';
import { seoPlugin } from './plugin.js';
import { robotsTxt, SITEMAP_LIMITS, sitemapFiles, w3cDatetime } from './sitemap.js';

const SUMMARY = 'Get a pet with its owner, its vaccinations and every visit to the vet';
const DESCRIPTION = `Returns one pet by id. ${'The pet comes with everything the clinic knows about it. '.repeat(6)}`;

const DOCS_YML = `title: Acme Docs
metadata:
  description: Acme's API and guides.
  socialCard: app
  twitterSite: "@acme"
  twitterApp: { iphone: "307234931", ipad: "307234932", googleplay: com.acme.app }
css: [styles/custom.css]
navigation:
  - page: Welcome
    path: pages/welcome.md
  - section: Guides
    contents:
      - page: Auth
        path: pages/guides/auth.md
      - page: Secret
        path: pages/secret.md
        hidden: true
  - api: Pets
    spec: openapi.yaml
`;

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1.0.0' },
  paths: {
    '/pets/{id}': {
      get: {
        operationId: 'getPet',
        summary: SUMMARY,
        description: DESCRIPTION,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

let app: FastifyInstance;
let dir: string;
const host = { host: 'docs.acme.test' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sextant-seo-'));
  await mkdir(join(dir, 'pages/guides'), { recursive: true });
  await mkdir(join(dir, 'styles'));
  await writeFile(join(dir, 'docs.yml'), DOCS_YML);
  await writeFile(join(dir, 'openapi.yaml'), JSON.stringify(SPEC));
  await writeFile(join(dir, 'pages/welcome.md'), '# Welcome\n\nSee [auth](guides/auth.md).\n');
  await writeFile(
    join(dir, 'pages/guides/auth.md'),
    '---\ndescription: How to authenticate with Acme.\n---\n# Authenticating with Acme\n',
  );
  await writeFile(join(dir, 'pages/secret.md'), '# Secret\n');
  await writeFile(join(dir, 'styles/custom.css'), '.sx-main { outline: 1px solid red; }\n');
  app = Fastify();
  await app.register(docsHost, { mode: 'local', projectDir: dir });
  await app.register(seoPlugin);
  await app.register(llmsPlugin);
  await app.ready();
});
afterAll(() => app.close());

/** `<meta name|property=… content=…>` values of a page, and its canonical link. */
function head(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g))
    out[match[1] as string] = (match[2] as string).replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'");
  out.canonical = /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? '';
  out.title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return out;
}

describe('sitemap.xml', () => {
  it('lists every public page and endpoint at absolute URLs with lastmod, valid XML', async () => {
    const response = await app.inject({ url: '/sitemap.xml', headers: host });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(validate(response.body)).toBe(true);
    const parsed = parse(response.body, { ignoreAttributes: false });
    expect(parsed.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = [parsed.urlset.url].flat() as { loc: string; lastmod: string }[];
    expect(urls.map((url) => url.loc)).toEqual([
      'http://docs.acme.test/',
      'http://docs.acme.test/guides',
      'http://docs.acme.test/guides/auth',
      'http://docs.acme.test/pets',
      'http://docs.acme.test/pets/get-pet',
    ]);
    for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('robots.txt names the sitemap; a preview site closes to crawlers', async () => {
    const response = await app.inject({ url: '/robots.txt', headers: host });
    expect(response.body).toBe('User-agent: *\nAllow: /\n\nSitemap: http://docs.acme.test/sitemap.xml\n');
    expect(robotsTxt({ preview: true }, 'https://x.preview.test')).toBe('User-agent: *\nDisallow: /\n');
    expect(w3cDatetime('2025-03-01T12:00:00.123Z')).toBe('2025-03-01T12:00:00Z');
    expect(w3cDatetime('never')).toBeUndefined();
  });
});

describe('sitemap of a versioned site', () => {
  it('lists every listed version’s pages; a markdown page’s lastmod is its own last change', () => {
    const page = (slug: string, lastUpdated?: string) => ({
      id: `page:${slug}`,
      title: slug,
      slug,
      layout: 'guide' as const,
      markdown: '',
      ...(lastUpdated ? { lastUpdated } : {}),
    });
    const nav = (slug: string) => ({ type: 'page' as const, title: slug, slug, pageId: `page:${slug}` });
    const site = {
      updatedAt: '2025-05-01T10:00:00.000Z',
      definition: {
        navigation: [nav('intro'), nav('guide')],
        homeSlug: 'intro',
        pages: Object.fromEntries(
          [page('intro'), page('guide', '2024-12-24T08:30:00Z'), page('v1/intro'), page('old/intro')].map(
            (p) => [p.id, p],
          ),
        ),
        versions: [
          { name: 'v2', slug: 'v2', default: true, homeSlug: 'intro' },
          { name: 'v1', slug: 'v1', deprecated: true, homeSlug: 'v1/intro', navigation: [nav('v1/intro')] },
          { name: 'old', slug: 'old', hidden: true, homeSlug: 'old/intro', navigation: [nav('old/intro')] },
        ],
      },
    } as unknown as SitemapSite;
    const [xml = '', ...more] = sitemapFiles(site, 'https://docs.acme.test');
    expect(more).toEqual([]);
    expect(validate(xml)).toBe(true);
    const urls = [parse(xml).urlset.url].flat() as { loc: string; lastmod: string }[];
    expect(urls).toEqual([
      { loc: 'https://docs.acme.test/', lastmod: '2025-05-01T10:00:00Z' },
      { loc: 'https://docs.acme.test/guide', lastmod: '2024-12-24T08:30:00Z' },
      { loc: 'https://docs.acme.test/v1/intro', lastmod: '2025-05-01T10:00:00Z' },
    ]);
  });
});

type SitemapSite = Parameters<typeof sitemapFiles>[0];

/** A generated site of `n` pages (slugs `p/0` …, each `pad` characters longer), page k changed on day k % 28 + 1. */
function largeSite(n: number, pad = 0): SitemapSite {
  const navigation = [];
  const pages: Record<string, object> = {};
  for (let i = 0; i < n; i++) {
    const slug = `p/${i}${'x'.repeat(pad)}`;
    navigation.push({ type: 'page', title: slug, slug, pageId: `page:${i}` });
    const day = String((i % 28) + 1).padStart(2, '0');
    pages[`page:${i}`] = {
      id: `page:${i}`,
      title: slug,
      slug,
      markdown: '',
      lastUpdated: `2025-02-${day}T00:00:00Z`,
    };
  }
  return {
    updatedAt: '2025-03-01T00:00:00Z',
    definition: { navigation, homeSlug: 'p/0', pages },
  } as unknown as SitemapSite;
}

const locsOf = (xml: string) => [parse(xml).urlset.url].flat().map((u: { loc: string }) => u.loc);

describe('sitemap index past the protocol limits', () => {
  it('a site of 120,001 pages gets an index of three parts of at most 50,000 URLs, each page once', () => {
    const site = largeSite(120_001);
    const [index = '', ...parts] = sitemapFiles(site, 'https://docs.acme.test/docs');
    expect(validate(index)).toBe(true);
    const parsed = parse(index, { ignoreAttributes: false });
    expect(parsed.sitemapindex['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const named = [parsed.sitemapindex.sitemap].flat() as { loc: string; lastmod: string }[];
    expect(named.map((s) => s.loc)).toEqual(
      [1, 2, 3].map((n) => `https://docs.acme.test/docs/sitemap.xml?part=${n}`),
    );
    // Each part's lastmod is the latest of its pages'.
    expect(named.map((s) => s.lastmod)).toEqual([
      '2025-02-28T00:00:00Z',
      '2025-02-28T00:00:00Z',
      '2025-02-28T00:00:00Z',
    ]);
    expect(parts).toHaveLength(3);
    const locs = parts.flatMap((part) => {
      expect(validate(part)).toBe(true);
      const l = locsOf(part);
      expect(l.length).toBeLessThanOrEqual(SITEMAP_LIMITS.urls);
      return l;
    });
    expect(locs).toHaveLength(120_001);
    expect(new Set(locs).size).toBe(120_001);
    expect(locs[0]).toBe('https://docs.acme.test/docs/');
    expect(locs.at(-1)).toBe('https://docs.acme.test/docs/p/120000');
  });

  it('exactly 50,000 pages stay one sitemap; 50,001 make an index', () => {
    expect(sitemapFiles(largeSite(50_000), 'https://d.test')).toHaveLength(1);
    const split = sitemapFiles(largeSite(50_001), 'https://d.test');
    expect(split).toHaveLength(3);
    expect(locsOf(split[2] ?? '')).toEqual(['https://d.test/p/50000']);
  });

  it('splits by bytes too: no part over the byte limit, however long its URLs', () => {
    const limits = { urls: SITEMAP_LIMITS.urls, bytes: 200_000 };
    const site = largeSite(2_000, 300);
    const [index = '', ...parts] = sitemapFiles(site, 'https://docs.acme.test', limits);
    expect(index).toContain('<sitemapindex');
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(limits.bytes);
    expect(parts.flatMap(locsOf)).toHaveLength(2_000);
  });

  it('is served: the index at sitemap.xml, each part at ?part=N, no other part', async () => {
    // The project of this file (5 URLs) with parts of 2 URLs: an index of three.
    const server = Fastify();
    await server.register(docsHost, { mode: 'local', projectDir: dir });
    await server.register(seoPlugin, { sitemapLimits: { urls: 2, bytes: SITEMAP_LIMITS.bytes } });
    try {
      const get = (url: string) => server.inject({ url, headers: host });
      const index = await get('/sitemap.xml');
      expect(index.statusCode).toBe(200);
      expect(validate(index.body)).toBe(true);
      const named = [parse(index.body).sitemapindex.sitemap].flat().map((s: { loc: string }) => s.loc);
      expect(named).toEqual([1, 2, 3].map((n) => `http://docs.acme.test/sitemap.xml?part=${n}`));
      const parts = await Promise.all([1, 2, 3].map((n) => get(`/sitemap.xml?part=${n}`)));
      for (const part of parts) {
        expect(part.statusCode).toBe(200);
        expect(part.headers['content-type']).toBe('application/xml; charset=utf-8');
      }
      const all = (await app.inject({ url: '/sitemap.xml', headers: host })).body;
      expect(parts.flatMap((part) => locsOf(part.body))).toEqual(locsOf(all));
      for (const bad of ['4', '0', 'x', '1e3', '01', '2&part=1', '-1'])
        expect((await get(`/sitemap.xml?part=${bad}`)).statusCode, bad).toBe(404);
      const gzipped = await server.inject({
        url: '/sitemap.xml?part=2',
        headers: { ...host, 'accept-encoding': 'gzip' },
      });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
    } finally {
      await server.close();
    }
  });

  it('a small site has no parts', async () => {
    const response = await app.inject({ url: '/sitemap.xml?part=1', headers: host });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('its sitemap.xml names every part');
  });
});

describe('sitemap of a served versioned site', () => {
  it('the site’s sitemap lists every version under its prefix, a version’s its own pages; each answers 200', async () => {
    const server = await buildServer({
      mode: 'local',
      parts: { registry: false, proxy: false, wsProxy: false, docsHost: true },
      docs: { projectDir: await writeStructureProject() },
      authInjection: false,
    });
    try {
      const locs = async (url: string) =>
        [
          ...(await server.inject({ url, headers: host })).body.matchAll(
            /<loc>http:\/\/docs\.acme\.test([^<]*)<\/loc>/g,
          ),
        ].map((match) => match[1] as string);
      const all = await locs('/sitemap.xml');
      const v1 = await locs('/v1/sitemap.xml');
      expect(all).toContain('/v1/guides/quickstart');
      expect(v1.length).toBeGreaterThan(1);
      for (const path of v1) expect(path.startsWith('/v1/') || path === '/v1').toBe(true);
      expect(v1.some((path) => path.startsWith('/v1/v1'))).toBe(false);
      expect(all).toEqual(expect.arrayContaining(v1.filter((path) => path !== '/v1/')));
      for (const path of all)
        expect((await server.inject({ url: path, headers: host })).statusCode, path).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('head tags per page', () => {
  it('a markdown page: its front matter description, canonical, Open Graph and the app card', async () => {
    const tags = head((await app.inject({ url: '/guides/auth', headers: host })).body);
    expect(tags).toMatchObject({
      title: 'Authenticating with Acme | Acme Docs',
      description: 'How to authenticate with Acme.',
      canonical: 'http://docs.acme.test/guides/auth',
      'og:title': 'Authenticating with Acme',
      'og:description': 'How to authenticate with Acme.',
      'og:url': 'http://docs.acme.test/guides/auth',
      'og:site_name': 'Acme Docs',
      'og:type': 'article',
      'twitter:card': 'app',
      'twitter:site': '@acme',
      'twitter:title': 'Authenticating with Acme',
      'twitter:app:id:iphone': '307234931',
      'twitter:app:id:ipad': '307234932',
      'twitter:app:id:googleplay': 'com.acme.app',
    });
    expect(tags.robots).toBeUndefined();
  });

  it('the home page: the site’s title and description, canonical at the root', async () => {
    const tags = head((await app.inject({ url: '/', headers: host })).body);
    expect(tags).toMatchObject({
      title: 'Acme Docs',
      description: "Acme's API and guides.",
      canonical: 'http://docs.acme.test/',
      'og:type': 'website',
    });
    // The home page's own slug names the same canonical URL.
    expect(head((await app.inject({ url: '/welcome', headers: host })).body).canonical).toBe(
      'http://docs.acme.test/',
    );
  });

  it('an endpoint page: the whole summary as title, its description as plain text of at most 160 characters', async () => {
    const tags = head((await app.inject({ url: '/pets/get-pet', headers: host })).body);
    expect(tags.title).toBe(`${SUMMARY} | Acme Docs`);
    expect(tags['og:title']).toBe(SUMMARY);
    expect(tags.description?.length).toBeLessThanOrEqual(160);
    expect(tags.description).toMatch(/^Returns one pet by id\. The pet comes with .*…$/);
    expect(tags['og:description']).toBe(tags.description);
  });

  it('the full summary titles the page everywhere else too: llms.txt, the .md page, Ask AI sources', async () => {
    expect((await app.inject({ url: '/llms.txt', headers: host })).body).toContain(
      `- [${SUMMARY}](http://docs.acme.test/pets/get-pet.md)`,
    );
    expect((await app.inject({ url: '/pets/get-pet.md', headers: host })).body).toMatch(
      new RegExp(`^# ${SUMMARY}\n`),
    );
    const { project } = await app.docsHost.current();
    if (!project) throw new Error('the project did not load');
    const site = createDocsSite(project.definition, project.project.apis, 'v1');
    expect((await pagePassage(site, 'pets/get-pet'))?.title).toBe(SUMMARY);
    // A markdown page is cited by its own title (its heading), not its docs.yml label ("Auth").
    expect((await pagePassage(site, 'guides/auth'))?.title).toBe('Authenticating with Acme');
  });

  it('a hidden page and a missing page carry noindex', async () => {
    expect(head((await app.inject({ url: '/guides/secret', headers: host })).body).robots).toBe('noindex');
    const missing = await app.inject({ url: '/nope', headers: host });
    expect(missing.statusCode).toBe(404);
    expect(head(missing.body).robots).toBe('noindex');
    expect(head(missing.body).canonical).toBe('');
  });
});

describe('custom CSS', () => {
  it('links docs.yml css after the built-in styles; same origin, so style-src self allows it', async () => {
    const page = await app.inject({ url: '/guides/auth', headers: host });
    const link = /<link rel="stylesheet" href="([^"]+)" data-sx-custom-css>/.exec(page.body)?.[1] ?? '';
    expect(link).toMatch(/^\/_sextant\/files\/styles\/custom\.css\?v=/);
    expect(page.body.indexOf(link)).toBeGreaterThan(page.body.lastIndexOf('</style>'));
    expect(page.headers['content-security-policy']).toMatch(/style-src 'self'/);
    const css = await app.inject({ url: link.replace(/&amp;/g, '&'), headers: host });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.sx-main');
  });
});
