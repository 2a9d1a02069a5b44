import { importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { describe, expect, it } from 'vitest';
import { apiContents } from './api-counts.js';

const examples = new URL('../../../../examples/apis/', import.meta.url).pathname;
const definitionOf = (file: string) => importDefinition(readSpecFile(`${examples}${file}`)).definition;

describe('apiContents', () => {
  it('counts the channels of an AsyncAPI spec, which has no endpoints', () => {
    expect(apiContents([definitionOf('demo-ws.asyncapi.yaml')])).toBe('1 channel');
  });

  it('adds up several APIs, and says 0 endpoints when there is nothing', () => {
    expect(apiContents([definitionOf('demo-rest.openapi.yaml'), definitionOf('demo-ws.asyncapi.yaml')])).toBe(
      '23 endpoints, 1 channel',
    );
    expect(apiContents([])).toBe('0 endpoints');
  });
});
