/**
 * The docs sites page (run by pages.test.tsx) against a real registry: empty until a
 * site is published, then every site with its other URLs, kind and state; a refused read shows
 * the server's own message.
 */

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownOrganization, server } from '../testing/page-server.js';
import { tableRows } from '../testing/render-page.js';
import { publishSite } from '../testing/seed.js';
import { SitesPage } from './sites.js';

export function sitesPageCases() {
  const org = ownOrganization('sites-page');

  describe('docs sites page', () => {
    it('says how to publish while the organization has no site', async () => {
      await org.render(<SitesPage />);
      expect((await screen.findByText(/No docs site yet/)).textContent).toContain('sextant publish');
      expect(screen.queryByRole('table')).toBeNull();
    });

    it('lists each site with its other URLs, preview or live, archived or serving', async () => {
      await publishSite(org.admin, org.orgId, {
        domain: 'docs.acme.test',
        customDomains: ['developers.acme.test'],
        title: 'Acme',
      });
      await publishSite(org.admin, org.orgId, { domain: 'acme.test/old', title: 'Old' });
      await org.admin.setDocsIsArchived({ body: { url: 'acme.test/old', isArchived: true } });
      const [previewUrl = ''] = await publishSite(org.admin, org.orgId, { title: 'Preview' });

      await org.render(<SitesPage />);
      await screen.findByRole('table', { name: `Docs sites of ${org.orgId}` });
      const rows = new Map(tableRows(/Docs sites of/).map(([url = '', ...rest]) => [url, rest]));
      expect(rows.size).toBe(3);
      const acme = [...rows].find(([url]) => url.startsWith('docs.acme.test'));
      expect(acme?.[0]).toContain('developers.acme.test');
      expect(acme?.[1].slice(0, 2)).toEqual(['Live', 'Serving']);
      expect(rows.get('acme.test/old')?.slice(0, 2)).toEqual(['Live', 'Archived']);
      const preview = [...rows].find(([url]) => previewUrl.startsWith(url) || url.startsWith(previewUrl));
      expect(preview?.[1].slice(0, 2)).toEqual(['Preview', 'Serving']);
      // Each main URL opens the site (local mode serves plain HTTP), in a new tab.
      const link = screen.getByRole('link', { name: 'acme.test/old' });
      expect(link.getAttribute('href')).toBe('http://acme.test/old');
      expect(link.getAttribute('rel')).toContain('noopener');
    });

    it('shows the message the server refused the read with, and signs out on a 401', async () => {
      const session = await org.signIn();
      await server.endSession(session);
      const refused = await server.wireError('/dashboard/get-docs-sites-for-org', {
        method: 'POST',
        body: { orgId: org.orgId },
      });
      expect(refused.error).toBe('UnauthorizedError');
      const page = await org.render(<SitesPage />, session);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(`Could not load the docs sites: ${refused.message}`);
      expect(page.signedOut()).toBe(1);
      // Try again asks again (and is refused again: the session stays gone).
      const before = server.requests.get('/dashboard/get-docs-sites-for-org') ?? 0;
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      await screen.findByRole('alert');
      expect(server.requests.get('/dashboard/get-docs-sites-for-org')).toBeGreaterThan(before);
    });
  });
}
