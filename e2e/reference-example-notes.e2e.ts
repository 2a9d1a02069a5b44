/**
 * Issue #29 in Chromium: a spec example that breaks its schema carries the same note in the
 * Response card (per status tab) and in the playground after Use example picks it. Screenshots
 * at 1280 and 390 px go to SHOTS_DIR (default e2e/screenshots).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDocsPage, SCREENSHOT_DIR, watchedPage } from './docs-helpers.js';
import { useDocsSite, writeSpecProject } from './support/docs-site.js';

const SHOTS = process.env.SHOTS_DIR ?? SCREENSHOT_DIR;

const order = {
  type: 'object',
  required: ['quantity'],
  properties: { quantity: { type: 'integer', minimum: 1 }, note: { type: 'string' } },
};

const spec = {
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/orders': {
      post: {
        operationId: 'createOrder',
        summary: 'Create an order',
        requestBody: {
          content: {
            'application/json': {
              schema: order,
              examples: {
                good: { value: { quantity: 2, note: 'gift' } },
                bad: { value: { quantity: 'two' } },
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Created',
            content: { 'application/json': { schema: order, example: { quantity: 0, note: 'none' } } },
          },
        },
      },
    },
  },
};

const site = useDocsSite(() => writeSpecProject('Orders', spec));

describe('invalid spec examples in Chromium', () => {
  it('the Response card and the playground show the note, at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const context = await site.browser.newContext({ viewport: { width, height: 844 } });
      const { page, errors } = await watchedPage(context);
      await openDocsPage(page, `${site.url}/api/create-an-order`);
      const card = page.locator('section[aria-label="Response"]');
      await card.scrollIntoViewIfNeeded();
      const note = card.locator('.sx-example-note');
      expect(await note.textContent()).toMatch(
        /^This example does not match the schema: response body at \/quantity: /,
      );
      await card.screenshot({ path: join(SHOTS, `response-note-${width}.png`) });

      await page.getByRole('button', { name: 'Try it' }).click();
      const dialog = page.getByRole('dialog');
      const picker = dialog.getByLabel('Example', { exact: true });
      await picker.selectOption({ label: 'bad' });
      const formNote = dialog.locator('.sx-pg-example-note');
      expect(await formNote.textContent()).toMatch(
        /^This example does not match the schema: request body at \/quantity: /,
      );
      await formNote.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `playground-note-${width}.png`) });
      await dialog.getByRole('button', { name: 'Clear form' }).click();
      expect(await formNote.count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
