/**
 * SDK snippets per endpoint and snippet templates. Run in order by `registry-suite.ts`, sharing
 * `s`.
 */
import { createRegistryClient } from '@sextant/registry-client';
import { expect, it } from 'vitest';
import { expectNamed } from '../expect-named.js';
import { petStore } from '../fixtures.js';
import type { RegistrySuiteContext } from './suite-context.js';

export function snippetCases(s: RegistrySuiteContext): void {
  it('stores snippets per endpoint and loads them by page', async () => {
    const { server, admin, anonymous, other } = s;
    const endpointRef = { method: 'GET' as const, path: '/pets/{petId}' };
    const created = await admin.createSnippets({
      body: {
        orgId: 'local',
        apiId: 'pets',
        endpoint: endpointRef,
        snippets: [
          { language: 'typescript', sdkPackage: '@acme/pets', code: 'await client.pets.get("1")' },
          { language: 'python', code: 'client.pets.get("1")' },
        ],
      },
    });
    expect(created).toEqual({ created: 2 });
    // Neither orgId nor apiId: a caller in one organization with one API needs to name neither.
    const solo = await server().app.registry.createOrganization('solo');
    const soloClient = createRegistryClient({ baseUrl: server().baseUrl, token: solo.token });
    await soloClient.registerApiDefinition({
      body: { orgId: 'solo', apiId: 'only', definition: petStore([]) },
    });
    expect(
      await soloClient.createSnippets({
        body: { endpoint: endpointRef, snippets: [{ language: 'go', code: 'Get()' }] },
      }),
    ).toEqual({
      created: 1,
    });
    expect(
      (await soloClient.getSnippetsForEndpoint({ body: { endpoint: endpointRef } })).snippets[0]?.code,
    ).toBe('Get()');
    // "local" has several APIs and its admin joined "acme" (above): both ids must be named.
    const found = await admin.getSnippetsForEndpoint({
      body: { orgId: 'local', apiId: 'pets', endpoint: endpointRef, languages: ['python'] },
    });
    expect(found.snippets.map((entry) => entry.code)).toEqual(['client.pets.get("1")']);
    await expectNamed(
      anonymous.getSnippetsForEndpoint({ body: { endpoint: endpointRef } }),
      'OrgIdRequiredError',
    );
    await expectNamed(
      anonymous.getSnippetsForEndpoint({
        body: { orgId: 'local', apiId: 'pets', endpoint: { method: 'GET', path: '/none' } },
      }),
      'EndpointNotFound',
    );
    await expectNamed(
      anonymous.getSnippetsForEndpoint({ body: { orgId: 'local', apiId: 'nope', endpoint: endpointRef } }),
      'OrgIdAndApiIdNotFound',
    );
    await admin.registerApiDefinition({
      body: { orgId: 'local', apiId: 'stores', definition: petStore([]) },
    });
    await expectNamed(
      anonymous.getSnippetsForEndpoint({ body: { orgId: 'local', endpoint: endpointRef } }),
      'ApiIdRequiredError',
    );
    await expectNamed(
      other.createSnippets({
        body: {
          orgId: 'local',
          apiId: 'pets',
          endpoint: endpointRef,
          snippets: [{ language: 'go', code: 'x' }],
        },
      }),
      'UserNotInOrgError',
    );

    const many = Array.from({ length: 149 }, (_, index) => ({
      language: 'curl' as const,
      code: `curl ${index}`,
    }));
    await admin.createSnippets({
      body: { orgId: 'local', apiId: 'pets', endpoint: { method: 'POST', path: '/pets' }, snippets: many },
    });
    const first = await anonymous.loadSnippets({
      query: { page: 1 },
      body: { orgId: 'local', apiId: 'pets' },
    });
    expect(first.nextPage).toBe(2);
    expect(first.snippets['/pets/{petId}']?.GET).toHaveLength(2);
    expect(first.snippets['/pets']?.POST).toHaveLength(98);
    const second = await anonymous.loadSnippets({
      query: { page: 2 },
      body: { orgId: 'local', apiId: 'pets' },
    });
    expect(second.nextPage).toBeNull();
    expect(second.snippets['/pets']?.POST?.at(-1)?.code).toBe('curl 148');
    await expectNamed(
      anonymous.loadSnippets({ query: { page: 0 }, body: { orgId: 'local', apiId: 'pets' } }),
      'InvalidPageError',
    );
  });

  it('stores snippet templates one by one and in batches', async () => {
    const { admin, anonymous, other, state } = s;
    const template = (version: string, text: string) => ({
      sdk: { language: 'typescript' as const, package: '@acme/pets', version },
      endpointId: { method: 'GET' as const, path: '/pets' },
      snippetTemplate: {
        type: 'v1' as const,
        clientInstantiation: 'const client = new PetsClient();',
        functionInvocation: { type: 'generic' as const, templateString: text },
      },
    });
    expect(
      await admin.registerSnippetTemplate({
        body: { orgId: 'local', apiId: 'pets', snippet: template('1.2.0', 'v1.2') },
      }),
    ).toEqual({ registered: 1 });
    const batch = await admin.registerSnippetTemplateBatch({
      body: {
        orgId: 'local',
        apiId: 'pets',
        apiDefinitionId: state.v3,
        snippets: [template('1.10.0', 'v1.10'), template('1.9.0', 'v1.9'), template('1.10.0', 'v1.10 again')],
      },
    });
    expect(batch).toEqual({ registered: 2 });
    const newest = await anonymous.getSnippetTemplate({
      body: {
        orgId: 'local',
        apiId: 'pets',
        endpointId: { method: 'GET', path: '/pets' },
        sdk: { language: 'typescript', package: '@acme/pets' },
      },
    });
    expect(newest).toMatchObject({
      sdk: { version: '1.10.0' },
      snippetTemplate: { functionInvocation: { templateString: 'v1.10 again' } },
      apiDefinitionId: state.v3,
    });
    const exact = await anonymous.getSnippetTemplate({
      body: {
        orgId: 'local',
        apiId: 'pets',
        endpointId: { method: 'GET', path: '/pets' },
        sdk: { language: 'typescript', package: '@acme/pets', version: '1.2.0' },
      },
    });
    expect(exact.snippetTemplate.functionInvocation).toEqual({ type: 'generic', templateString: 'v1.2' });
    await expectNamed(
      anonymous.getSnippetTemplate({
        body: {
          orgId: 'local',
          apiId: 'pets',
          endpointId: { method: 'GET', path: '/pets' },
          sdk: { language: 'go', package: 'x' },
        },
      }),
      'SnippetNotFound',
    );
    await expectNamed(
      other.registerSnippetTemplateBatch({
        body: { orgId: 'local', apiId: 'pets', snippets: [template('1.0.0', 'x')] },
      }),
      'UserNotInOrgError',
    );
  });
}
