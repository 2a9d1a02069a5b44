import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { writeFixtureProject, XSS_CORPUS } from '@sextant/docs-project/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTrustProxy } from '../trust-proxy/index.js';
import { docsHost } from './plugin.js';

let app: FastifyInstance;
let dir: string;

/** The props of every island of a page (the only data a page ships), as parsed JSON. */
function islandProps(html: string): { name: string; props: Record<string, unknown> }[] {
  const decodeAttribute = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [
    ...html.matchAll(
      /<div class="sx-island" data-sx-island="([^"]+)" data-sx-id="[^"]*" data-sx-props="([^"]*)"/g,
    ),
  ].map((m) => ({ name: m[1] ?? '', props: JSON.parse(decodeAttribute(m[2] ?? '')) }));
}

beforeAll(async () => {
  dir = await writeFixtureProject();
  app = Fastify();
  await app.register(docsHost, { mode: 'local', projectDir: dir });
  await app.ready();
});
afterAll(() => app.close());

describe('docs host, local mode', () => {
  it('server-renders an endpoint page: title, method, path and parameter names are in the HTML', async () => {
    const response = await app.inject({ url: '/api/pets/get-a-pet' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<title>Get a pet | Pet Docs</title>');
    expect(html).toContain('<h1>Get a pet</h1>');
    expect(html).toMatch(/<span>\/pets\/<\/span><span class="sx-path-param">\{petId\}<\/span>/);
    for (const name of ['petId', 'expand', 'X-Request-Id'])
      expect(html).toContain(`<code class="sx-prop-name">${name}</code>`);
    expect(html).toContain('curl');
    // The page ships its islands' props only: no definition, nothing of the other endpoint.
    const islands = islandProps(html);
    expect(islands.map((i) => i.name)).toEqual(
      expect.arrayContaining(['header-tools', 'try-it', 'code-tabs']),
    );
    expect(JSON.stringify(islands)).not.toMatch(/createPet|"definition"/);
  });

  it("sends the page's one style nonce, in its CSP and on its entry script, the same for every response", async () => {
    const nonces = [];
    for (const encoding of ['gzip', 'identity', 'gzip']) {
      const response = await app.inject({
        url: '/api/pets/get-a-pet',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
      const html = encoding === 'gzip' ? gunzipSync(response.rawPayload).toString() : response.body;
      const nonce = /<script type="module" src="[^"]+" nonce="([^"]+)">/.exec(html)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(String(response.headers['content-security-policy'])).toMatch(
        new RegExp(`style-src 'self'[^;]* 'nonce-${nonce}'`),
      );
      expect(html).not.toContain('__SX_CSP_NONCE__');
      nonces.push(nonce);
    }
    // One body for every reader: the nonce belongs to the rendered page, not to the response.
    expect(new Set(nonces).size).toBe(1);
  });

  it('sends a strict Content-Security-Policy and no inline script but the theme script, by hash', async () => {
    const response = await app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // Every <script> is external or inert JSON, but the theme script, which the CSP names by hash.
    const inline = [...response.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    expect(csp).toMatch(new RegExp(`script-src 'self'[^;]* 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    for (const tag of response.body.match(/<script[^>]*>/g) ?? [])
      expect(tag).toMatch(/^<script>$|src=|type="application\/json"/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('renders markdown pages, channel-less overviews, webhook and type pages', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.body).toContain('<strong>docs</strong>');
    expect(home.body).toContain('sx-callout-warning');
    const webhook = await app.inject({ url: '/api/pet-adopted' });
    expect(webhook.statusCode).toBe(200);
    expect(webhook.body).toContain('<h1>Pet adopted</h1>');
    const type = await app.inject({ url: '/api/types/pet' });
    expect(type.body).toContain('<h1>Pet</h1>');
    const overview = await app.inject({ url: '/api' });
    expect(overview.body).toContain('href="/api/pets"');
  });

  it('embeds only what the islands first render; the full view comes as JSON on demand', async () => {
    type Slice = { endpoints: Record<string, { examples: unknown[] }>; types: Record<string, unknown> };
    const islands = islandProps((await app.inject({ url: '/api/pets/get-a-pet' })).body);
    const response = await app.inject({ url: '/_sextant/page.json?slug=api%2Fpets%2Fget-a-pet' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const full = JSON.parse(response.body) as {
      kind: string;
      definition: Slice;
      examples: { response?: { __html: string } }[];
    };
    expect(full.kind).toBe('endpoint');
    // Example values and types travel in the full view only (copy, expanders, playground).
    expect(full.definition.endpoints.getPet?.examples.length).toBeGreaterThan(0);
    expect(full.definition.types).toHaveProperty(['Pet']);
    // One example: the Request and Response cards show it, no card of its own repeats it.
    expect(full.definition.endpoints.getPet?.examples).toHaveLength(1);
    expect(islands.map((i) => i.name)).toContain('response-tabs');
    expect(islands.map((i) => i.name)).not.toContain('example');
    expect(JSON.stringify(islands)).not.toContain('"examples"');
    // The full view carries the highlighted HTML the islands' props leave to the DOM.
    expect(full.examples[0]?.response?.__html).toContain('<pre class="sx-code"');
    expect((await app.inject({ url: '/_sextant/page.json?slug=nope' })).statusCode).toBe(404);
  });

  it('serves the markdown variant of every page', async () => {
    const endpoint = await app.inject({ url: '/api/pets/get-a-pet.md' });
    expect(endpoint.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(endpoint.body).toContain('# Get a pet');
    expect(endpoint.body).toContain('`GET /pets/{petId}`');
    expect(endpoint.body).toContain('| `petId` | integer | yes |');
    const home = await app.inject({ url: '/index.md' });
    expect(home.body).toContain('Hello **docs**.');
    expect((await app.inject({ url: '/nope.md' })).statusCode).toBe(404);
  });

  it('follows redirects, exact and by prefix, and drops trailing slashes', async () => {
    const exact = await app.inject({ url: '/old-guide' });
    expect([exact.statusCode, exact.headers.location]).toEqual([301, '/guides/guide']);
    const prefix = await app.inject({ url: '/legacy/guide' });
    expect([prefix.statusCode, prefix.headers.location]).toEqual([302, '/guides/guide']);
    const slash = await app.inject({ url: '/guides/guide/?x=1' });
    expect([slash.statusCode, slash.headers.location]).toEqual([301, '/guides/guide?x=1']);
  });

  it('compresses text for clients that accept gzip', async () => {
    const plain = await app.inject({ url: '/api/pets/get-a-pet' });
    const zipped = await app.inject({
      url: '/api/pets/get-a-pet',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    // The same page but for its nonce, fresh in every response.
    const withoutNonce = (html: string) => html.replace(/ nonce="[^"]+"/, '');
    expect(withoutNonce(gunzipSync(zipped.rawPayload).toString())).toBe(withoutNonce(plain.body));
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('answers /favicon.ico without an error', async () => {
    expect((await app.inject({ url: '/favicon.ico' })).statusCode).toBe(204);
  });

  it('answers 404 with a page for unknown slugs', async () => {
    const response = await app.inject({ url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
  });

  it('serves the search index with every page and endpoint', async () => {
    const response = await app.inject({ url: '/_sextant/search-index.json' });
    const index = JSON.parse(response.body) as { docs: { slug: string }[] };
    const slugs = index.docs.map((doc) => doc.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        '',
        'guides/guide',
        'api/pets/get-a-pet',
        'api/pets/create-a-pet',
        'api/pet-adopted',
        'api/types/pet',
      ]),
    );
  });

  it('serves the built client and the site stylesheet', async () => {
    const html = (await app.inject({ url: '/' })).body;
    const entry = /<script type="module" src="([^"]+)"/.exec(html)?.[1] ?? '';
    const script = await app.inject({ url: entry });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/_sextant/assets/../../../package.json' })).statusCode).toBe(404);
    const css = await app.inject({ url: '/_sextant/site.css' });
    expect(css.body).toContain('--sx-color-accent:#0a7c5a');
  });

  it('reloads the project on demand, and shows loader errors with file and line', async () => {
    const guide = join(dir, 'pages/guide.md');
    const original = await readFile(guide, 'utf8');
    await writeFile(guide, `${original}\n\nFreshly edited.\n`);
    await app.docsHost.reload();
    expect((await app.inject({ url: '/guides/guide' })).body).toContain('Freshly edited.');
    const yml = join(dir, 'docs.yml');
    const good = await readFile(yml, 'utf8');
    await writeFile(
      yml,
      good.replace('title: Pet Docs', 'title: Pet Docs\nlayout:\n  contentAlignment: RIGHT'),
    );
    await app.docsHost.reload();
    const broken = await app.inject({ url: '/' });
    expect(broken.statusCode).toBe(500);
    expect(broken.body).toContain('docs.yml:3 at /layout/contentAlignment');
    await writeFile(yml, good);
    await app.docsHost.reload();
    expect((await app.inject({ url: '/' })).statusCode).toBe(200);
  });

  it('serves the images a markdown page references from disk, and no other project file', async () => {
    const guide = join(dir, 'pages/guide.md');
    const original = await readFile(guide, 'utf8');
    const image = Buffer.from('\x89PNG local image');
    await mkdir(join(dir, 'images'), { recursive: true });
    await writeFile(join(dir, 'images/local.png'), image);
    await writeFile(
      guide,
      `${original}\n\n![Local](../images/local.png)\n\n![Missing](../images/none.png)\n`,
    );
    try {
      await app.docsHost.reload();
      const html = (await app.inject({ url: '/guides/guide' })).body;
      expect(html).toContain('<img src="/_sextant/files/images/local.png" alt="Local" />');
      // A missing image does not stop the preview; it stays as written.
      expect(html).toContain('src="../images/none.png"');
      const markdown = (await app.inject({ url: '/guides/guide.md' })).body;
      expect(markdown).toContain('![Local](/_sextant/files/images/local.png)');
      const file = await app.inject({ url: '/_sextant/files/images/local.png' });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(image)).toBe(true);
      expect(file.headers['content-type']).toBe('image/png');
      for (const url of [
        '/_sextant/files/docs.yml',
        '/_sextant/files/pages/guide.md',
        '/_sextant/files/../docs.yml',
      ])
        expect((await app.inject({ url })).statusCode, url).toBe(404);
    } finally {
      await writeFile(guide, original);
      await app.docsHost.reload();
    }
  });
});

describe('docs host with the XSS corpus in every description and page', () => {
  let xssApp: FastifyInstance;
  beforeAll(async () => {
    xssApp = Fastify();
    await xssApp.register(docsHost, { mode: 'local', projectDir: await writeFixtureProject({ xss: true }) });
    await xssApp.ready();
  });
  afterAll(() => xssApp.close());

  it.each([
    '/',
    '/guides/guide',
    '/api/pets/get-a-pet',
    '/api/pets/create-a-pet',
    '/api/pet-adopted',
    '/api/types/pet',
    '/api',
    '/api/pets',
  ])('renders %s with no live payload', async (url) => {
    const response = await xssApp.inject({ url });
    const html = response.body;
    // The page's own stylesheets are inlined in the head, each allowed by its hash in the CSP:
    // the bundle's, the site's and, on markdown pages, the body's (code blocks, components).
    const head = html.slice(0, html.indexOf('</head>'));
    const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(styles).toHaveLength(html.includes('data-kind="markdown"') ? 3 : 2);
    const csp = String(response.headers['content-security-policy']);
    for (const css of styles)
      expect(csp).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    // The one inline script (the theme cookie's) is allowed by its hash in the CSP.
    const inline = [...head.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    expect(csp).toContain(
      `'sha256-${createHash('sha256')
        .update(inline[0] ?? '')
        .digest('base64')}'`,
    );
    const markup = [...styles.map((css) => `<style>${css}</style>`), `<script>${inline[0]}</script>`].reduce(
      (rest, tag) => rest.replace(tag, ''),
      html,
    );
    // Only real tags matter: escaped payloads (`&lt;script&gt;`) are text.
    const tags = markup.match(/<[a-zA-Z][^>]*>/g) ?? [];
    expect(tags.filter((tag) => tag.startsWith('<script'))).toHaveLength(1);
    for (const tag of tags) {
      expect(tag).not.toMatch(/^<(iframe|object|embed|form|svg|math|style|button formaction)\b/i);
      expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag).not.toMatch(/=\s*"?\s*javascript:/i);
      expect(tag).not.toMatch(/\sstyle\s*=/i);
    }
    // Island props are attribute values: every one parses, none can leave its attribute.
    expect(() => islandProps(html)).not.toThrow();
  });

  it('keeps the corpus in the full view as inert text', async () => {
    const json = (await xssApp.inject({ url: '/_sextant/page.json?slug=api%2Fpets%2Fget-a-pet' })).body;
    expect(JSON.stringify(JSON.parse(json))).toContain(XSS_CORPUS[0]);
  });
});

describe('docs host social card', () => {
  let cardApp: FastifyInstance;
  /** The fixture project with a social card image. */
  const cardProject = async () => {
    const project = await writeFixtureProject();
    await writeFile(join(project, 'card.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const yml = await readFile(join(project, 'docs.yml'), 'utf8');
    await writeFile(join(project, 'docs.yml'), `${yml}metadata:\n  ogImage: card.png\n`);
    return project;
  };
  beforeAll(async () => {
    // Behind a trusted proxy (--trust-proxy loopback; inject's peer is 127.0.0.1).
    cardApp = Fastify({ trustProxy: compileTrustProxy('loopback') });
    await cardApp.register(docsHost, { mode: 'local', projectDir: await cardProject() });
    await cardApp.ready();
  });
  afterAll(() => cardApp.close());

  const images = (html: string) => [
    /<meta property="og:image" content="([^"]*)">/.exec(html)?.[1],
    /<meta name="twitter:image" content="([^"]*)">/.exec(html)?.[1],
  ];

  it("gives og:image and twitter:image as absolute URLs on the request's origin", async () => {
    const plain = await cardApp.inject({ url: '/guides/guide', headers: { host: 'docs.example.com:8080' } });
    const [image, twitter] = images(plain.body);
    expect(image).toMatch(/^http:\/\/docs\.example\.com:8080\/_sextant\/files\/.*card\.png$/);
    expect(twitter).toBe(image);
    // The image URL serves the file.
    const path = new URL(image ?? '').pathname;
    expect((await cardApp.inject({ url: path, headers: { host: 'docs.example.com:8080' } })).statusCode).toBe(
      200,
    );
    const proxied = await cardApp.inject({
      url: '/guides/guide',
      headers: { host: 'docs.example.com', 'x-forwarded-proto': 'https' },
    });
    expect(images(proxied.body)[0]).toMatch(/^https:\/\/docs\.example\.com\/_sextant\/files\//);
  });

  it('does not trust X-Forwarded-Proto from a peer that is not a trusted proxy', async () => {
    const untrusting = Fastify({ trustProxy: compileTrustProxy('10.0.0.0/8') });
    await untrusting.register(docsHost, { mode: 'local', projectDir: await cardProject() });
    const page = await untrusting.inject({
      url: '/guides/guide',
      headers: { host: 'docs.example.com', 'x-forwarded-proto': 'https' },
    });
    expect(images(page.body)[0]).toMatch(/^http:\/\/docs\.example\.com\//);
    await untrusting.close();
  });
});
