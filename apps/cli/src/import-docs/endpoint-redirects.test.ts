/**
 * `sextant init --from mintlify`: an endpoint page with no text of its own becomes its
 * operation's page in the API reference, and its old URL redirects to that page (found once the
 * converted project loads), in each version; an operation the spec does not have keeps the
 * redirect to the reference's root.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runInitFrom } from '../commands/init-from.js';
import { captureOutput } from '../testing/captured-output.js';

const SPEC = `openapi: 3.0.0
info: { title: Plants, version: 1.0.0 }
paths:
  /plants:
    get:
      summary: List plants
      tags: [Plants]
      responses: { "200": { description: ok } }
  /plants/{plantId}:
    get:
      summary: Get a plant
      tags: [Plants]
      responses: { "200": { description: ok } }
`;

const made: string[] = [];
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-endpoint-redirects-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

const endpointPage = (title: string, operation: string) =>
  `---\ntitle: ${title}\nopenapi: '${operation}'\n---\n`;

/** Converts the site and returns the new project's redirects and its folder. */
async function convert(source: string) {
  const target = join(await folder({}), 'project');
  const output = captureOutput();
  expect(await runInitFrom(target, 'mintlify', join(source, 'docs.json'), {}, output), output.text()).toBe(0);
  const docsYml = parse(await readFile(join(target, 'docs.yml'), 'utf8')) as {
    redirects?: { source: string; destination: string }[];
  };
  return docsYml.redirects ?? [];
}

describe('endpoint pages of an imported Mintlify site', () => {
  it("redirect to their operation's page, matched by path whatever the parameter's name", async () => {
    const source = await folder({
      'docs.json': JSON.stringify({
        name: 'Plants',
        api: { openapi: 'openapi.yaml' },
        navigation: { groups: [{ group: 'Endpoints', pages: ['api/list', 'api/get', 'api/gone'] }] },
      }),
      'api/list.mdx': endpointPage('List plants', 'GET /plants'),
      'api/get.mdx': endpointPage('Get a plant', 'GET /plants/{id}'),
      'api/gone.mdx': endpointPage('Delete a plant', 'DELETE /plants/{id}'),
      'openapi.yaml': SPEC,
    });
    const redirects = await convert(source);
    const to = Object.fromEntries(redirects.map(({ source, destination }) => [source, destination]));
    expect(to).toEqual({
      '/api/list': '/endpoints/plants/list-plants',
      '/api/get': '/endpoints/plants/get-a-plant',
      // Not in the spec: the reference's root, as before.
      '/api/gone': '/endpoints',
    });
  });

  it("redirect into their own version's reference", async () => {
    const source = await folder({
      'docs.json': JSON.stringify({
        name: 'Plants',
        navigation: {
          versions: [
            { version: 'v2', groups: [{ group: 'API', openapi: 'v2.yaml', pages: ['v2/get'] }] },
            { version: 'v1', groups: [{ group: 'API', openapi: 'v1.yaml', pages: ['v1/get'] }] },
          ],
        },
      }),
      'v2/get.mdx': endpointPage('Get a plant', 'GET /plants/{plantId}'),
      'v1/get.mdx': endpointPage('Get a plant', 'GET /plants/{plantId}'),
      'v2.yaml': SPEC,
      'v1.yaml': SPEC,
    });
    const redirects = await convert(source);
    const to = Object.fromEntries(redirects.map(({ source, destination }) => [source, destination]));
    expect(to['/v2/get']).toMatch(/^\/api\/.*get-a-plant$/);
    expect(to['/v1/get']).toMatch(/^\/v1\/api\/.*get-a-plant$/);
  });
});
