/**
 * The snippet templates page (run by pages.test.tsx) against a real registry: empty,
 * then each registered template newest first with its endpoint and SDK; a refused read shows the
 * server's message and signs out.
 */

import { DASHBOARD_API } from '@sextant/registry-client';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownOrganization, server } from '../testing/page-server.js';
import { tableRows } from '../testing/render-page.js';
import { apiDefinition } from '../testing/seed.js';
import { TemplatesPage } from './templates.js';

const template = (language: 'typescript' | 'python', pkg: string, version: string) => ({
  sdk: { language, package: pkg, version },
  endpointId: { method: 'GET' as const, path: '/pets' },
  snippetTemplate: {
    type: 'v1' as const,
    clientInstantiation: 'const client = new PetsClient();',
    functionInvocation: { type: 'generic' as const, templateString: 'client.pets.list()' },
  },
});

export function templatesPageCases() {
  const org = ownOrganization('templates-page');

  describe('snippet templates page', () => {
    it('is empty, then lists each template with its endpoint, API and SDK', async () => {
      const empty = await org.render(<TemplatesPage />);
      await screen.findByText(/No snippet template yet/);
      empty.unmount();

      await org.admin.registerApiDefinition({
        body: {
          orgId: org.orgId,
          apiId: 'pets',
          definition: apiDefinition('Pets', '1.0.0', [{ id: 'listPets', path: '/pets', fields: ['id'] }]),
        },
      });
      await org.admin.registerSnippetTemplate({
        body: { orgId: org.orgId, apiId: 'pets', snippet: template('typescript', '@acme/pets', '1.2.0') },
      });
      await org.admin.registerSnippetTemplate({
        body: { orgId: org.orgId, apiId: 'pets', snippet: template('python', 'acme-pets', '0.3.0') },
      });
      await org.render(<TemplatesPage />);
      await screen.findByRole('table', { name: `Snippet templates of ${org.orgId}` });
      const rows = tableRows(/Snippet templates of/).map(([endpoint, sdk]) => [endpoint, sdk]);
      expect(rows).toEqual([
        ['GET /petspets', 'acme-pets 0.3.0python'],
        ['GET /petspets', '@acme/pets 1.2.0typescript'],
      ]);
    });

    it("shows the server's message when the read is refused, and signs out on a 401", async () => {
      const session = await org.signIn();
      await server.endSession(session);
      const refused = await server.wireError(`${DASHBOARD_API}/snippet-templates?orgId=${org.orgId}&page=1`);
      expect(refused.error).toBe('UnauthorizedError');
      const page = await org.render(<TemplatesPage />, session);
      expect((await screen.findByRole('alert')).textContent).toContain(
        `Could not load the snippet templates: ${refused.message}`,
      );
      expect(page.signedOut()).toBe(1);
    });
  });
}
