import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureOutput } from '../testing/captured-output.js';
import { runSnippet, type SnippetCommandOptions } from './snippet.js';

const dir = mkdtempSync(join(tmpdir(), 'sextant-snippet-'));
const spec = join(dir, 'api.yaml');
writeFileSync(
  spec,
  `openapi: 3.0.3
info: { title: Pets, version: '1' }
servers: [{ url: 'https://api.example.com' }]
paths:
  /pets/{petId}:
    post:
      operationId: updatePet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string } }
        - { name: dry, in: query, schema: { type: boolean } }
      requestBody:
        content:
          application/json:
            schema: { type: object, required: [name], properties: { name: { type: string } } }
      responses:
        '200': { description: ok }
`,
);
const values = join(dir, 'values.json');
writeFileSync(
  values,
  JSON.stringify({
    pathParameters: { petId: 'a b' },
    queryParameters: { dry: true },
    requestBody: { name: 'Rex' },
  }),
);
const templates = join(dir, 'templates.json');
writeFileSync(
  templates,
  JSON.stringify([
    {
      sdk: { language: 'go', package: 'pets', version: '1.0.0' },
      endpointId: { method: 'POST', path: '/pets/{petId}' },
      snippetTemplate: {
        type: 'v1',
        clientInstantiation: 'client := pets.NewClient()',
        functionInvocation: {
          type: 'generic',
          templateString: 'client.Pets.Update($INPUT)',
          templateInputs: [
            { type: 'payload', value: { location: 'PATH', path: 'petId' } },
            { type: 'payload', value: { location: 'BODY', path: 'name' } },
          ],
        },
      },
    },
  ]),
);

function runSnippetIds(file: string): string[] {
  return Object.keys(importDefinition(readSpecFile(file)).definition.endpoints);
}

async function run(options: SnippetCommandOptions, file = spec) {
  const output = captureOutput();
  const code = await runSnippet(file, options, output);
  return { code, stdout: output.stdout(), stderr: output.stderr() };
}

