/**
 * One rule for an API's version and description across the importers (OpenAPI, AsyncAPI,
 * OpenRPC): text with something besides whitespace is kept as written, a blank or non-text
 * value is left out. Before, OpenAPI kept "  ", OpenRPC kept "" and AsyncAPI dropped both.
 */
import { describe, expect, it } from 'vitest';
import { importDefinition } from './import-definition.js';
import { textSource } from './test-support.js';

const documents = (info: Record<string, unknown>) => ({
  openapi: { openapi: '3.1.0', info: { title: 'T', ...info }, paths: {} },
  asyncapi: { asyncapi: '3.0.0', info: { title: 'T', ...info }, channels: {} },
  openrpc: { openrpc: '1.3.2', info: { title: 'T', ...info }, methods: [] },
});

const imported = (document: unknown) =>
  importDefinition(textSource(JSON.stringify(document), 'api.json')).definition;

describe('an API document’s info', () => {
  it('gives every format its version and description as written', () => {
    for (const [format, document] of Object.entries(
      documents({ version: ' 2.1 ', description: 'The *pets* API.' }),
    )) {
      const definition = imported(document);
      expect({ format, version: definition.version, description: definition.description }).toEqual({
        format,
        version: ' 2.1 ',
        description: 'The *pets* API.',
      });
    }
  });

  it('leaves out a blank or non-text version and description in every format', () => {
    for (const info of [
      { version: '', description: '' },
      { version: '   ', description: '\n\t' },
      { version: 3, description: ['x'] },
    ]) {
      for (const [format, document] of Object.entries(documents(info))) {
        const definition = imported(document);
        expect({ format, version: definition.version, description: definition.description }).toEqual({
          format,
          version: undefined,
          description: undefined,
        });
      }
    }
  });
});
