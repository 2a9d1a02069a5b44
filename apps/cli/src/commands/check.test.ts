import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureOutput } from '../testing/captured-output.js';
import { runCheck } from './check.js';

const SPEC = `openapi: 3.1.0
info:
  title: Pets
  version: '1'
  description: Read [the guide](/guides/intro) and [pagination](/docs/pagination).
paths:
  /pets:
    get:
      summary: List pets
      description: 'Pages as <a href="/docs/pagination">usual</a>.'
      responses: { '200': { description: ok } }
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sextant-check-'));
  await mkdir(join(dir, 'pages'));
  await writeFile(
    join(dir, 'docs.yml'),
    'title: Pets\nnavigation:\n  - section: Guides\n    slug: guides\n    contents:\n      - page: Intro\n        path: pages/intro.md\n  - api: Pets\n    spec: pets.yaml\n',
  );
  await writeFile(join(dir, 'pages/intro.md'), '# Intro\n\n![diagram](missing.png) and [api](/pets)\n');
  await writeFile(join(dir, 'pets.yaml'), SPEC);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('sextant check', () => {
  it('locates site-relative links of API descriptions in the spec, and missing images', async () => {
    const output = captureOutput();
    expect(await runCheck(dir, {}, output)).toBe(1);
    expect(output.text().split('\n')).toEqual([
      'pages/intro.md:3: image "missing.png" does not exist (looked for pages/missing.png)',
      'pets.yaml:5:65: "/docs/pagination" in the description of Pets is not a page of this site: set apiLinkBase in docs.yml (e.g. https://www.example.com) to send such links to your website',
      'pets.yaml:10:39: "/docs/pagination" in the description of GET /pets is not a page of this site: set apiLinkBase in docs.yml (e.g. https://www.example.com) to send such links to your website',
      '✗ 3 broken links in 2 files',
      '',
    ]);
  });

  it('with apiLinkBase they lead to the website; --json says ok', async () => {
    await writeFile(join(dir, 'pages/intro.md'), '# Intro\n\n[api](/pets)\n');
    await writeFile(
      join(dir, 'docs.yml'),
      `apiLinkBase: https://pets.example.com\n${await readFile(join(dir, 'docs.yml'), 'utf8')}`,
    );
    const output = captureOutput();
    expect(await runCheck(dir, { json: true }, output)).toBe(0);
    expect(JSON.parse(output.text())).toEqual({ ok: true, problems: [], warnings: [] });
  });

  it('lists props a component does not use as located warnings, and still exits 0', async () => {
    await writeFile(
      join(dir, 'pages/intro.md'),
      '# Intro\n\n<Card title="API" href="/pets" titel="typo">\n  Go.\n</Card>\n\n<Callout intent="tip" color="#fc0">Hi</Callout>\n',
    );
    const output = captureOutput();
    expect(await runCheck(dir, {}, output)).toBe(0);
    expect(output.text().split('\n')).toEqual([
      'warning: pages/intro.md:3:32: <Card titel>: Sextant does not use this prop; it is ignored',
      'warning: pages/intro.md:7:23: <Callout color>: Sextant does not use this prop; it is ignored',
      '✓ no broken links (1 page checked)',
      '',
    ]);
    const json = captureOutput();
    expect(await runCheck(dir, { json: true }, json)).toBe(0);
    expect(JSON.parse(json.text()).warnings).toEqual([
      expect.objectContaining({
        file: 'pages/intro.md',
        line: 3,
        column: 32,
        message: expect.stringContaining('<Card titel>'),
      }),
      expect.objectContaining({ file: 'pages/intro.md', line: 7, column: 23 }),
    ]);
  });

  it("lists docs.yml's redirects to a path of the site no page has, with their line", async () => {
    const project = await mkdtemp(join(tmpdir(), 'sextant-check-redirects-'));
    await mkdir(join(project, 'pages'));
    await writeFile(join(project, 'pages/intro.md'), '# Intro\n');
    await writeFile(
      join(project, 'docs.yml'),
      [
        'title: Moves',
        'navigation:',
        '  - page: Intro',
        '    path: pages/intro.md',
        'redirects:',
        '  - source: /start',
        '    destination: /intro',
        '  - source: /welcome',
        '    destination: /welcome-page',
        '  - source: /old/*',
        '    destination: /new/*',
        '  - source: /chained',
        '    destination: /start',
        '  - source: /away',
        '    destination: https://example.com/elsewhere',
        '',
      ].join('\n'),
    );
    const json = captureOutput();
    expect(await runCheck(project, { json: true }, json)).toBe(1);
    expect(JSON.parse(json.text()).problems).toEqual([
      {
        kind: 'link',
        file: 'docs.yml',
        line: 9,
        message:
          'redirects[1]: redirect to "/welcome-page" is not a page of this site (no page has the slug "welcome-page")',
      },
    ]);
    await rm(project, { recursive: true, force: true });
  });
});

describe('sextant check of a login secret', () => {
  let project: string;
  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'sextant-check-login-'));
    await writeFile(
      join(project, 'docs.yml'),
      [
        'title: Pets',
        'login:',
        '  authorizationUrl: https://auth.acme.test/login',
        '  apiKeyClaim: api_key',
        '  hmacSecretEnv: SEXTANT_LOGIN_ACME_EU',
        'navigation:',
        '  - page: Intro',
        '    path: intro.md',
        '',
      ].join('\n'),
    );
    await writeFile(join(project, 'intro.md'), '# Intro\n');
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  it('says which organization a hosted registry lets read it, and still exits 0', async () => {
    const output = captureOutput();
    expect(await runCheck(project, {}, output)).toBe(0);
    expect(output.stderr()).toContain(
      'warning: docs.yml:5: login.hmacSecretEnv names SEXTANT_LOGIN_ACME_EU: a hosted registry lets only the sites of the organization "acme-eu" read it',
    );
  });

  it('is quiet for the organization it is for', async () => {
    const output = captureOutput();
    expect(await runCheck(project, { org: 'acme-eu', json: true }, output)).toBe(0);
    expect(JSON.parse(output.stdout())).toEqual({ ok: true, problems: [], warnings: [] });
  });

  it("warns that publishing as another organization is refused, naming that organization's variable", async () => {
    const output = captureOutput();
    expect(await runCheck(project, { org: 'acme', json: true }, output)).toBe(0);
    const { warnings } = JSON.parse(output.stdout());
    expect(warnings).toEqual([
      {
        kind: 'login',
        file: 'docs.yml',
        line: 5,
        message: expect.stringMatching(
          /^login\.hmacSecretEnv names SEXTANT_LOGIN_ACME_EU: .*"acme" reads its login secret from SEXTANT_LOGIN_ACME only.*a hosted registry refuses to publish it$/,
        ),
      },
    ]);
  });
});
