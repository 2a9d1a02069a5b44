/**
 * API definitions: register and load, diffs, and the SDK version each kind of change implies. Run
 * in order by `registry-suite.ts`, sharing `s`.
 */
import { expect, it } from 'vitest';
import { expectNamed } from '../expect-named.js';
import { endpoint, petStore, queryParameter } from '../fixtures.js';
import type { RegistrySuiteContext } from './suite-context.js';

export function definitionCases(s: RegistrySuiteContext): void {
  it('registers API definitions, loads them by id and loads the latest of the same API', async () => {
    const { admin, anonymous, other, state } = s;
    const first = petStore([endpoint('listPets', '/pets'), endpoint('getPet', '/pets/{petId}')]);
    state.v1 = (
      await admin.registerApiDefinition({ body: { orgId: 'local', apiId: 'pets', definition: first } })
    ).apiDefinitionId;
    const loaded = await admin.loadApiDefinition({ params: { id: state.v1 } });
    expect(loaded).toEqual({ ...first, id: state.v1 });

    // v2 removes getPet (breaking); v3 adds an optional query parameter to listPets (minor).
    const second = petStore([endpoint('listPets', '/pets')]);
    state.v2 = (
      await admin.registerApiDefinition({ body: { orgId: 'local', apiId: 'pets', definition: second } })
    ).apiDefinitionId;
    const third = petStore([endpoint('listPets', '/pets', [queryParameter('limit')])]);
    state.v3 = (
      await admin.registerApiDefinition({ body: { orgId: 'local', apiId: 'pets', definition: third } })
    ).apiDefinitionId;
    const latest = await anonymous.loadLatestApiDefinition({ params: { id: state.v1 } });
    expect(latest.id).toBe(state.v3);
    expect(Object.keys(latest.endpoints)).toEqual(['listPets']);

    await expectNamed(anonymous.loadApiDefinition({ params: { id: 'missing' } }), 'ApiDoesNotExistError');
    await expectNamed(
      anonymous.loadLatestApiDefinition({ params: { id: 'missing' } }),
      'ApiDoesNotExistError',
    );
    await expectNamed(
      anonymous.registerApiDefinition({ body: { orgId: 'local', apiId: 'pets', definition: first } }),
      'UnauthorizedError',
    );
    await expectNamed(
      other.registerApiDefinition({ body: { orgId: 'local', apiId: 'pets', definition: first } }),
      'UserNotInOrgError',
    );
  });

  it('diffs two definitions and computes the next SDK version', async () => {
    const { admin, anonymous, other, state } = s;
    const removed = await anonymous.diffApiDefinitions({
      query: { previousApiDefinitionId: state.v1, currentApiDefinitionId: state.v2 },
    });
    expect(removed.bump).toBe('MAJOR');
    expect(JSON.stringify(removed.diff)).toContain('endpoint-removed');
    expect(removed.markdown).toMatch(/getPet|pets\/\{petId\}/);
    const added = await anonymous.diffApiDefinitions({
      query: { previousApiDefinitionId: state.v2, currentApiDefinitionId: state.v3 },
    });
    expect(added.bump).toBe('MINOR');
    await expectNamed(
      anonymous.diffApiDefinitions({
        query: { previousApiDefinitionId: 'x', currentApiDefinitionId: state.v1 },
      }),
      'ApiDoesNotExistError',
    );

    const body = {
      orgId: 'local',
      packageName: '@acme/pets',
      language: 'typescript',
      apiDefinitionId: state.v2,
    };
    await expectNamed(admin.computeSemanticVersion({ body }), 'SDKNotFound');
    const major = await admin.computeSemanticVersion({
      body: { ...body, previous: { version: '1.4.2', apiDefinitionId: state.v1 }, record: true },
    });
    expect(major).toEqual({ version: '2.0.0', bump: 'MAJOR', previousVersion: '1.4.2' });
    const minor = await admin.computeSemanticVersion({ body: { ...body, apiDefinitionId: state.v3 } });
    expect(minor).toEqual({ version: '2.1.0', bump: 'MINOR', previousVersion: '2.0.0' });
    await expectNamed(
      admin.computeSemanticVersion({
        body: { ...body, previous: { version: 'two', apiDefinitionId: state.v1 } },
      }),
      'FailedToComputeExistingVersion',
    );
    await expectNamed(other.computeSemanticVersion({ body }), 'UserNotInOrgError');
  });

  it('gives each kind of change its bump: diff route and semantic-version route agree', async () => {
    const { admin, anonymous } = s;
    const register = async (definition: ReturnType<typeof petStore>) =>
      (await admin.registerApiDefinition({ body: { orgId: 'local', apiId: 'bumps', definition } }))
        .apiDefinitionId;
    const base = await register(
      petStore([endpoint('listPets', '/pets'), endpoint('getPet', '/pets/{petId}')]),
    );
    const pairs = [
      ['removed endpoint', petStore([endpoint('listPets', '/pets')]), 'MAJOR', '2.0.0'],
      [
        'new required parameter',
        petStore([
          endpoint('listPets', '/pets', [queryParameter('owner', true)]),
          endpoint('getPet', '/pets/{petId}'),
        ]),
        'MAJOR',
        '2.0.0',
      ],
      [
        'new optional field',
        petStore([
          endpoint('listPets', '/pets', [queryParameter('limit')]),
          endpoint('getPet', '/pets/{petId}'),
        ]),
        'MINOR',
        '1.5.0',
      ],
      [
        'changed type',
        petStore([endpoint('listPets', '/pets'), endpoint('getPet', '/pets/{petId}')], {
          type: 'primitive',
          value: { type: 'string' },
        }),
        'MAJOR',
        '2.0.0',
      ],
      [
        'description only',
        petStore([
          endpoint('listPets', '/pets', [], 'Lists every pet.'),
          endpoint('getPet', '/pets/{petId}'),
        ]),
        'PATCH',
        '1.4.3',
      ],
    ] as const;
    for (const [kind, definition, bump, version] of pairs) {
      const current = await register(definition);
      const diff = await anonymous.diffApiDefinitions({
        query: { previousApiDefinitionId: base, currentApiDefinitionId: current },
      });
      expect(diff.bump, kind).toBe(bump);
      const next = await admin.computeSemanticVersion({
        body: {
          orgId: 'local',
          packageName: 'bumps',
          language: 'python',
          apiDefinitionId: current,
          previous: { version: '1.4.2', apiDefinitionId: base },
        },
      });
      expect(next, kind).toEqual({ version, bump, previousVersion: '1.4.2' });
    }
  });
}
