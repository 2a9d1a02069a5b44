/**
 * `sextant serve` (hosted mode) and `sextant publish` against it, on embedded PGlite and on a
 * fresh PostgreSQL database: the published page loads by host (Host header), publishing the same
 * project again writes nothing and says so, a changed spec is published with its diff summary,
 * `--dry-run` writes nothing, a bad token is refused with exit 1, and SIGTERM stops serve with
 * exit 0 after it answered /healthz. Files: the logo and a markdown image are uploaded once and
 * served by host at immutable content-addressed URLs (bytes equal to the files on disk, never to
 * another host); publishing again uploads nothing; a missing image stops publish with file:line.
 * SDK snippet templates named by generators.yml are registered once and the hosted site's
 * snippet-templates call answers their languages by host; a broken templates file stops publish.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../apps/server/src/registry/testing/servers.js';
import { petSpec, type RunningCli, runCli, startCli, tempDir, writeFiles } from './cli-harness.js';

interface Backend {
  name: string;
  /** Extra serve flags/env, or the reason this backend is skipped. */
  setup: () => Promise<{ args: string[]; cleanup: () => Promise<void> } | { skipped: string }>;
}

const backends: Backend[] = [
  {
    name: 'PGlite',
    setup: async () => ({
      args: ['--data-dir', join(await tempDir('sextant-serve-'), 'data')],
      cleanup: async () => undefined,
    }),
  },
  {
    name: 'PostgreSQL',
    // The shared helper: with CI=true an unreachable PostgreSQL fails the run instead of skipping.
    setup: async () => {
      const database = await createPostgresDatabase();
      if ('skipped' in database) return database;
      return { args: ['--database-url', database.url], cleanup: () => database.drop() };
    },
  },
];

interface HostResponse {
  status: number;
  body: string;
  bytes: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** GET `path` of `base` with a Host header, as a browser at that host would (fetch cannot set Host). */
function getByHost(
  base: string,
  host: string,
  path = '/',
  headers: Record<string, string> = {},
): Promise<HostResponse> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers: { ...headers, host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          body: bytes.toString('utf8'),
          bytes,
          headers: response.headers,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A Go snippet template (the registry's format, `sdk` filled from generators.yml) of GET `path`. */
function goTemplate(path: string, call: string): unknown {
  return {
    endpointId: { method: 'GET', path },
    snippetTemplate: {
      type: 'v1',
      clientInstantiation: 'client := pets.NewClient()',
      functionInvocation: { type: 'generic', templateString: `${call}(context.TODO())`, templateInputs: [] },
    },
  };
}

/** An examples-like generators.yml: Go templates in JSON (both endpoints), Ruby in YAML (one, its own parameter name). */
const SDK_TEMPLATE_FILES: Record<string, string> = {
  'generators.yml': `generators:
  - language: go
    package: example.com/pets-go
    version: 1.0.0
    snippetTemplates: sdk-snippets/go.json
  - language: ruby
    package: pets_rb
    version: 2.1.0
    snippetTemplates: sdk-snippets/ruby.yml
    publish: { target: rubygems }
`,
  'sdk-snippets/go.json': JSON.stringify([
    goTemplate('/pets/{petId}', 'client.Pets.Get'),
    goTemplate('/pets', 'client.Pets.List'),
  ]),
  'sdk-snippets/ruby.yml': `- endpointId: { method: GET, path: "/pets/{id}" }
  snippetTemplate:
    type: v1
    clientInstantiation: client = PetsRb::Client.new
    functionInvocation: { type: generic, templateString: client.pets.get, templateInputs: [] }
`,
};

interface RouteTemplates {
  templates: { sdk: { language: string; package: string; version: string }; endpointId: unknown }[];
}

/** A small PNG-looking file with content unique to this run. */
function imageBytes(label: string): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    randomBytes(300),
    Buffer.from(label),
  ]);
}

