/**
 * `bodyFieldsMarkdown`: request and response bodies as field lists, `$ref`s expanded to a bounded
 * depth, cycles named once, required/optional, types, descriptions, examples, READ_ONLY fields
 * only in responses, union variants.
 */
import { importOpenApi } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { bodyFieldsMarkdown, MAX_FIELD_DEPTH } from './body-fields.js';

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Books', version: '1' },
  paths: {
    '/books': {
      post: {
        operationId: 'addBook',
        summary: 'Add a book',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/NewBook' } } },
        },
        responses: {
          '201': {
            description: 'Added',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Book' } } },
          },
        },
      },
    },
    '/deep': {
      post: {
        operationId: 'deep',
        summary: 'Deep',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/L1' } } } },
        responses: { '204': { description: 'Done' } },
      },
    },
  },
  components: {
    schemas: {
      NewBook: {
        type: 'object',
        required: ['title', 'author'],
        properties: {
          title: { type: 'string', description: "The book's title.", example: 'Dune' },
          published: { type: 'string', format: 'date' },
          tags: { type: 'array', items: { type: 'string' } },
          author: { $ref: '#/components/schemas/Author' },
          format: { $ref: '#/components/schemas/Format' },
          cover: { $ref: '#/components/schemas/Cover' },
        },
      },
      Book: {
        allOf: [
          { $ref: '#/components/schemas/NewBook' },
          { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true } } },
        ],
      },
      Author: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string' },
          books: { type: 'array', items: { $ref: '#/components/schemas/Book' } },
        },
      },
      Format: { type: 'string', enum: ['hardcover', 'paperback', 'ebook'] },
      Cover: {
        oneOf: [{ $ref: '#/components/schemas/ImageCover' }, { $ref: '#/components/schemas/TextCover' }],
      },
      ImageCover: { type: 'object', properties: { url: { type: 'string', format: 'uri' } } },
      TextCover: { type: 'object', properties: { text: { type: 'string' } } },
      L1: { type: 'object', properties: { l2: { $ref: '#/components/schemas/L2' } } },
      L2: { type: 'object', properties: { l3: { $ref: '#/components/schemas/L3' } } },
      L3: { type: 'object', properties: { l4: { $ref: '#/components/schemas/L4' } } },
      L4: { type: 'object', properties: { l5: { $ref: '#/components/schemas/L5' } } },
      L5: { type: 'object', properties: { l6: { type: 'string' } } },
    },
  },
};

const { definition: api } = importOpenApi({ entry: 'api.json', read: () => JSON.stringify(SPEC) });
const endpoint = (title: string) => {
  const found = Object.values(api.endpoints).find((e) => e.title === title);
  if (!found) throw new Error(`no ${title}`);
  return found;
};

describe('bodyFieldsMarkdown', () => {
  const text = bodyFieldsMarkdown(endpoint('Add a book'), api);
  const [request = '', response = ''] = text.split('## Response 201');

  it('lists the request body fields of a $ref body with types, required, descriptions and examples', () => {
    expect(request).toContain('## Request body fields (application/json)');
    expect(request).toContain('Type: object `NewBook`');
    expect(request).toContain('- `title` (string, required): The book\'s title. Example: `"Dune"`');
    expect(request).toContain('- `published` (string (date), optional)');
    expect(request).toContain('- `tags` (array of string, optional)');
    expect(request).toContain('- `format` (enum `Format` ("hardcover", "paperback", "ebook"), optional)');
  });

  it('expands nested $refs, names a type met again inside itself, and lists union variants', () => {
    expect(request).toContain('- `author` (object `Author`, required)');
    expect(request).toContain('  - `name` (string, required)');
    expect(request).toContain('  - `books` (array of object `Book`, optional)');
    // Book holds NewBook's fields, and NewBook holds author: expanded once per path, then named.
    expect(request.match(/`author`/g)?.length).toBeLessThanOrEqual(3);
    expect(request).toMatch(
      /- variant ImageCover: object `ImageCover`\n\s+- `url` \(string \(uri\), optional\)/,
    );
  });

  it('shows READ_ONLY fields in responses only, inherited fields included', () => {
    expect(request).not.toContain('`id`');
    expect(response).toContain('Type: object `Book`');
    expect(response).toContain('- `id` (integer, required)');
    expect(response).toContain('- `title` (string, required)');
  });

  it('stops at the depth bound with a note', () => {
    const deep = bodyFieldsMarkdown(endpoint('Deep'), api);
    expect(deep).toContain('`l4`');
    expect(deep).not.toContain('`l6`');
    expect(deep).toContain(`deeper than ${MAX_FIELD_DEPTH} levels`);
  });
});
