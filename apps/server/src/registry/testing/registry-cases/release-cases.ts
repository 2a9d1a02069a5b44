/**
 * CLI releases and generators with their releases. Run in order by `registry-suite.ts`, sharing
 * `s`.
 */
import { expect, it } from 'vitest';
import { expectNamed } from '../expect-named.js';
import type { RegistrySuiteContext } from './suite-context.js';

export function releaseCases(s: RegistrySuiteContext): void {
  it('stores CLI releases and orders them by semver', async () => {
    const { admin, anonymous } = s;
    const release = (version: string, irVersion: number) =>
      admin.upsertCliRelease({
        body: { version, irVersion, changelogEntries: [{ type: 'feat', summary: `cli ${version}` }] },
      });
    expect((await release('1.0.0', 50)).releaseType).toBe('GA');
    expect((await release('1.1.0-rc.1', 51)).releaseType).toBe('RC');
    await release('1.9.0', 52);
    await release('1.10.0', 53);
    expect((await anonymous.getLatestCliRelease({ body: {} })).version).toBe('1.10.0');
    expect((await anonymous.getLatestCliRelease({ body: { releaseType: 'RC' } })).version).toBe('1.1.0-rc.1');
    expect((await anonymous.getLatestCliRelease({ body: { versionConstraint: '<1.5.0' } })).version).toBe(
      '1.0.0',
    );
    expect((await anonymous.getLatestCliRelease({ body: { irVersion: 52 } })).version).toBe('1.9.0');
    await expectNamed(
      anonymous.getLatestCliRelease({ body: { versionConstraint: '>5' } }),
      'NoValidClisFoundError',
    );
    await expectNamed(
      anonymous.getLatestCliRelease({ body: { versionConstraint: 'what' } }),
      'InvalidVersionError',
    );
    const changelog = await anonymous.getCliChangelog({ body: { fromVersion: '1.0.0', toVersion: '1.9.0' } });
    expect(changelog.entries.map((entry) => entry.version)).toEqual(['1.9.0', '1.1.0-rc.1', '1.0.0']);
    expect(changelog.entries[0]?.changelogEntries).toEqual([{ type: 'feat', summary: 'cli 1.9.0' }]);
    expect((await anonymous.getMinCliForIr({ params: { id: 52 } })).version).toBe('1.9.0');
    await expectNamed(anonymous.getMinCliForIr({ params: { id: 99 } }), 'NoValidClisFoundError');
    expect((await anonymous.getCliRelease({ params: { version: '1.9.0' } })).irVersion).toBe(52);
    await expectNamed(anonymous.getCliRelease({ params: { version: '9.9.9' } }), 'CliVersionNotFoundError');
    await expectNamed(anonymous.getCliRelease({ params: { version: 'latest' } }), 'InvalidVersionError');
    await expectNamed(release('one', 1), 'InvalidVersionError');
    const page = await anonymous.listCliReleases({ query: { page: 1, pageSize: 3 } });
    expect(page.releases.map((entry) => entry.version)).toEqual(['1.10.0', '1.9.0', '1.1.0-rc.1']);
    expect(page.hasMore).toBe(true);
    expect(
      (await anonymous.listCliReleases({ query: { page: 2, pageSize: 3 } })).releases.map(
        (entry) => entry.version,
      ),
    ).toEqual(['1.0.0']);
    await expectNamed(anonymous.listCliReleases({ query: { page: -1 } }), 'InvalidPageError');
  });

  it('stores generators and their releases', async () => {
    const { admin, adminInAcme, anonymous } = s;
    const generator = {
      id: 'ts-sdk',
      displayName: 'TypeScript SDK',
      generatorType: 'sdk' as const,
      generatorLanguage: 'typescript',
      dockerImage: 'sextant/ts-sdk',
    };
    expect(await admin.upsertGenerator({ body: { ...generator, orgId: 'local' } })).toEqual(generator);
    await admin.upsertGenerator({
      body: { ...generator, id: 'py-sdk', dockerImage: 'sextant/py-sdk', orgId: 'local' },
    });
    // The caller's user belongs to "local" and "acme", but its token acts in "local" only.
    await expectNamed(
      admin.upsertGenerator({
        body: { ...generator, id: 'go-sdk', dockerImage: 'sextant/go-sdk', orgId: 'acme' },
      }),
      'UserNotInOrgError',
    );
    await expectNamed(
      adminInAcme.upsertGenerator({
        body: { ...generator, id: 'go-sdk', dockerImage: 'sextant/go-sdk', orgId: 'local' },
      }),
      'UserNotInOrgError',
    );
    expect(await anonymous.getGenerator({ params: { id: 'ts-sdk' } })).toEqual(generator);
    await expectNamed(anonymous.getGenerator({ params: { id: 'go-sdk' } }), 'NoValidGeneratorsFoundError');
    expect((await anonymous.listGenerators({})).generators.map((entry) => entry.id)).toEqual([
      'py-sdk',
      'ts-sdk',
    ]);
    expect(
      (await anonymous.getGeneratorByImage({ body: { dockerImage: 'sextant/ts-sdk' } })).generator?.id,
    ).toBe('ts-sdk');
    expect((await anonymous.getGeneratorByImage({ body: { dockerImage: 'none' } })).generator).toBeNull();

    for (const [version, irVersion] of [
      ['0.9.0', 50],
      ['2.0.0-rc.2', 55],
      ['2.0.0-rc.10', 55],
      ['1.2.0', 53],
    ] as const) {
      await admin.upsertGeneratorRelease({
        body: {
          generatorId: 'ts-sdk',
          version,
          irVersion,
          changelogEntries: [{ type: 'fix', summary: version }],
        },
      });
    }
    await expectNamed(
      admin.upsertGeneratorRelease({ body: { generatorId: 'go-sdk', version: '1.0.0', irVersion: 1 } }),
      'NoValidGeneratorsFoundError',
    );
    expect((await anonymous.getLatestGeneratorRelease({ body: { generatorId: 'ts-sdk' } })).version).toBe(
      '1.2.0',
    );
    expect(
      (await anonymous.getLatestGeneratorRelease({ body: { generatorId: 'ts-sdk', releaseType: 'RC' } }))
        .version,
    ).toBe('2.0.0-rc.10');
    await expectNamed(
      anonymous.getLatestGeneratorRelease({ body: { generatorId: 'ts-sdk', versionConstraint: '^3' } }),
      'NoValidGeneratorsFoundError',
    );
    const release = await anonymous.getGeneratorRelease({ params: { id: 'ts-sdk', version: '1.2.0' } });
    expect(release).toMatchObject({ generatorId: 'ts-sdk', irVersion: 53, releaseType: 'GA' });
    await expectNamed(
      anonymous.getGeneratorRelease({ params: { id: 'ts-sdk', version: '7.0.0' } }),
      'GeneratorVersionNotFoundError',
    );
    const list = await anonymous.listGeneratorReleases({ params: { id: 'ts-sdk' }, query: { pageSize: 10 } });
    expect(list.releases.map((entry) => entry.version)).toEqual([
      '2.0.0-rc.10',
      '2.0.0-rc.2',
      '1.2.0',
      '0.9.0',
    ]);
    const changelog = await anonymous.getGeneratorChangelog({
      params: { id: 'ts-sdk' },
      body: { fromVersion: '1.0.0', toVersion: '2.0.0-rc.5' },
    });
    expect(changelog.entries.map((entry) => entry.version)).toEqual(['2.0.0-rc.2', '1.2.0']);
    await expectNamed(
      anonymous.getGeneratorChangelog({
        params: { id: 'ts-sdk' },
        body: { fromVersion: 'x', toVersion: '1.0.0' },
      }),
      'InvalidVersionError',
    );
  });
}
