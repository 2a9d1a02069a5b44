/**
 * Real definitions through the whole engine: every endpoint of the @readme/oas-examples specs
 * (imported by @sextant/definition, examples synthesised) is initialised from its example, built
 * with credentials for its schemes, rendered in the three languages and turned into a real
 * `Request` through the proxy, without a throw and with wire-valid output.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type ApiDefinition, importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { describe, expect, it } from 'vitest';
import { buildRequest } from './build/build-request.js';
import { toFetchInit } from './build/fetch-init.js';
import { initialFormState } from './form-state/initial-state.js';
import { SNIPPET_TARGETS } from './snippets/targets.js';

const root = 'test-data/node_modules/@readme/oas-examples';
const files = ['2.0', '3.0', '3.1'].flatMap((version) => {
  try {
    return readdirSync(join(root, version, 'json'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(root, version, 'json', f));
  } catch {
    return [];
  }
});

const auth = {
  bearer: { token: 'tok' },
  basic: { username: 'ada', password: 'pw' },
  header: { headers: {} as Record<string, string> },
  queryParameter: { values: {} as Record<string, string> },
};

function credentialsFor(definition: ApiDefinition) {
  const headers: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const scheme of Object.values(definition.auths)) {
    if (scheme.type === 'header') headers[scheme.headerWireValue] = 'key';
    if (scheme.type === 'queryParameter') values[scheme.queryParameterName] = 'key';
  }
  return { ...auth, header: { headers }, queryParameter: { values } };
}

let total = 0;

describe.skipIf(files.length === 0)('@readme/oas-examples through buildRequest and every renderer', () => {
  it.each(files)('%s', (file) => {
    let definition: ApiDefinition;
    try {
      definition = importDefinition(readSpecFile(file)).definition;
    } catch {
      return; // the importer's own corpus test judges specs it refuses
    }
    const credentials = credentialsFor(definition);
    let count = 0;
    for (const endpoint of Object.values(definition.endpoints)) {
      const state = initialFormState(endpoint, { types: definition.types });
      const request = buildRequest(
        endpoint,
        state,
        credentials,
        { baseUrl: 'https://api.example.com/base' },
        {
          auths: definition.auths,
          globalHeaders: definition.globalHeaders,
          types: definition.types,
        },
      );
      expect(() => new URL(request.url), request.url).not.toThrow();
      if (request.body.type === 'json')
        expect(JSON.parse(request.body.text)).toEqual(JSON.parse(JSON.stringify(request.body.value)));
      for (const target of SNIPPET_TARGETS) {
        const code = target.generate(request);
        expect(code.length).toBeGreaterThan(0);
        expect(target.generate(request, { redactAuth: true })).not.toContain('Bearer tok');
      }
      const { url, init } = toFetchInit(request, { proxyUrl: 'http://127.0.0.1:1' });
      expect(
        () => new Request(url, init),
        `${endpoint.id}: ${JSON.stringify(request.headers)}`,
      ).not.toThrow();
      count++;
    }
    expect(count).toBe(Object.keys(definition.endpoints).length);
    total += count;
  });
  it('went through hundreds of real endpoints', () => {
    expect(total).toBeGreaterThan(300);
  });
});
