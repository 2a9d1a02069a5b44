/**
 * GitHub repositories and pull requests. Run in order by `registry-suite.ts`, sharing `s`.
 */
import { expect, it } from 'vitest';
import { expectNamed } from '../expect-named.js';
import type { RegistrySuiteContext } from './suite-context.js';

export function githubCases(s: RegistrySuiteContext): void {
  it('stores GitHub repositories and pull requests', async () => {
    const { admin, adminInAcme, anonymous, other } = s;
    const repository = {
      owner: 'acme',
      name: 'pets-ts',
      orgId: 'local',
      defaultBranch: 'main',
      isPrivate: false,
    };
    expect(await admin.upsertRepository({ body: repository })).toEqual(repository);
    await expectNamed(
      admin.upsertRepository({ body: { owner: 'acme', name: 'pets-py', orgId: 'acme' } }),
      'UserNotInOrgError',
    );
    await adminInAcme.upsertRepository({ body: { owner: 'acme', name: 'pets-py', orgId: 'acme' } });
    expect(await anonymous.getRepository({ params: { owner: 'acme', repo: 'pets-ts' } })).toEqual(repository);
    await expectNamed(anonymous.getRepository({ params: { owner: 'acme', repo: 'none' } }), 'SDKNotFound');
    const listed = await anonymous.listRepositories({ body: { owner: 'acme', pageSize: 1 } });
    expect(listed.repositories.map((entry) => entry.name)).toEqual(['pets-py']);
    expect(listed.hasMore).toBe(true);
    expect((await anonymous.listRepositories({ body: { orgId: 'local' } })).repositories).toHaveLength(1);
    await expectNamed(anonymous.listRepositories({ body: { page: 0 } }), 'InvalidPageError');
    await expectNamed(
      other.upsertRepository({ body: { ...repository, orgId: 'local' } }),
      'UserNotInOrgError',
    );

    for (const [number, state] of [
      [1, 'open'],
      [2, 'closed'],
      [3, 'merged'],
    ] as const) {
      await admin.upsertPullRequest({
        body: { owner: 'acme', repo: 'pets-ts', number, title: `PR ${number}`, author: 'ana', state },
      });
    }
    await admin.upsertPullRequest({
      body: { owner: 'acme', repo: 'pets-ts', number: 1, title: 'PR 1', state: 'merged' },
    });
    expect(
      (await anonymous.getPullRequest({ params: { owner: 'acme', repo: 'pets-ts', number: 1 } })).state,
    ).toBe('merged');
    const merged = await anonymous.listPullRequests({ body: { repo: 'pets-ts', state: ['merged'] } });
    expect(merged.pullRequests.map((entry) => entry.number)).toEqual([3, 1]);
    expect(
      (await anonymous.listPullRequests({ body: { author: 'ana' } })).pullRequests.map(
        (entry) => entry.number,
      ),
    ).toEqual([3, 2]);
    await admin.deletePullRequest({ params: { owner: 'acme', repo: 'pets-ts', number: 2 } });
    await expectNamed(
      anonymous.getPullRequest({ params: { owner: 'acme', repo: 'pets-ts', number: 2 } }),
      'SDKNotFound',
    );
    await expectNamed(
      admin.deletePullRequest({ params: { owner: 'acme', repo: 'pets-ts', number: 2 } }),
      'SDKNotFound',
    );
    await admin.deleteRepository({ params: { owner: 'acme', repo: 'pets-ts' } });
    await expectNamed(anonymous.getRepository({ params: { owner: 'acme', repo: 'pets-ts' } }), 'SDKNotFound');
    expect((await anonymous.listPullRequests({ body: { repo: 'pets-ts' } })).pullRequests).toEqual([]);
    await expectNamed(admin.deleteRepository({ params: { owner: 'acme', repo: 'pets-ts' } }), 'SDKNotFound');
  });
}
