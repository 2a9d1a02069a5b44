import { describe, expect, it } from 'vitest';
import { emptyApiDefinition } from '../ir/definition.js';
import type { Endpoint } from '../ir/endpoint.js';
import { buildDocsDefinition } from './build-docs-definition.js';
import { defaultDocsConfig } from './config.js';
import { indexNavigation } from './navigation.js';
import { pageTitle } from './page-title.js';

describe('pageTitle', () => {
  it('is the operation’s whole summary where the sidebar shows its short label', () => {
    const api = emptyApiDefinition('gh', 'GitHub');
    const summary = 'Get a repository ruleset for an organization with everything it applies to';
    api.endpoints.e1 = {
      id: 'e1',
      method: 'GET',
      title: summary,
      operationId: 'repos/get-org-ruleset',
      path: [{ type: 'literal', value: '/orgs/x/rulesets' }],
      pathParameters: [],
      queryParameters: [],
      requestHeaders: [],
      requests: [],
      responses: [],
      errors: [],
      examples: [],
      auth: [],
      environments: [],
    } as Endpoint;
    api.rootPackage.endpoints.push('e1');
    const definition = buildDocsDefinition({
      config: defaultDocsConfig('Docs'),
      apis: { gh: api },
      navigation: [
        { type: 'page', title: 'Getting started with the API', markdown: '', sourcePath: 'a.md' },
        { type: 'api', title: 'REST', apiId: 'gh' },
      ],
    });
    const items = [...indexNavigation(definition.navigation).values()].map((entry) => entry.item);
    const endpoint = items.find((item) => item.type === 'endpoint');
    expect(endpoint?.title).toBe('Get org ruleset');
    expect(pageTitle(endpoint!, definition, { gh: api })).toBe(summary);
    const page = items.find((item) => item.type === 'page');
    expect(pageTitle(page!, definition, {})).toBe('Getting started with the API');
    const reference = items.find((item) => item.type === 'apiReference');
    expect(pageTitle(reference!, definition, { gh: api })).toBe('REST');
  });
});
