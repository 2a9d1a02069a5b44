/**
 * Test docs projects written to a temp folder: a small OpenAPI spec (path/query/header
 * parameters, a JSON body, nested and recursive types, an enum, a webhook, errors) with
 * markdown pages, optionally laced with the XSS corpus in every description and page.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XSS_CORPUS } from '@sextant/docs-site/testing';

export { XSS_CORPUS };

export interface FixtureOptions {
  /** Put the XSS corpus in every description, title-adjacent text and page. */
  xss?: boolean;
}

function spec(payload: string): object {
  const d = (text: string) => (payload ? `${text}\n\n${payload}` : text);
  return {
    openapi: '3.1.0',
    info: { title: 'Pet Store', version: '1.0.0', description: d('The pet store API.') },
    servers: [{ url: 'https://api.pets.test/v1' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: d('A token.') } },
      schemas: {
        Pet: {
          type: 'object',
          description: d('A pet.'),
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer', format: 'int64', description: d('The id.') },
            name: { type: 'string', description: d('The name `code` and **bold**.') },
            status: { $ref: '#/components/schemas/Status' },
            owner: { $ref: '#/components/schemas/Owner' },
          },
        },
        Owner: {
          type: 'object',
          description: d('An owner.'),
          properties: {
            name: { type: 'string', description: d('Owner name.') },
            pets: {
              type: 'array',
              items: { $ref: '#/components/schemas/Pet' },
              description: d('Recursive pets.'),
            },
          },
        },
        Status: { type: 'string', enum: ['available', 'sold'], description: d('Status.') },
        Error: { type: 'object', properties: { message: { type: 'string' } } },
      },
    },
    security: [{ bearer: [] }],
    tags: [{ name: 'pets', description: d('Pets.') }],
    paths: {
      '/pets/{petId}': {
        get: {
          operationId: 'getPet',
          tags: ['pets'],
          summary: 'Get a pet',
          description: d('Returns one pet.'),
          parameters: [
            {
              name: 'petId',
              in: 'path',
              required: true,
              schema: { type: 'integer' },
              description: d('Pet id.'),
            },
            { name: 'expand', in: 'query', schema: { type: 'string' }, description: d('Expand fields.') },
            { name: 'X-Request-Id', in: 'header', schema: { type: 'string' }, description: d('Trace id.') },
          ],
          responses: {
            '200': {
              description: d('The pet.'),
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
            '404': {
              description: d('No such pet.'),
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          },
        },
      },
      '/pets': {
        post: {
          operationId: 'createPet',
          tags: ['pets'],
          summary: 'Create a pet',
          description: d('Adds a pet.'),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          responses: {
            '201': {
              description: d('Created.'),
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
    },
    webhooks: {
      petAdopted: {
        post: {
          operationId: 'petAdopted',
          summary: 'Pet adopted',
          description: d('Sent when a pet is adopted.'),
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          responses: { '200': { description: 'OK' } },
        },
      },
    },
  };
}

/** Writes a docs project and returns its folder. */
export async function writeFixtureProject(options: FixtureOptions = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-docs-'));
  const payload = options.xss ? XSS_CORPUS.join('\n\n') : '';
  await mkdir(join(dir, 'pages'));
  await writeFile(join(dir, 'petstore.json'), JSON.stringify(spec(payload), null, 2));
  await writeFile(
    join(dir, 'pages/welcome.md'),
    `---\ntitle: Welcome\n---\nHello **docs**.\n\n## Install\n\n\`\`\`bash\nnpm install pets\n\`\`\`\n\n> [!WARNING]\n> Careful.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n${payload}\n`,
  );
  await writeFile(
    join(dir, 'pages/guide.md'),
    `A guide page.\n\n## Part one\n\nText.\n\n## Part two\n\nMore.\n\n${payload}\n`,
  );
  await writeFile(
    join(dir, 'docs.yml'),
    `title: Pet Docs
colors:
  accentPrimary: "#0a7c5a"
redirects:
  - source: /old-guide
    destination: /guides/guide
    permanent: true
  - source: /legacy/*
    destination: /guides/*
navigation:
  - section: Guides
    contents:
      - page: Welcome
        path: pages/welcome.md
        slug: ""
      - page: Guide
        path: pages/guide.md
  - api: API Reference
    spec: petstore.json
    slug: api
`,
  );
  return dir;
}