for (const backend of backends) {
  describe(`sextant publish to sextant serve on ${backend.name}`, () => {
    let serve: RunningCli;
    let registry: string;
    let token: string;
    let project: string;
    /** The docs key of the published API (from the first dry run). */
    let apiKey: string;
    let skipped: string | undefined;
    let cleanup: () => Promise<void> = async () => undefined;
    const domain = `docs-${randomBytes(3).toString('hex')}.acme.test`;

    beforeAll(async () => {
      const setup = await backend.setup();
      if ('skipped' in setup) {
        skipped = setup.skipped;
        console.warn(`skipping the ${backend.name} half: ${skipped}`);
        return;
      }
      cleanup = setup.cleanup;
      const dir = await tempDir();
      project = join(dir, 'site');
      await writeFiles(dir, { 'pets.yaml': petSpec() });
      const init = await runCli(['init', project, '--spec', join(dir, 'pets.yaml')]);
      expect(init.code, init.stderr).toBe(0);
      // A logo named by docs.yml and an image a markdown page references (relative to the page).
      await mkdir(join(project, 'assets'));
      await mkdir(join(project, 'images'));
      await mkdir(join(project, 'sdk-snippets'));
      await writeFiles(project, SDK_TEMPLATE_FILES);
      await writeFile(join(project, 'assets/logo.png'), imageBytes('logo'));
      await writeFile(join(project, 'images/diagram.png'), imageBytes('diagram'));
      const config = join(project, 'docs.yml');
      await writeFile(config, `logo:\n  light: assets/logo.png\n${await readFile(config, 'utf8')}`);
      const welcome = join(project, 'pages/welcome.md');
      await writeFile(
        welcome,
        `${await readFile(welcome, 'utf8')}\n![Architecture diagram](../images/diagram.png)\n`,
      );
      serve = startCli([
        'serve',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--create-org',
        'acme',
        '--create-org',
        'rival',
        // The operator approves the docs host: the first organization to publish there owns it.
        '--allow-domain',
        domain,
        ...setup.args,
      ]);
      registry = (await serve.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/, 150_000))[1]!;
      token = await serve.credential(/admin token of organization acme: (\S+)/);
    });

    afterAll(async () => {
      await serve?.stop('SIGKILL');
      await cleanup();
    });

    /** `sextant publish` of the project as `org` with `orgToken` to `host`. */
    const publishAs = (org: string, orgToken: string, host: string, ...extra: string[]) =>
      runCli([
        'publish',
        project,
        '--registry',
        registry,
        '--token',
        orgToken,
        '--org',
        org,
        '--domain',
        host,
        ...extra,
      ]);
    const publish = (...extra: string[]) => publishAs('acme', token, domain, ...extra);

    it('serves /healthz and JSON logs', async ({ skip }) => {
      if (skipped) skip(skipped);
      const health = await fetch(`${registry}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', mode: 'hosted' });
      const firstLine = serve.output().split('\n')[0]!;
      expect(JSON.parse(firstLine)).toHaveProperty('level');
    });

    it('publishes, and the page loads by host', async ({ skip }) => {
      if (skipped) skip(skipped);
      const dry = await publish('--dry-run', '--json');
      expect(dry.code, dry.stderr).toBe(0);
      expect(JSON.parse(dry.stdout)).toMatchObject({
        dryRun: true,
        unchanged: false,
        docs: 'new',
        apis: [{ status: 'new' }],
      });
      expect((await getByHost(registry, domain)).status).toBe(404);
      apiKey = (JSON.parse(dry.stdout) as { apis: { key: string }[] }).apis[0]!.key;
      expect(JSON.parse(dry.stdout).templates).toEqual([
        {
          api: apiKey,
          language: 'go',
          package: 'example.com/pets-go',
          version: '1.0.0',
          method: 'GET',
          path: '/pets/{petId}',
          status: 'would-register',
        },
        {
          api: apiKey,
          language: 'ruby',
          package: 'pets_rb',
          version: '2.1.0',
          method: 'GET',
          path: '/pets/{petId}',
          status: 'would-register',
        },
        {
          api: apiKey,
          language: 'go',
          package: 'example.com/pets-go',
          version: '1.0.0',
          method: 'GET',
          path: '/pets',
          status: 'would-register',
        },
      ]);

      expect(JSON.parse(dry.stdout).files).toMatchObject([
        { path: 'assets/logo.png', status: 'would-upload', contentType: 'image/png' },
        { path: 'images/diagram.png', status: 'would-upload', contentType: 'image/png' },
      ]);
      const dryText = await publish('--dry-run');
      expect(dryText.stdout).toContain('would upload images/diagram.png');
      expect(dryText.stdout).toContain('SDK snippet templates: 3 to register (go, ruby)');
      expect(dryText.stdout).toContain('would register ruby pets_rb@2.1.0 GET /pets/{petId}');

      const first = await publish();
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('API Pets: new');
      expect(first.stdout).toMatch(/files: 2 uploaded \(\d/);
      expect(first.stdout).toContain('uploaded assets/logo.png');
      expect(first.stdout).toContain(`Published https://${domain}`);
      const page = await getByHost(registry, domain);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>Pets Docs</title>');
      const other = await getByHost(registry, 'someone-else.acme.test');
      expect(other.status).toBe(404);
      expect(first.stdout).toContain('SDK snippet templates: 3 registered (go, ruby)');
    });

    /** The hosted site's snippet-templates call for `endpoint`, by host. */
    const siteTemplates = async (endpoint: string, host = domain) => {
      const query = new URLSearchParams({ api: apiKey, endpoint, page: '/' });
      return getByHost(registry, host, `/_sextant/snippet-templates?${query}`);
    };

    it('the hosted site offers the SDK languages of generators.yml for each endpoint', async ({ skip }) => {
      if (skipped) skip(skipped);
      const getPet = await siteTemplates('getPet');
      expect(getPet.status, getPet.body).toBe(200);
      const body = JSON.parse(getPet.body) as RouteTemplates;
      expect(body.templates.map((t) => t.sdk)).toEqual([
        { language: 'go', package: 'example.com/pets-go', version: '1.0.0' },
        { language: 'ruby', package: 'pets_rb', version: '2.1.0' },
      ]);
      expect(body.templates[1]?.endpointId).toEqual({ method: 'GET', path: '/pets/{petId}' });
      const listPets = JSON.parse((await siteTemplates('listPets')).body) as RouteTemplates;
      expect(listPets.templates.map((t) => t.sdk.language)).toEqual(['go']);
      expect((await siteTemplates('getPet', 'someone-else.acme.test')).status).toBe(404);
    });

    it('uploads the logo and the markdown image once and serves them by host', async ({ skip }) => {
      if (skipped) skip(skipped);
      const published = JSON.parse((await publish('--json', '--dry-run')).stdout) as {
        unchanged: boolean;
        files: { path: string; status: string }[];
      };
      expect(published.unchanged).toBe(true);
      expect(published.files.map((file) => [file.path, file.status])).toEqual([
        ['assets/logo.png', 'unchanged'],
        ['images/diagram.png', 'unchanged'],
      ]);
      const page = await getByHost(registry, domain);
      for (const [path, label] of [
        ['images/diagram.png', 'Architecture diagram'],
        ['assets/logo.png', ''],
      ] as const) {
        const onDisk = await readFile(join(project, path));
        const sha = createHash('sha256').update(onDisk).digest('hex');
        const name = path.split('/').pop()!;
        const url = `/_sextant/files/${sha}/${name}`;
        expect(page.body, path).toContain(`src="${url}"`);
        if (label) {
          expect(page.body).toContain(`alt="${label}"`);
          // The page's markdown variant points at the same URL.
          expect((await getByHost(registry, domain, '/index.md')).body).toContain(`![${label}](${url})`);
        }
        const file = await getByHost(registry, domain, url);
        expect(file.status, path).toBe(200);
        expect(file.bytes.equals(onDisk), `${path}: served bytes equal the file on disk`).toBe(true);
        expect(file.headers['content-type']).toBe('image/png');
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(file.headers.etag).toBe(`"${sha}"`);
        expect((await getByHost(registry, domain, url, { 'if-none-match': `"${sha}"` })).status).toBe(304);
        // Another host never reads this site's files, even knowing the address.
        expect((await getByHost(registry, 'someone-else.acme.test', url)).status).toBe(404);
      }
      expect(
        (await getByHost(registry, domain, `/_sextant/files/${'0'.repeat(64)}/diagram.png`)).status,
      ).toBe(404);
    });

    it('a changed image is uploaded alone; a missing image stops publish with file:line', async ({
      skip,
    }) => {
      if (skipped) skip(skipped);
      const image = join(project, 'images/diagram.png');
      const original = await readFile(image);
      await writeFile(image, imageBytes('diagram v2'));
      const changed = JSON.parse((await publish('--json')).stdout) as {
        unchanged: boolean;
        files: { path: string; status: string }[];
        uploadedBytes: number;
      };
      expect(changed.unchanged).toBe(false);
      expect(changed.files.map((file) => [file.path, file.status])).toEqual([
        ['assets/logo.png', 'stored'],
        ['images/diagram.png', 'uploaded'],
      ]);
      expect(changed.uploadedBytes).toBe((await readFile(image)).length);
      const page = await getByHost(registry, domain);
      const sha = createHash('sha256')
        .update(await readFile(image))
        .digest('hex');
      expect(page.body).toContain(`/_sextant/files/${sha}/diagram.png`);
      // Back to the first content: the registry still has it, nothing is uploaded.
      await writeFile(image, original);
      const back = JSON.parse((await publish('--json')).stdout) as {
        files: { status: string }[];
        uploadedBytes: number;
      };
      expect(back.files.map((file) => file.status)).toEqual(['stored', 'stored']);
      expect(back.uploadedBytes).toBe(0);

      const welcome = join(project, 'pages/welcome.md');
      const text = await readFile(welcome, 'utf8');
      await writeFile(welcome, `${text}\nSee ![missing](img/nope.png) here.\n`);
      try {
        const missing = await publish();
        expect(missing.code).toBe(1);
        const line = `${text}\nSee`.split('\n').length;
        expect(missing.stderr).toMatch(
          new RegExp(`^error: pages/welcome\\.md:${line}: image "img/nope\\.png" does not exist`, 'm'),
        );
        expect(missing.stderr.match(/^error:/gm)).toHaveLength(1);
      } finally {
        await writeFile(welcome, text);
      }
    });

    it('a changed template is registered alone; a broken templates file stops publish', async ({ skip }) => {
      if (skipped) skip(skipped);
      const ruby = join(project, 'sdk-snippets/ruby.yml');
      const original = await readFile(ruby, 'utf8');
      await writeFile(ruby, original.replace('client.pets.get', 'client.pets.fetch'));
      try {
        const changed = await publish('--json');
        expect(changed.code, changed.stderr).toBe(0);
        const result = JSON.parse(changed.stdout) as {
          unchanged: boolean;
          docs: string;
          templates: { language: string; status: string }[];
        };
        expect(result).toMatchObject({
          unchanged: false,
          docs: 'unchanged',
          apis: [{ status: 'unchanged' }],
        });
        expect(result.templates.map((t) => [t.language, t.status])).toEqual([
          ['go', 'unchanged'],
          ['ruby', 'registered'],
          ['go', 'unchanged'],
        ]);
        const served = JSON.parse((await siteTemplates('getPet')).body) as RouteTemplates;
        expect(JSON.stringify(served.templates[1])).toContain('client.pets.fetch');

        await writeFile(ruby, '- endpointId: { method: GET }\n  snippetTemplate: { type: v1 }\n');
        const broken = await publish();
        expect(broken.code).toBe(1);
        expect(broken.stderr).toMatch(/^error: sdk-snippets\/ruby\.yml at \/0: endpointId\/path /m);
        expect(broken.stderr.match(/^error:/gm)).toHaveLength(1);
        const brokenDry = await publish('--dry-run');
        expect(brokenDry.code).toBe(1);
      } finally {
        await writeFile(ruby, original);
      }
      const back = JSON.parse((await publish('--json')).stdout) as { templates: { status: string }[] };
      expect(back.templates.map((t) => t.status)).toEqual(['unchanged', 'registered', 'unchanged']);
    });

    it('publishing again is idempotent; a changed spec is published with its diff', async ({ skip }) => {
      if (skipped) skip(skipped);
      const second = await publish('--json');
      expect(second.code, second.stderr).toBe(0);
      expect(JSON.parse(second.stdout)).toMatchObject({
        unchanged: true,
        docs: 'unchanged',
        apis: [{ status: 'unchanged' }],
        uploadedBytes: 0,
        files: [{ status: 'unchanged' }, { status: 'unchanged' }],
      });
      expect(
        (JSON.parse(second.stdout) as { templates: { status: string }[] }).templates.map((t) => t.status),
      ).toEqual(['unchanged', 'unchanged', 'unchanged']);
      const text = await publish();
      expect(text.stdout).toContain('Nothing changed');
      expect(text.stdout).toContain('files: 2 unchanged');
      expect(text.stdout).toContain('SDK snippet templates: 3 unchanged');
      expect(text.stdout).not.toContain('uploaded');
      expect(text.stdout).not.toContain('registered');

      const spec = join(project, 'api/pets.yaml');
      await writeFile(spec, (await readFile(spec, 'utf8')).replace('required: false', 'required: true'));
      const third = await publish('--json');
      expect(third.code, third.stderr).toBe(0);
      expect(JSON.parse(third.stdout)).toMatchObject({
        unchanged: false,
        apis: [{ status: 'changed', breakingChanges: 1, bump: 'MAJOR' }],
      });
      const page = await getByHost(registry, domain);
      expect(page.body).toContain('Pets Docs');
      // The new API version names the same SDKs: the templates registered before still serve it.
      expect(JSON.parse(third.stdout).templates.map((t: { status: string }) => t.status)).toEqual([
        'unchanged',
        'unchanged',
        'unchanged',
      ]);
      const served = JSON.parse((await siteTemplates('getPet')).body) as RouteTemplates;
      expect(served.templates.map((t) => t.sdk.language)).toEqual(['go', 'ruby']);
      expect(JSON.parse((await publish('--json')).stdout)).toMatchObject({ unchanged: true });
    });

    it('another organization cannot publish under the host, nor to a host nobody approved or proved', async ({
      skip,
    }) => {
      if (skipped) skip(skipped);
      const rival = await serve.credential(/admin token of organization rival: (\S+)/);
      const stolen = await publishAs('rival', rival, `${domain}/guides`);
      expect(stolen.code).toBe(1);
      expect(stolen.stderr, stolen.stderr).toMatch(/DomainBelongsToAnotherOrgError/);
      const unproved = await publishAs('acme', token, `unproved-${domain}`);
      expect(unproved.code).toBe(1);
      expect(unproved.stderr).toMatch(/DomainNotClaimedError/);
      // The CLI does not claim hosts: the error names the registry call that does.
      expect(unproved.stderr).toMatch(/domain-claims\/create returns the record/);
      expect((await getByHost(registry, domain)).status).toBe(200);
    });

    it('a bad token is refused: exit 1, one line', async ({ skip }) => {
      if (skipped) skip(skipped);
      const run = await publishAs('acme', 'sxt_wrong', `x-${domain}`);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: the registry at .* refused \(401\): UnauthorizedError/m);
      expect(run.stderr.match(/^error:/gm)).toHaveLength(1);
      // A publish that would write nothing still checks the token and the organization.
      for (const extra of [[], ['--dry-run']]) {
        const unchanged = await publishAs('acme', 'sxt_wrong', domain, ...extra);
        expect(unchanged.code, unchanged.stdout).toBe(1);
        expect(unchanged.stderr).toMatch(/^error: the registry at .* refused \(401\): UnauthorizedError/m);
      }
      const rival = await serve.credential(/admin token of organization rival: (\S+)/);
      const otherOrg = await publishAs('acme', rival, domain);
      expect(otherOrg.code, otherOrg.stdout).toBe(1);
      expect(otherOrg.stderr).toMatch(/^error: the registry at .* refused \(403\)/m);
    });

    it('stops on SIGTERM with exit 0', async ({ skip }) => {
      if (skipped) skip(skipped);
      expect(await serve.stop('SIGTERM')).toBe(0);
      expect(serve.output()).toContain('shutting down: /readyz answers 503');
    });
  });
}
