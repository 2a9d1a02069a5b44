/**
 * The analytics page's cases (run by pages.test.tsx) against a real registry holding Try-it
 * requests and page feedback of one site (seeded with the analytics and feedback writers): the
 * totals by status class, the endpoints that fail most, the least helpful pages first; a site
 * with nothing in range says so; Refresh and the range ask again; a refused read shows why.
 */

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { INSIGHTS_SITE, localOrganization, server } from '../testing/page-server.js';
import { publishSite } from '../testing/seed.js';
import { AnalyticsPage } from './analytics.js';

const SITE = INSIGHTS_SITE;
const QUIET_SITE = 'quiet.acme.test';
const ANALYTICS = '/analytics/get-playground-analytics';
const pets = { endpointId: 'listPets', method: 'GET', path: '/pets' };
const orders = { endpointId: 'createOrder', method: 'POST', path: '/orders' };

/** What the server seeds for these cases (its `insights`, of INSIGHTS_SITE). */
export const ANALYTICS_SEED = {
  requests: [
    { ...pets, status: 200, latencyMs: 80 },
    { ...pets, status: 200, latencyMs: 120 },
    { ...pets, status: 204, latencyMs: 90 },
    { ...pets, status: 404, latencyMs: 40 },
    { ...orders, status: 500, latencyMs: 900 },
    { ...orders, status: null, latencyMs: 0 },
  ],
  pageFeedback: [
    { page: '/', title: 'Home', helpful: true },
    { page: '/quickstart', title: 'Quickstart', helpful: false },
    { page: '/quickstart', title: 'Quickstart', helpful: false },
    { page: '/quickstart', title: 'Quickstart', helpful: true },
  ],
};

const text = (testId: string) => screen.getByTestId(testId).textContent;
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim()),
    );

export function analyticsPageCases() {
  const org = localOrganization();
  beforeAll(async () => {
    await publishSite(org.admin, org.orgId, { domain: INSIGHTS_SITE, title: 'Acme' });
    await publishSite(org.admin, org.orgId, { domain: QUIET_SITE, title: 'Quiet' });
  });

  it('shows the totals by status class, the failing endpoints and the least helpful pages first', async () => {
    await org.render(<AnalyticsPage />);
    await screen.findByTestId('analytics-total');
    expect(text('analytics-total')).toBe('6');
    expect(
      Object.fromEntries(
        ['2xx', '3xx', '4xx', '5xx', 'failed', '1xx'].map((name) => [name, text(`analytics-${name}`)]),
      ),
    ).toEqual({ '2xx': '3', '3xx': '0', '4xx': '1', '5xx': '1', failed: '1', '1xx': '0' });
    expect(text('analytics-latency')).toMatch(/^\d+ ms \/ \d+ ms \/ \d+ ms$/);

    const failing = screen.getByRole('heading', { name: 'Endpoints that fail most' })
      .parentElement as HTMLElement;
    expect(rowsOf(within(failing).getByRole('table')).map((cells) => cells.slice(0, 3))).toEqual([
      [`POST /orders${SITE}`, '2', '2 (4xx 0, 5xx 1, failed 1)'],
      [`GET /pets${SITE}`, '4', '1 (4xx 1, 5xx 0, failed 0)'],
    ]);
    expect(rowsOf(screen.getByTestId('page-feedback'))).toEqual([
      [`Quickstart${SITE}/quickstart`, '1', '2', '33%'],
      [`Home${SITE}`, '1', '0', '100%'],
    ]);
  });

  it('filters by site (a quiet one says so), and asks again on Refresh and on a new range', async () => {
    await org.render(<AnalyticsPage />);
    await screen.findByTestId('analytics-total');
    const site = screen.getByLabelText('Site') as HTMLSelectElement;
    await waitFor(() => expect([...site.options].map((option) => option.value)).toContain(QUIET_SITE));

    fireEvent.change(site, { target: { value: QUIET_SITE } });
    await screen.findByText('No Try-it request in this range.');
    expect(text('analytics-total')).toBe('0');
    expect(screen.getByText('No endpoint failed in this range.')).toBeTruthy();
    expect(screen.getByText('No reader rated a page in this range.')).toBeTruthy();

    fireEvent.change(site, { target: { value: SITE } });
    await waitFor(() => expect(text('analytics-total')).toBe('6'));

    let asked = server.requests.get(ANALYTICS) ?? 0;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.requests.get(ANALYTICS)).toBe(asked + 1));
    asked += 1;
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: '24h' } });
    await waitFor(() => expect(server.requests.get(ANALYTICS)).toBe(asked + 1));
    // Seeded this hour: inside the last 24 hours too.
    await waitFor(() => expect(text('analytics-total')).toBe('6'));
  });

  it("shows the server's message when the read is refused, and signs out on a 401", async () => {
    const session = await org.signIn();
    await server.endSession(session);
    const refused = await server.wireError(ANALYTICS, {
      method: 'POST',
      body: { orgId: org.orgId, from: new Date(0).toISOString(), to: new Date().toISOString() },
    });
    expect(refused.error).toBe('UnauthorizedError');
    const page = await org.render(<AnalyticsPage />, session);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        `Could not load the analytics: ${refused.message}`,
      ),
    );
    expect(page.signedOut()).toBeGreaterThanOrEqual(1);
  });
}
