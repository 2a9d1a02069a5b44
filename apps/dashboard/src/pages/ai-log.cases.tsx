/**
 * The AI question log's cases (run by pages.test.tsx) against a real registry holding Ask AI
 * questions (seeded with the question log's writer): newest first with the answer, its sources,
 * feedback and failures; each filter is the registry call's, and a filter matching nothing says
 * so; 21 questions page by 20; a refused read shows why.
 */

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { INSIGHTS_SITE, localOrganization, server } from '../testing/page-server.js';
import { publishSite } from '../testing/seed.js';
import { AiLogPage } from './ai-log.js';

const SITE = INSIGHTS_SITE;
const LOG = '/ai/get-question-log';
/** What the server seeds for these cases (its `insights`, of INSIGHTS_SITE): 18 plain questions, then three that differ (asked last: listed first). */
export const AI_LOG_QUESTIONS = [
  ...Array.from({ length: 18 }, (_, index) => ({
    question: `Plain question ${index}`,
    answer: 'Yes.',
    location: 'docs',
  })),
  {
    question: 'How do I paginate?',
    answer: 'Pass page and limit.',
    location: 'docs',
    page: 'guides/pagination',
    sources: [{ title: 'Pagination', url: 'https://docs.acme.test/guides/pagination' }],
    feedback: 'up',
  },
  {
    question: 'Why 401 from Slack?',
    answer: '',
    location: 'slack',
    errorCode: 'provider_error',
    feedback: 'down',
  },
  { question: '<img src=x onerror=alert(1)>', answer: '<script>alert(1)</script>', location: 'discord' },
];

const listed = () =>
  within(screen.getByRole('list', { name: 'Questions' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const entryOf = (question: string) =>
  screen.getByRole('heading', { name: question }).closest('li') as HTMLElement;

export function aiLogPageCases() {
  const org = localOrganization();
  beforeAll(async () => {
    await publishSite(org.admin, org.orgId, { domain: INSIGHTS_SITE, title: 'Acme' });
  });

  it('lists questions newest first with answer, sources, feedback and failure, 20 a page', async () => {
    await org.render(<AiLogPage />);
    await screen.findByRole('list', { name: 'Questions' });
    expect(listed()).toHaveLength(20);
    expect(listed().slice(0, 3)).toEqual([
      '<img src=x onerror=alert(1)>',
      'Why 401 from Slack?',
      'How do I paginate?',
    ]);
    // Hostile text stays text.
    expect(document.querySelector('img, script')).toBeNull();

    const paginate = entryOf('How do I paginate?');
    expect(paginate.textContent).toContain(`docs · ${SITE} · on /guides/pagination`);
    expect(within(paginate).getByText('Helpful')).toBeTruthy();
    expect(within(paginate).getByText('Pass page and limit.')).toBeTruthy();
    expect(within(paginate).getByText('Pagination')).toBeTruthy();
    const slack = entryOf('Why 401 from Slack?');
    expect(within(slack).getByText('Failed (provider_error)')).toBeTruthy();
    expect(within(slack).getByText('Not helpful')).toBeTruthy();

    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Questions pages' })).getByRole('button', {
        name: 'Next',
      }),
    );
    await waitFor(() => expect(listed()).toEqual(['Plain question 0']));
  });

  it('filters with the registry call, and says when nothing matches', async () => {
    await org.render(<AiLogPage />);
    await screen.findByRole('list', { name: 'Questions' });
    fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'yes' } });
    await waitFor(() => expect(listed()).toEqual(['Why 401 from Slack?']));
    fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Feedback'), { target: { value: 'up' } });
    await waitFor(() => expect(listed()).toEqual(['How do I paginate?']));
    fireEvent.change(screen.getByLabelText('Asked in'), { target: { value: 'discord' } });
    await screen.findByText('No question matches these filters.');
    fireEvent.change(screen.getByLabelText('Feedback'), { target: { value: 'none' } });
    await waitFor(() => expect(listed()).toEqual(['<img src=x onerror=alert(1)>']));

    const site = screen.getByLabelText('Site') as HTMLSelectElement;
    await waitFor(() => expect([...site.options].map((option) => option.value)).toContain(SITE));
    fireEvent.change(site, { target: { value: SITE } });
    await waitFor(() => expect(listed()).toEqual(['<img src=x onerror=alert(1)>']));
  });

  it("shows the server's message when the read is refused, and signs out on a 401", async () => {
    const session = await org.signIn();
    await server.endSession(session);
    const refused = await server.wireError(LOG, { method: 'POST', body: { orgId: org.orgId } });
    expect(refused.error).toBe('UnauthorizedError');
    const page = await org.render(<AiLogPage />, session);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        `Could not load the question log: ${refused.message}`,
      ),
    );
    expect(page.signedOut()).toBeGreaterThanOrEqual(1);
  });
}
