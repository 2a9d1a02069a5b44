/**
 * The GitHub page (run by pages.test.tsx) against a real registry: empty, then the
 * organization's repositories; picking one lists its pull requests, filtered by state (the filter
 * is the registry call's, and an empty answer says so). A PR URL the registry stores as
 * `javascript:` (any member's token can write one) is shown as text, never a link.
 */

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownOrganization, server } from '../testing/page-server.js';
import { renderPage } from '../testing/render-page.js';
import { GithubPage } from './github.js';

const pullRequestTexts = () =>
  within(screen.getByRole('region', { name: /Pull requests of/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/\s+/g, ' ').trim());

export function githubPageCases() {
  const org = ownOrganization('github-page');

  describe('GitHub page', () => {
    it('is empty, then lists repositories and the pull requests of the one picked, by state', async () => {
      const empty = await org.render(<GithubPage />);
      await screen.findByText('No repository is tracked.');
      empty.unmount();

      await org.admin.upsertRepository({
        body: { owner: 'acme', name: 'pets-ts', orgId: org.orgId, description: 'The TypeScript SDK' },
      });
      await org.admin.upsertRepository({
        body: { owner: 'acme', name: 'pets-py', orgId: org.orgId, isPrivate: true, defaultBranch: 'trunk' },
      });
      for (const [number, state] of [
        [1, 'open'],
        [2, 'closed'],
        [3, 'merged'],
      ] as const)
        await org.admin.upsertPullRequest({
          body: {
            owner: 'acme',
            repo: 'pets-ts',
            number,
            title: `PR ${number}`,
            author: 'ana',
            state,
            url: number === 2 ? 'javascript:alert(1)' : `https://github.test/acme/pets-ts/pull/${number}`,
          },
        });

      await org.render(<GithubPage />);
      const python = await screen.findByRole('button', { name: 'acme/pets-py' });
      expect(python.parentElement?.textContent).toContain('Private');
      expect(python.parentElement?.textContent).toContain('trunk');
      const typescript = screen.getByRole('button', { name: 'acme/pets-ts' });
      expect(typescript.parentElement?.textContent).toContain('The TypeScript SDK');
      expect(screen.queryByRole('region', { name: /Pull requests of/ })).toBeNull();

      fireEvent.click(typescript);
      expect(typescript.getAttribute('aria-pressed')).toBe('true');
      await screen.findByText(/PR 3/);
      expect(pullRequestTexts()).toHaveLength(3);
      expect(pullRequestTexts().find((text) => text?.includes('#1'))).toMatch(/^open #1 PR 1 by ana/);
      // Only web addresses become links: a stored `javascript:` URL is shown as text.
      expect(
        screen
          .getByText(/#1 PR 1/)
          .closest('a')
          ?.getAttribute('href'),
      ).toBe('https://github.test/acme/pets-ts/pull/1');
      expect(screen.getByText(/#2 PR 2/).closest('a')).toBeNull();

      fireEvent.change(screen.getByLabelText('State'), { target: { value: 'merged' } });
      await waitFor(() => expect(pullRequestTexts()).toHaveLength(1));
      expect(pullRequestTexts()[0]).toMatch(/^merged #3 PR 3/);

      // Another repository starts from its own list and filter.
      fireEvent.click(python);
      await screen.findByText('No pull request.');
      expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('all');
    });

    it("shows the server's message when the registry refuses the read", async () => {
      // The list is public (a gone session still reads it): what the registry refuses is an
      // organization id longer than any it gives.
      const orgId = 'x'.repeat(201);
      const refused = await server.wireError('/generators/github/repository/list', {
        method: 'POST',
        body: { orgId, page: 1, pageSize: 20 },
      });
      renderPage(server, await org.signIn(), <GithubPage />, { orgId });
      expect((await screen.findByRole('alert')).textContent).toContain(
        `Could not load the repositories: ${refused.message}`,
      );
    });
  });
}