describe('sextant snippet', () => {
  // --templates loads the docs-project package on demand; from sources its first import takes a while.
  beforeAll(async () => {
    await import('@sextant/docs-project');
  }, 180_000);
  it('prints the curl snippet of the values given', async () => {
    expect(await run({ endpoint: 'POST /pets/{petId}', lang: 'curl', values })).toEqual({
      code: 0,
      stdout: `curl -X POST 'https://api.example.com/pets/a%20b?dry=true' \\
  -H 'Content-Type: application/json' \\
  --data '{
  "name": "Rex"
}'
`,
      stderr: '',
    });
  });
  it('prints python from the synthesised example when no values are given', async () => {
    const { code, stdout } = await run({ endpoint: 'POST /pets/{id}', lang: 'python' });
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^import json\n\nimport requests\n\nurl = "https:\/\/api\.example\.com\/pets\/[^"]+"/,
    );
  });
  it('fills an SDK template from --templates', async () => {
    expect((await run({ endpoint: 'POST /pets/{petId}', lang: 'go', values, templates })).stdout).toBe(
      'client := pets.NewClient()\n\nclient.Pets.Update("a b", "Rex")\n',
    );
  });
  it.each([
    [
      { endpoint: 'POST pets?', lang: 'curl' },
      2,
      'error: --endpoint "POST pets?": Invalid endpoint reference\n',
    ],
    [
      { endpoint: 'GET /pets/{petId}', lang: 'curl' },
      1,
      `error: ${spec}: Failed to find endpoint identified by GET /pets/{petId}\n`,
    ],
    [{ endpoint: 'POST /pets/{petId}', lang: 'cobol' }, 2, 'error: --lang cobol: Unsupported language\n'],
    [
      { endpoint: 'POST /pets/{petId}', lang: 'ruby' },
      2,
      'error: --lang ruby: No configuration found for language (give --templates with templates of that SDK)\n',
    ],
    [
      { endpoint: 'POST /pets/{petId}', lang: 'go', templates: spec },
      1,
      `error: ${spec}: expected a generators.yml (with a generators list) or an array of snippet templates\n`,
    ],
    [
      { endpoint: 'POST /pets/{petId}', lang: 'go', templates: join(dir, 'nothing.json') },
      1,
      `error: ${join(dir, 'nothing.json')}: no such file\n`,
    ],
    [{ endpoint: 'POST /pets/{petId}', values: spec }, 1, `error: ${spec}: not JSON: `],
  ])(
    '%j fails with one line naming the file or flag, and its exit code',
    async (options, exitCode, message) => {
      const { code, stdout, stderr } = await run(options);
      expect(code).toBe(exitCode);
      expect(stdout).toBe('');
      expect(stderr.startsWith(message), stderr).toBe(true);
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    },
  );
  it('names the templates file and entry of a bad template, in a generators.yml or an array', async () => {
    const project = mkdtempSync(join(tmpdir(), 'sextant-snippet-templates-'));
    writeFileSync(
      join(project, 'generators.yml'),
      'generators:\n  - language: go\n    package: pets\n    snippetTemplates: go.json\n',
    );
    writeFileSync(join(project, 'go.json'), JSON.stringify([{ endpointId: { method: 'POST' } }]));
    const broken = await run({
      endpoint: 'POST /pets/{petId}',
      lang: 'go',
      templates: join(project, 'generators.yml'),
    });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(
      new RegExp(`^error: ${join(project, 'go.json')} at /0: endpointId/path .+\n$`),
    );
    writeFileSync(join(project, 'go.json'), JSON.parse(JSON.stringify(readFileSync(templates, 'utf8'))));
    const working = await run({
      endpoint: 'POST /pets/{petId}',
      lang: 'go',
      values,
      templates: join(project, 'generators.yml'),
    });
    expect(working.stdout).toBe('client := pets.NewClient()\n\nclient.Pets.Update("a b", "Rex")\n');
    writeFileSync(join(project, 'generators.yml'), 'generators: nope\n');
    expect(
      (await run({ endpoint: 'POST /pets/{petId}', lang: 'go', templates: join(project, 'generators.yml') }))
        .stderr,
    ).toBe(
      `error: ${join(project, 'generators.yml')} at /generators: Invalid input: expected array, received string\n`,
    );
  });
  it('reads the API definition sextant import writes, as the README shows', async () => {
    const definitionJson = join(dir, 'definition.json');
    writeFileSync(definitionJson, JSON.stringify(importDefinition(readSpecFile(spec)).definition));
    const fromImport = await run({ endpoint: 'POST /pets/{petId}', lang: 'curl', values }, definitionJson);
    expect(fromImport).toEqual(await run({ endpoint: 'POST /pets/{petId}', lang: 'curl', values }));
    writeFileSync(definitionJson, JSON.stringify({ irVersion: 1, endpoints: [] }));
    expect((await run({ endpoint: 'POST /pets/{petId}' }, definitionJson)).stderr).toMatch(
      new RegExp(`^error: ${definitionJson}: not a valid API definition: .+\n$`),
    );
  });
  it('names an OpenRPC method by id, and needs one of --endpoint / --id', async () => {
    const rpc = join(dir, 'rpc.json');
    writeFileSync(
      rpc,
      JSON.stringify({
        openrpc: '1.2.6',
        info: { title: 'Calc', version: '1' },
        servers: [{ name: 'main', url: 'http://localhost:4012' }],
        methods: [
          {
            name: 'add',
            params: [
              { name: 'a', schema: { type: 'integer' } },
              { name: 'b', schema: { type: 'integer' } },
            ],
            result: { name: 'sum', schema: { type: 'integer' } },
          },
        ],
      }),
    );
    const rpcValues = join(dir, 'rpc-values.json');
    writeFileSync(rpcValues, JSON.stringify({ requestBody: { a: 1, b: 2 } }));
    const id = runSnippetIds(rpc)[0] ?? '';
    expect((await run({ id, lang: 'curl', values: rpcValues }, rpc)).stdout).toContain(`--data '{
  "jsonrpc": "2.0",
  "id": 1,
  "method": "add",
  "params": {
    "a": 1,
    "b": 2
  }
}'`);
    expect((await run({ id: 'nope' }, rpc)).stderr).toBe(
      `error: ${rpc}: Failed to find endpoint identified by nope\n`,
    );
    expect(await run({}, rpc)).toMatchObject({
      code: 2,
      stderr: 'error: give --endpoint "METHOD /path" or --id <endpoint id>\n',
    });
  });
  it('reports a missing definition file', async () => {
    const { code, stderr } = await run({ endpoint: 'GET /pets' }, join(dir, 'missing.yaml'));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error: .*missing\.yaml/);
  });
  it('runs as the real command', async () => {
    const bin = join(process.cwd(), 'apps/cli/bin/sextant.js');
    const ok = await promisify(execFile)(process.execPath, [
      bin,
      'snippet',
      spec,
      '--endpoint',
      'POST /pets/{petId}',
      '--values',
      values,
    ]);
    expect(ok.stdout).toContain("curl -X POST 'https://api.example.com/pets/a%20b?dry=true'");
    const bad = await promisify(execFile)(process.execPath, [
      bin,
      'snippet',
      spec,
      '--endpoint',
      'PUT pets!',
    ]).catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({
      code: 2,
      stderr: 'error: --endpoint "PUT pets!": Invalid endpoint reference\n',
    });
  });
  it('finds every endpoint whatever characters its path has, and shows the credential placeholder', async () => {
    const odd = join(dir, 'odd.yaml');
    writeFileSync(
      odd,
      `openapi: 3.0.3
info: { title: Odd paths, version: '1' }
servers: [{ url: 'https://slack.example.com/api' }]
components:
  securitySchemes:
    token: { type: http, scheme: bearer }
security: [{ token: [] }]
paths:
  /chat.postMessage:
    post:
      requestBody:
        content:
          '*/*':
            schema: { type: object, required: [channel], properties: { channel: { type: string, example: C123 } } }
      responses: { '200': { description: ok } }
  /v1/files/{name}:copy:
    post:
      parameters: [{ name: name, in: path, required: true, schema: { type: string }, example: a.txt }]
      responses: { '200': { description: ok } }
  /search/q=all:
    get:
      responses: { '200': { description: ok } }
`,
    );
    const chat = await run({ endpoint: 'POST /chat.postMessage' }, odd);
    expect(chat.stderr).toBe('');
    expect(chat.stdout).toContain("curl -X POST 'https://slack.example.com/api/chat.postMessage'");
    expect(chat.stdout).toContain("-H 'Authorization: Bearer <token>'");
    // A wildcard media type is never the Content-Type sent: the object body goes as JSON.
    expect(chat.stdout).toContain("-H 'Content-Type: application/json'");
    expect(chat.stdout).toContain('"channel": "C123"');
    expect((await run({ endpoint: 'POST /v1/files/{name}:copy' }, odd)).stdout).toContain(
      '/v1/files/a.txt:copy',
    );
    expect((await run({ endpoint: 'get /search/q=all' }, odd)).stdout).toContain(
      "curl 'https://slack.example.com/api/search/q=all'",
    );
    expect(await run({ endpoint: 'GET /chat\u0000x' }, odd)).toMatchObject({
      code: 2,
      stderr: 'error: --endpoint "GET /chat\\u0000x": Invalid endpoint reference\n',
    });
    expect(await run({ endpoint: 'GET /nowhere.json' }, odd)).toMatchObject({ code: 1 });
  });
});
