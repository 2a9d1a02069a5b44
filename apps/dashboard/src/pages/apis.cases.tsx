/**
 * The API definitions pages (run by pages.test.tsx) against a real registry: the list
 * (empty, then each API with its latest version and count), one API's history newest first, and
 * the comparison of two versions with the registry's diff; the form refuses comparing a version
 * with itself.
 */

import { DASHBOARD_API } from '@sextant/registry-client';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownOrganization, server } from '../testing/page-server.js';
import { tableRows } from '../testing/render-page.js';
import { apiDefinition } from '../testing/seed.js';
import { ApiHistoryPage, ApisPage } from './apis.js';

export function apisPageCases() {
  const org = ownOrganization('apis-page');
  const register = (apiId: string, definition: ReturnType<typeof apiDefinition>) =>
    org.admin.registerApiDefinition({ body: { orgId: org.orgId, apiId, definition } });

  describe('API definitions pages', () => {
    it('says how to register one while there is none', async () => {
      await org.render(<ApisPage />);
      expect((await screen.findByText(/No API definition yet/)).textContent).toContain('sextant publish');
    });

    it('lists each API with its latest version and count, linked to its history', async () => {
      await register(
        'pets',
        apiDefinition('Pet store', '1.0.0', [{ id: 'listPets', path: '/pets', fields: ['id'] }]),
      );
      await register(
        'pets',
        apiDefinition('Pet store', '2.0.0', [{ id: 'listPets', path: '/pets', fields: ['id'] }]),
      );
      await register(
        'users',
        apiDefinition('users', '0.1.0', [{ id: 'listUsers', path: '/users', fields: ['id'] }]),
      );
      await org.render(<ApisPage />);
      await screen.findByRole('table', { name: `API definitions of ${org.orgId}` });
      const rows = tableRows(/API definitions of/).map((cells) => cells.slice(0, 3));
      expect(rows).toContainEqual(['Pet storepets', '2.0.0', '2']);
      // A title equal to the id is not repeated under it.
      expect(rows).toContainEqual(['users', '0.1.0', '1']);
      expect(screen.getByRole('link', { name: 'Pet store' }).getAttribute('href')).toBe('#/apis/pets');
    });

    it('compares two versions: the implied bump and the breaking changes first', async () => {
      const v1 = apiDefinition('Shop', '1.0.0', [
        { id: 'listOrders', path: '/orders', fields: ['id', 'total'] },
      ]);
      const v2 = apiDefinition('Shop', '2.0.0', [
        { id: 'listOrders', path: '/orders', fields: ['id', 'total'], required: ['customer'] },
      ]);
      await register('shop', v1);
      await register('shop', v2);
      await org.render(<ApiHistoryPage apiId="shop" />);
      // Titled by the API id until the versions arrive, then by the latest version's title.
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('shop: version history');
      await screen.findByRole('table', { name: 'Versions of shop' });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shop: version history');
      expect(tableRows('Versions of shop').map(([version]) => version)).toEqual(['2.0.0', '1.0.0']);

      const from = screen.getByLabelText('From (older)') as HTMLSelectElement;
      const to = screen.getByLabelText('To (newer)') as HTMLSelectElement;
      const compare = screen.getByRole('button', { name: 'Compare versions' }) as HTMLButtonElement;
      // Preselected: the previous version against the latest.
      expect(from.selectedOptions[0]?.textContent).toMatch(/^1\.0\.0 · /);
      expect(to.selectedOptions[0]?.textContent).toMatch(/^2\.0\.0 · /);
      expect(compare.disabled).toBe(false);
      // A version compared with itself is refused: nothing to send.
      fireEvent.change(from, { target: { value: to.value } });
      expect(compare.disabled).toBe(true);
      fireEvent.change(from, { target: { value: (from.options[1] as HTMLOptionElement).value } });
      expect(compare.disabled).toBe(false);

      fireEvent.click(compare);
      const diff = await screen.findByTestId('bump');
      expect(diff.textContent).toBe('MAJOR');
      const breaking = within(screen.getByRole('list', { name: 'Breaking changes' })).getAllByRole(
        'listitem',
      );
      expect(breaking.length).toBeGreaterThanOrEqual(1);
      expect(breaking[0]?.textContent).toContain('GET /orders');
      expect(breaking.map((item) => item.textContent).join(' ')).toMatch(/customer/);
    });

    it('with one version, says there is nothing to compare', async () => {
      await register('solo', apiDefinition('Solo', '1.0.0', [{ id: 'ping', path: '/ping', fields: [] }]));
      await org.render(<ApiHistoryPage apiId="solo" />);
      await screen.findByText('Only one version: there is nothing to compare yet.');
      expect(screen.queryByRole('button', { name: 'Compare versions' })).toBeNull();
    });

    it("shows the server's message when the list is refused, and signs out on a 401", async () => {
      const session = await org.signIn();
      await server.endSession(session);
      const refused = await server.wireError(`${DASHBOARD_API}/apis?orgId=${org.orgId}&page=1`);
      expect(refused.error).toBe('UnauthorizedError');
      const page = await org.render(<ApisPage />, session);
      expect((await screen.findByRole('alert')).textContent).toContain(
        `Could not load the API definitions: ${refused.message}`,
      );
      expect(page.signedOut()).toBe(1);
    });
  });
}
