/**
 * The offline commands as a user runs them: `--help` everywhere, usage errors exit 2, `diff`
 * of two specs (text, JSON, markdown), `init` scaffolding, and bad specs failing with exit 1 and
 * one located error line (file, line, pointer), never a stack trace.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { petSpec, runCli, tempDir, writeFiles } from './cli-harness.js';

let dir: string;

beforeAll(async () => {
  dir = await tempDir();
  await writeFiles(dir, {
    'v1.yaml': petSpec(),
    'v2.yaml': petSpec({ limitRequired: true, extraField: true }),
    // The $ref on line 17 points nowhere.
    'bad.yaml': petSpec().replace("$ref: '#/components/schemas/Pet'", "$ref: '#/components/schemas/Missing'"),
  });
});

describe('sextant --help and usage errors', () => {
  it('prints help for the program and every command, exit 0', async () => {
    const commands = ['check', 'dev', 'diff', 'import', 'init', 'publish', 'serve', 'snippet'];
    const runs = await Promise.all([
      runCli(['--help']),
      ...commands.map((command) => runCli([command, '--help'])),
    ]);
    expect(runs[0]?.code).toBe(0);
    for (const command of commands) expect(runs[0]?.stdout).toContain(command);
    for (const [index, command] of commands.entries()) {
      const run = runs[index + 1]!;
      expect(run.code, command).toBe(0);
      expect(run.stdout, command).toContain(`Usage: sextant ${command}`);
    }
    expect(runs[commands.indexOf('serve') + 1]?.stdout).toContain('DATABASE_URL');
    expect(runs[commands.indexOf('publish') + 1]?.stdout).toContain('--dry-run');
  });

  it('exits 2 on usage errors with a one-line message, for every command', async () => {
    const runs = await Promise.all([
      runCli(['frobnicate']),
      runCli(['diff', join(dir, 'v1.yaml')]),
      runCli(['serve', '--port', 'eighty']),
      runCli(['dev', '--body-limit', '0']),
      runCli(['diff', join(dir, 'v1.yaml'), join(dir, 'v2.yaml'), '--json', '--markdown']),
      runCli(['diff', join(dir, 'v1.yaml'), join(dir, 'v2.yaml'), '--last-version', 'latest']),
      runCli(['publish', dir, '--token', 't', '--domain', 'docs.example.com']),
      runCli(['publish', dir, '--registry', 'ftp://x', '--token', 't', '--domain', 'd.example.com']),
      runCli(['snippet']),
      runCli(['snippet', join(dir, 'v1.yaml')]),
      runCli(['snippet', join(dir, 'v1.yaml'), '--endpoint', 'not a reference']),
      runCli(['init', '--from', 'cobol']),
      runCli(['import']),
      runCli(['check', '--bogus']),
    ]);
    const messages = [
      /unknown command 'frobnicate'/,
      /missing required argument 'new'/,
      /--port.*expected a port number/,
      /--body-limit.*whole number/,
      /choose one of --json and --markdown/,
      /--last-version: "latest" is not a semantic version/,
      /--registry \(or SEXTANT_REGISTRY\) is required/,
      /--registry.*expected an http\(s\) URL/,
      /missing required argument 'definition'/,
      /give --endpoint "METHOD \/path" or --id/,
      /--endpoint "not a reference"/,
      /--from takes mintlify, fern, docusaurus, not "cobol"/,
      /missing required argument 'file'/,
      /unknown option '--bogus'/,
    ];
    for (const [index, run] of runs.entries()) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(messages[index]!);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('sextant diff', () => {
  it('lists breaking changes first and the bump, in text', async () => {
    const run = await runCli(['diff', join(dir, 'v1.yaml'), join(dir, 'v2.yaml')]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('pets → pets: 2 changes (1 breaking)');
    expect(lines[1]).toMatch(/^ {2}BREAKING +GET \/pets +query parameter `limit` is now required$/);
    expect(lines[2]).toMatch(/^ {2}added +type Pet +optional field `tag` was added \(used in responses\)$/);
    expect(run.stdout).toContain('Version bump: MAJOR (1.2.0 → 2.0.0)');
  });

  it('prints JSON a script can use, and markdown for a changelog', async () => {
    const [json, markdown, same] = await Promise.all([
      runCli(['diff', join(dir, 'v1.yaml'), join(dir, 'v2.yaml'), '--json', '--last-version', '0.4.1']),
      runCli(['diff', join(dir, 'v1.yaml'), join(dir, 'v2.yaml'), '--markdown']),
      runCli(['diff', join(dir, 'v1.yaml'), join(dir, 'v1.yaml'), '--json']),
    ]);
    const report = JSON.parse(json.stdout) as {
      bump: string;
      nextVersion: string;
      diff: { summary: { breaking: number } };
    };
    expect(report).toMatchObject({ bump: 'MINOR', nextVersion: '0.5.0', diff: { summary: { breaking: 1 } } });
    expect(markdown.stdout).toMatch(
      /### Breaking changes\n\n- \*\*GET \/pets\*\*: query parameter `limit` is now required/,
    );
    expect(JSON.parse(same.stdout)).toMatchObject({
      bump: 'PATCH',
      nextVersion: '1.2.1',
      diff: { changes: [] },
    });
  });

  it('a bad spec: exit 1 and one line naming the file, line and pointer', async () => {
    const run = await runCli(['diff', join(dir, 'v1.yaml'), join(dir, 'bad.yaml')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^error: ${join(dir, 'bad.yaml').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+ at /paths/~1pets~1\\{petId\\}/get/responses/200/content/application~1json/schema: .*Missing`,
      ),
    );
    const missing = await runCli(['diff', join(dir, 'v1.yaml'), join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nope\.yaml.*no such file/);
  });
});

describe('sextant import and snippet, as the README shows them', () => {
  it('a snippet of the definition import writes, or of the spec itself', async () => {
    const definition = join(dir, 'definition.json');
    const imported = await runCli(['import', join(dir, 'v1.yaml'), '--out', definition]);
    expect(imported.code, imported.stderr).toBe(0);
    const fromDefinition = await runCli(['snippet', definition, '--endpoint', 'GET /pets', '--lang', 'curl']);
    expect(fromDefinition).toMatchObject({ code: 0, stderr: '' });
    expect(fromDefinition.stdout).toMatch(/^curl 'http:\/\/localhost:4010\/pets(\?limit=\d+)?'\n$/);
    const fromSpec = await runCli([
      'snippet',
      join(dir, 'v1.yaml'),
      '--endpoint',
      'GET /pets',
      '--lang',
      'curl',
    ]);
    expect(fromSpec).toEqual(fromDefinition);
  });

  it('every failure is one line naming the file or flag; usage errors exit 2', async () => {
    await writeFiles(dir, {
      'generators.yml': 'generators:\n  - language: go\n    snippetTemplates: sdk/go.json\n',
      'not-templates.json': '{"templates": []}',
    });
    const spec = join(dir, 'v1.yaml');
    const cases: [string[], number, string][] = [
      [
        ['--templates', join(dir, 'generators.yml'), '--lang', 'go'],
        1,
        `${join(dir, 'generators.yml')}: cannot read ${join(dir, 'sdk/go.json')}`,
      ],
      [
        ['--templates', join(dir, 'not-templates.json')],
        1,
        `${join(dir, 'not-templates.json')}: expected a generators.yml`,
      ],
      [['--values', join(dir, 'none.json')], 1, `${join(dir, 'none.json')}: no such file`],
      [['--lang', 'cobol'], 2, '--lang cobol: Unsupported language'],
    ];
    for (const [flags, code, message] of cases) {
      const run = await runCli(['snippet', spec, '--endpoint', 'GET /pets', ...flags]);
      expect([run.code, run.stdout], run.stderr).toEqual([code, '']);
      expect(run.stderr.startsWith(`error: ${message}`), run.stderr).toBe(true);
      expect(run.stderr.trimEnd().split('\n'), run.stderr).toHaveLength(1);
    }
    const noEndpoint = await runCli(['snippet', spec]);
    expect([noEndpoint.code, noEndpoint.stderr]).toEqual([
      2,
      'error: give --endpoint "METHOD /path" or --id <endpoint id>\n',
    ]);
  });
});

describe('sextant init', () => {
  it('scaffolds docs.yml (SPEC §9 options), a page, the spec and generators.yml (SPEC §3 defaults)', async () => {
    const project = join(dir, 'site');
    const run = await runCli(['init', project, '--spec', join(dir, 'v1.yaml'), '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).files).toEqual([
      'api/v1.yaml',
      'docs.yml',
      'pages/welcome.md',
      'generators.yml',
    ]);
    const docs = parse(await readFile(join(project, 'docs.yml'), 'utf8'));
    expect(docs).toMatchObject({
      title: 'Pets Docs',
      theme: 'system',
      layout: {
        searchbarPlacement: 'HEADER',
        tabsPlacement: 'HEADER',
        contentAlignment: 'CENTER',
        headerPosition: 'FIXED',
        pageLayout: 'guide',
      },
      pageActions: ['copyPage', 'viewAsMarkdown'],
      metadata: { socialCard: 'summary' },
      // Two tabs (issue #26): the welcome page is the home, the API keeps its URL.
      navigation: [
        { tab: 'Guides', icon: 'book', contents: [{ page: 'Welcome', path: 'pages/welcome.md', slug: '' }] },
        {
          tab: 'API Reference',
          icon: 'code',
          contents: [{ api: 'Pets', spec: 'api/v1.yaml', slug: 'pets' }],
        },
      ],
    });
    const text = await readFile(join(project, 'docs.yml'), 'utf8');
    for (const option of ['HEADER_TABS', 'summary_large_image', 'lazyOnload', 'fallback', 'overview'])
      expect(text).toContain(option);
    const generators = parse(await readFile(join(project, 'generators.yml'), 'utf8'));
    expect(generators.defaults).toEqual({
      output: { mode: 'github' },
      tests: { enabled: true },
      features: { oauth: true, paginatedClients: true },
      publish: { targets: ['nuget', 'maven', 'pypi', 'rubygems', 'npm'] },
    });
    const again = await runCli(['init', project]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/docs\.yml already exists: pass --force/);
  });

  it('a bad spec fails before anything is written', async () => {
    const project = join(dir, 'bad-site');
    const run = await runCli(['init', project, '--spec', join(dir, 'bad.yaml')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/bad\.yaml:\d+ at \/paths\/.*Missing/);
    expect(existsSync(join(project, 'docs.yml'))).toBe(false);
  });
});
