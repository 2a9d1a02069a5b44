/**
 * The generators, generator releases and CLI releases pages against a real registry (PGlite, in
 * a process of its own): empty states, rows with their changelogs (breaking entries marked, RC
 * badged), paging by 20, and the server's own message for an unknown generator.
 */

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownOrganization, server } from '../testing/page-server.js';
import { tableRows } from '../testing/render-page.js';
import { CliReleasesPage, GeneratorReleasesPage, GeneratorsPage } from './releases.js';

export function releasesPageCases() {
  const org = ownOrganization('releases-page');

  describe('generators page', () => {
    it('is empty, then lists each generator with its type, language and image', async () => {
      const empty = await org.render(<GeneratorsPage />);
      await screen.findByText('No generator is registered.');
      empty.unmount();

      await org.admin.upsertGenerator({
        body: {
          orgId: org.orgId,
          id: 'ts-sdk',
          displayName: 'TypeScript SDK',
          generatorType: 'sdk',
          generatorLanguage: 'typescript',
          dockerImage: 'sextant/ts-sdk',
        },
      });
      await org.render(<GeneratorsPage />);
      await screen.findByRole('table', { name: 'Generators' });
      expect(tableRows('Generators')).toEqual([['TypeScript SDK', 'sdk · typescript', 'sextant/ts-sdk']]);
      expect(screen.getByRole('link', { name: 'TypeScript SDK' }).getAttribute('href')).toBe(
        '#/generators/ts-sdk',
      );
    });
  });

  describe('generator releases page', () => {
    it('pages the releases by 20, newest first, with changelogs and RC marked', async () => {
      await org.admin.upsertGenerator({
        body: {
          orgId: org.orgId,
          id: 'py-sdk',
          displayName: 'Python SDK',
          generatorType: 'sdk',
          dockerImage: 'sextant/py-sdk',
        },
      });
      const empty = await org.render(<GeneratorReleasesPage generatorId="py-sdk" />);
      await screen.findByText('This generator has no release yet.');
      empty.unmount();

      for (let minor = 0; minor < 21; minor++)
        await org.admin.upsertGeneratorRelease({
          body: {
            generatorId: 'py-sdk',
            version: `1.${minor}.0`,
            irVersion: 1,
            changelogEntries: minor === 20 ? [{ type: 'break', summary: 'drops Python 3.8' }] : [],
          },
        });
      await org.admin.upsertGeneratorRelease({
        body: {
          generatorId: 'py-sdk',
          version: '2.0.0-rc.1',
          irVersion: 2,
          changelogEntries: [{ type: 'feat', summary: 'async client' }],
        },
      });

      await org.render(<GeneratorReleasesPage generatorId="py-sdk" />);
      await screen.findByRole('table', { name: 'Releases of py-sdk' });
      const first = tableRows('Releases of py-sdk');
      expect(first).toHaveLength(20);
      expect(first[0]?.[0]).toBe('2.0.0-rc.1 RCIR 2');
      expect(first[0]?.[2]).toBe('feat async client');
      expect(first[1]?.[2]).toBe('break drops Python 3.8');
      expect(screen.getByText('drops Python 3.8', { exact: false }).closest('li')?.className).toBe(
        'breaking',
      );
      expect(first[2]?.[2]).toBe('No changelog');

      const pager = screen.getByRole('navigation', { name: 'Releases pages' });
      expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
      fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
      await screen.findByText('Page 2');
      await screen.findByText('1.1.0');
      // The last page: the two oldest, and no next page.
      expect(tableRows('Releases of py-sdk').map(([version]) => version)).toEqual([
        '1.1.0 IR 1',
        '1.0.0 IR 1',
      ]);
      expect((within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    });

    it("has no release for an unknown generator, and shows the server's message for an id it refuses", async () => {
      const unknown = await org.render(<GeneratorReleasesPage generatorId="no-such-sdk" />);
      await screen.findByText('This generator has no release yet.');
      unknown.unmount();

      const hostile = 'x'.repeat(300);
      const refused = await server.wireError(`/generators/versions/${hostile}?page=1&pageSize=20`);
      await org.render(<GeneratorReleasesPage generatorId={hostile} />);
      expect((await screen.findByRole('alert')).textContent).toContain(
        `Could not load the releases: ${refused.message}`,
      );
    });
  });

  describe('CLI releases page', () => {
    it('is empty, then lists the releases newest first by semver', async () => {
      const empty = await org.render(<CliReleasesPage />);
      await screen.findByText('No CLI release is recorded.');
      empty.unmount();

      // CLI releases are the platform's: an operator publishes them.
      for (const version of ['1.9.0', '1.10.0', '1.0.0'])
        await server.admin.upsertCliRelease({
          body: { version, irVersion: 1, changelogEntries: [{ type: 'fix', summary: `cli ${version}` }] },
        });
      await org.render(<CliReleasesPage />);
      await screen.findByRole('table', { name: 'CLI releases' });
      expect(tableRows('CLI releases').map(([version, , changelog]) => [version, changelog])).toEqual([
        ['1.10.0 IR 1', 'fix cli 1.10.0'],
        ['1.9.0 IR 1', 'fix cli 1.9.0'],
        ['1.0.0 IR 1', 'fix cli 1.0.0'],
      ]);
      expect(screen.queryByRole('navigation', { name: 'CLI releases pages' })).toBeNull();
    });
  });
}
