import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { describe, expect, it } from 'vitest';
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

function run(options: SnippetCommandOptions, file = spec) {
  let stdout = '';
  let stderr = '';
  const code = runSnippet(file, options, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('sextant snippet', () => {
  it('prints the curl snippet of the values given', () => {
    expect(run({ endpoint: 'POST /pets/{petId}', lang: 'curl', values })).toEqual({
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
  it('prints python from the synthesised example when no values are given', () => {
    const { code, stdout } = run({ endpoint: 'POST /pets/{id}', lang: 'python' });
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^import json\n\nimport requests\n\nurl = "https:\/\/api\.example\.com\/pets\/[^"]+"/,
    );
  });
  it('fills an SDK template from --templates', () => {
    expect(run({ endpoint: 'POST /pets/{petId}', lang: 'go', values, templates }).stdout).toBe(
      'client := pets.NewClient()\n\nclient.Pets.Update("a b", "Rex")\n',
    );
  });
  it.each([
    [{ endpoint: 'POST pets?', lang: 'curl' }, 'error: Invalid endpoint reference\n'],
    [
      { endpoint: 'GET /pets/{petId}', lang: 'curl' },
      'error: Failed to find endpoint identified by GET /pets/{petId}\n',
    ],
    [{ endpoint: 'POST /pets/{petId}', lang: 'cobol' }, 'error: Unsupported language\n'],
    [{ endpoint: 'POST /pets/{petId}', lang: 'ruby' }, 'error: No configuration found for language\n'],
    [{ endpoint: 'POST /pets/{petId}', lang: 'go', templates: spec }, 'error: cannot read templates file'],
  ])('%j fails with the SPEC message and exit code 1', (options, message) => {
    const { code, stdout, stderr } = run(options);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.startsWith(message)).toBe(true);
  });
  it('names an OpenRPC method by id, and needs one of --endpoint / --id', () => {
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
    expect(run({ id, lang: 'curl', values: rpcValues }, rpc).stdout).toContain(`--data '{
  "jsonrpc": "2.0",
  "id": 1,
  "method": "add",
  "params": {
    "a": 1,
    "b": 2
  }
}'`);
    expect(run({ id: 'nope' }, rpc).stderr).toBe('error: Failed to find endpoint identified by nope\n');
    expect(run({}, rpc)).toMatchObject({
      code: 1,
      stderr: 'error: give --endpoint "METHOD /path" or --id <endpoint id>\n',
    });
  });
  it('reports a missing definition file', () => {
    const { code, stderr } = run({ endpoint: 'GET /pets' }, join(dir, 'missing.yaml'));
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
    expect(bad).toMatchObject({ code: 1, stderr: 'error: Invalid endpoint reference\n' });
  });
  it('finds every endpoint whatever characters its path has, and shows the credential placeholder', () => {
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
    const chat = run({ endpoint: 'POST /chat.postMessage' }, odd);
    expect(chat.stderr).toBe('');
    expect(chat.stdout).toContain("curl -X POST 'https://slack.example.com/api/chat.postMessage'");
    expect(chat.stdout).toContain("-H 'Authorization: Bearer <token>'");
    // A wildcard media type is never the Content-Type sent: the object body goes as JSON.
    expect(chat.stdout).toContain("-H 'Content-Type: application/json'");
    expect(chat.stdout).toContain('"channel": "C123"');
    expect(run({ endpoint: 'POST /v1/files/{name}:copy' }, odd).stdout).toContain('/v1/files/a.txt:copy');
    expect(run({ endpoint: 'get /search/q=all' }, odd).stdout).toContain(
      "curl 'https://slack.example.com/api/search/q=all'",
    );
    expect(run({ endpoint: 'GET /chat\u0000x' }, odd)).toMatchObject({
      code: 1,
      stderr: 'error: Invalid endpoint reference\n',
    });
    expect(run({ endpoint: 'GET /nowhere.json' }, odd)).toMatchObject({ code: 1 });
  });
});
