/**
 * Moving in from Mintlify, Fern and Docusaurus as a team would (issue #26 item 6): `sextant init --from`
 * converts a Mintlify docs.json site, a Fern fern/ folder (tabs, versions, a changelog,
 * components on pages, OpenAPI references, images, redirects) and a Docusaurus site (sidebars,
 * admonitions, tabs), lists what it could not convert with file and reason (in --json), and
 * `sextant dev` then serves every page of the source with status 200: no page is lost, the
 * images and API references come along, and the old URLs of moved pages redirect.
 */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type RunningCli, runCli, startCli, tempDir } from './cli-harness.js';

const FIXTURES = join(ROOT, 'apps/cli/src/import-docs/fixtures');

interface Converted {
  files: string[];
  notConverted: { file: string; item?: string; reason: string }[];
}

/** Every page file under `dir` (`.md`, `.mdx`), relative to it. */
async function pageFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** GET without following redirects. */
async function get(
  base: string,
  path: string,
): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(`${base}${path}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

const servers: RunningCli[] = [];

/** Converts, then starts `sextant dev` on the result; returns the JSON report and the site's URL. */
async function convertAndServe(kind: string, source: string): Promise<{ report: Converted; url: string }> {
  const project = join(await tempDir('sextant-from-'), 'site');
  const run = await runCli(['init', project, '--from', kind, source, '--json']);
  expect(run.code, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout) as Converted;
  const dev = startCli(['dev', project, '--port', '0', '--no-registry']);
  servers.push(dev);
  const url = (await dev.waitFor(/Sextant dev\s+(http:\/\/127\.0\.0\.1:\d+)/))[1]!;
  return { report, url };
}

afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
});

describe('sextant init --from mintlify docs.json', () => {
  const source = join(FIXTURES, 'mintlify-site');
  /** Each page file of the source and where the converted site serves it (Mintlify's URL). */
  const pages: Record<string, [string, string]> = {
    'index.mdx': ['/', 'Acme lets you list, adopt and track pets'],
    'quickstart.mdx': ['/quickstart', 'Make your first request'],
    'concepts/projects.mdx': ['/concepts/projects', 'How many projects can I have?'],
    'concepts/api-keys.mdx': ['/concepts/api-keys', 'An API key acts as you'],
    'guides/components.mdx': ['/guides/components', 'Application Programming Interface'],
    'api-reference/introduction.mdx': ['/api-reference/introduction', 'takes a bearer token'],
    'changelog.mdx': ['/changelog', 'Orders can be cancelled'],
    'v1/index.mdx': ['/v1', 'Version 1 of the Acme API'],
    'v1/quickstart.mdx': ['/v1/quickstart', 'List the pets of version 1'],
  };
  let report: Converted;
  let url: string;

  beforeAll(async () => {
    ({ report, url } = await convertAndServe('mintlify', join(source, 'docs.json')));
  });

  it('serves every page of the source with status 200 at its Mintlify URL', async () => {
    // Every page file is accounted for: a page above, the snippet inlined, the endpoint page in the reference.
    expect(
      Object.keys(pages).concat('snippets/support.mdx', 'api-reference/endpoint/get-pet.mdx').sort(),
    ).toEqual(await pageFiles(source));
    for (const [file, [path, text]] of Object.entries(pages)) {
      const page = await get(url, path);
      expect(page.status, `${file} at ${path}`).toBe(200);
      expect(page.html, `${file} at ${path}`).toContain(text);
    }
  });

  it('renders the components, the inlined snippet and the copied images', async () => {
    const quickstart = (await get(url, '/quickstart')).html;
    expect(quickstart).toContain('Stuck? Write to');
    expect(quickstart).toContain('Create an API key');
    const image = /<img src="(\/_sextant\/files\/[^"]*keys\.png)"/.exec(quickstart)?.[1];
    expect(image).toBeDefined();
    expect((await get(url, image!)).status).toBe(200);
    const components = (await get(url, '/guides/components')).html;
    for (const text of ['A note.', 'It worked.', 'JavaScript', 'The pets of the page.', 'Left column.'])
      expect(components).toContain(text);
    expect(components).toContain('<div class="sx-cards sx-cols-2">');
  });

  it('turns the OpenAPI entries into API references, for each version, and redirects old URLs', async () => {
    // One reference of the spec, its operations grouped by tag: the Pets group's and the Orders group's.
    expect((await get(url, '/api-reference/pets')).status).toBe(200);
    const pets = await get(url, '/api-reference/pets/pets');
    expect(pets.status).toBe(200);
    for (const operation of ['List pets', 'Create a pet', 'Get a pet'])
      expect(pets.html).toContain(operation);
    expect((await get(url, '/api-reference/pets/orders')).html).toContain('List orders');
    expect((await get(url, '/v1/api-reference/api-reference')).status).toBe(200);
    for (const [from, to] of [
      ['/api-reference/endpoint/get-pet', '/api-reference/pets/pets/get-a-pet'],
      ['/old-quickstart', '/quickstart'],
      ['/docs/concepts/projects', '/concepts/projects'],
    ]) {
      const redirect = await get(url, from!);
      expect(redirect.status, from).toBe(301);
      expect(new URL(redirect.location ?? '', url).pathname).toBe(to);
    }
    // The old endpoint page's URL leads to its operation's page.
    const operation = await get(url, '/api-reference/pets/pets/get-a-pet');
    expect(operation.status).toBe(200);
    expect(operation.html).toContain('Get a pet');
  });

  it('shows the navbar button, the footer, the banner and the version selector', async () => {
    const page = (await get(url, '/quickstart')).html;
    for (const text of [
      'Dashboard',
      'https://dashboard.acme.test',
      '>About<',
      'https://x.com/acme',
      'Acme v2 is here',
    ])
      expect(page).toContain(text);
    expect((await get(url, '/v1/quickstart')).html).toContain('href="/quickstart"');
  });

  it('lists what it could not convert, with file and reason', () => {
    const listed = report.notConverted.map((item) => `${item.file} ${item.item ?? ''}`.trim());
    expect(listed).toEqual(
      expect.arrayContaining([
        'docs.json theme',
        'docs.json integrations',
        'docs.json redirects[2]',
        'guides/components.mdx line 37',
      ]),
    );
    expect(report.notConverted.find((item) => item.file === 'guides/components.mdx')?.reason).toMatch(
      /<Color>/,
    );
    expect(report.notConverted.every((item) => item.reason.length > 0)).toBe(true);
    expect(report.files).toEqual(
      expect.arrayContaining(['docs.yml', 'images/keys.png', 'api-reference/openapi.json']),
    );
  });
});

describe('sextant init --from fern fern/', () => {
  const source = join(FIXTURES, 'fern-site');
  const pages: Record<string, [string, string]> = {
    'pages/welcome.mdx': ['/guides/getting-started/welcome', 'adopt and track pets'],
    'pages/quickstart.mdx': ['/guides/getting-started/quickstart', 'Create a key in the dashboard'],
    'pages/components/overview.mdx': ['/guides/components', 'Pages can use callouts'],
    'pages/components/callouts.mdx': ['/guides/components/callouts', 'A success callout.'],
    'v1/pages/welcome.mdx': ['/v1/guides/welcome', 'v1 is deprecated'],
    'changelog/2026-11-20.mdx': ['/changelog', 'Order cancellation'],
    'changelog/2026-10-02.md': ['/changelog', '2026-10-02'],
  };
  let report: Converted;
  let url: string;

  beforeAll(async () => {
    ({ report, url } = await convertAndServe('fern', source));
  });

  it('serves every page of the fern folder with status 200 at its Fern URL', async () => {
    expect(Object.keys(pages).concat('snippets/help.mdx').sort()).toEqual(
      await pageFiles(join(source, 'fern')),
    );
    for (const [file, [path, text]] of Object.entries(pages)) {
      const page = await get(url, path);
      expect(page.status, `${file} at ${path}`).toBe(200);
      expect(page.html, `${file} at ${path}`).toContain(text);
    }
    const quickstart = (await get(url, '/guides/getting-started/quickstart')).html;
    expect(quickstart).toContain('Questions? Ask in');
    const image = /<img src="(\/_sextant\/files\/[^"]*quickstart\.png)"/.exec(quickstart)?.[1];
    expect((await get(url, image ?? '/missing')).status).toBe(200);
  });

  it('links each page to its source, shows the navbar links and footer, and marks v1 deprecated', async () => {
    const page = (await get(url, '/guides/getting-started/welcome')).html;
    for (const text of [
      'https://github.com/acme/docs/edit/main/fern/pages/welcome.mdx',
      'Sign up',
      'https://github.com/acme/acme-python',
      'https://www.linkedin.com/company/acme',
      'Acme API v2 is generally available.',
    ])
      expect(page).toContain(text);
    expect((await get(url, '/v1/guides/welcome')).html).toContain('deprecated');
  });

  it('serves both versions’ API references and the redirects', async () => {
    expect((await get(url, '/api-reference/api-reference')).status).toBe(200);
    const v2 = await get(url, '/api-reference/api-reference/pets');
    expect(v2.status).toBe(200);
    expect(v2.html).toContain('Create a pet');
    expect((await get(url, '/v1/api-reference')).status).toBe(200);
    const redirect = await get(url, '/old-guides/quickstart');
    expect(redirect.status).toBe(301);
    expect(new URL(redirect.location ?? '', url).pathname).toBe('/guides/getting-started/quickstart');
  });

  it('lists what it could not convert, with file and reason', () => {
    const listed = report.notConverted.map((item) => `${item.file} ${item.item ?? ''}`.trim());
    expect(listed).toEqual(
      expect.arrayContaining([
        'fern/docs.yml analytics',
        'fern/docs.yml redirects[2]',
        'fern/apis/v2/generators.yml api.specs[0].overrides',
        'fern/versions/v2.yml navigation[1].layout[0].snippets',
      ]),
    );
  });
});

describe('sextant init --from docusaurus <site>', () => {
  const source = join(FIXTURES, 'docusaurus-site');
  const pages: Record<string, [string, string]> = {
    'docs/intro.md': ['/docs/intro', 'Acme in less than 5 minutes'],
    'docs/tutorial-basics/create-a-page.md': [
      '/docs/tutorial-basics/create-a-page',
      'Use this awesome feature option.',
    ],
    'docs/tutorial-basics/markdown-features.mdx': [
      '/docs/tutorial-basics/markdown-features',
      'This is an orange',
    ],
    'docs/reference/01-overview.md': ['/docs/reference/overview', 'Everything the'],
    'docs/reference/cli.md': ['/docs/reference/cli', 'Install with'],
    // The blog's post: an entry of the changelog the blog became (docusaurus-blog.ts).
    'blog/2026-11-20-welcome.md': ['/blog/2026-11-20-welcome', 'Welcome to the blog.'],
  };
  let report: Converted;
  let url: string;

  beforeAll(async () => {
    ({ report, url } = await convertAndServe('docusaurus', source));
  });

  it('serves every doc at its Docusaurus URL, admonitions and tabs rendered', async () => {
    // Every page file is accounted for.
    expect(Object.keys(pages).sort()).toEqual(await pageFiles(source));
    for (const [file, [path, text]] of Object.entries(pages)) {
      const page = await get(url, path);
      expect(page.status, `${file} at ${path}`).toBe(200);
      expect(page.html, `${file} at ${path}`).toContain(text);
    }
    const admonitions = (await get(url, '/docs/tutorial-basics/create-a-page')).html;
    expect(admonitions).toMatch(/sx-callout-tip[^>]*><p class="sx-callout-title">My tip/);
    expect(admonitions).toContain('sx-callout-danger');
    const redirect = await get(url, '/docs/old-cli');
    expect(redirect.status).toBe(301);
    expect(new URL(redirect.location ?? '', url).pathname).toBe('/docs/reference/cli');
    // The blog is a changelog at /blog; a post's Docusaurus URL leads to its entry.
    const blog = await get(url, '/blog');
    expect(blog.status).toBe(200);
    expect(blog.html).toContain('Welcome to the blog.');
    const post = await get(url, '/blog/2026/11/20/welcome');
    expect(post.status).toBe(301);
    expect(new URL(post.location ?? '', url).pathname).toBe('/blog/2026-11-20-welcome');
  });

  it('lists what it could not convert', () => {
    const listed = report.notConverted.map((item) => `${item.file} ${item.item ?? ''}`.trim());
    expect(listed).toEqual(expect.arrayContaining(['sidebars.js tutorialSidebar[1].link']));
    expect(listed).not.toContain('blog');
  });
});

describe('sextant init --from: usage', () => {
  it('exits 2 on an unknown source kind or a missing source, 1 when the project would be the source folder', async () => {
    const unknown = await runCli(['init', 'site', '--from', 'gitbook', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--from takes mintlify, fern, docusaurus, not "gitbook"/);
    const missing = await runCli(['init', '--from', 'fern']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/name what to convert: sextant init --from fern <folder>/);
    const source = join(FIXTURES, 'mintlify-site');
    const into = await runCli(['init', source, '--from', 'mintlify', join(source, 'docs.json')]);
    expect(into.code).toBe(1);
    expect(into.stderr).toMatch(/must not be the source folder/);
  });
});
