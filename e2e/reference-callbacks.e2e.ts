/**
 * Issue #29 item 4 in Chromium: an operation's callbacks are shown under it on its reference page
 * (name, method, URL expression, body, responses), and a webhook page is titled by its event with
 * a slug from its name. Screenshots at 1280 and 390 px go to SHOTS_DIR (default e2e/screenshots).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDocsPage, SCREENSHOT_DIR, watchedPage } from './docs-helpers.js';
import { useDocsSite, writeSpecProject } from './support/docs-site.js';

const SHOTS = process.env.SHOTS_DIR ?? SCREENSHOT_DIR;
const SHARED_SUMMARY = 'This event occurs when there is activity relating to a payment of your account.';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Payments', version: '1' },
  paths: {
    '/subscriptions': {
      post: {
        operationId: 'subscribe',
        summary: 'Subscribe to payment events',
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { callbackUrl: { type: 'string' } } },
            },
          },
        },
        responses: { '201': { description: 'Subscribed' } },
        callbacks: {
          onPayment: {
            '{$request.body#/callbackUrl}': {
              post: {
                summary: 'A payment happened',
                requestBody: {
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' } } },
                },
                responses: { '204': { description: 'Received' }, '410': { description: 'Unsubscribe' } },
              },
            },
          },
        },
      },
    },
  },
  webhooks: {
    'payment-succeeded': {
      post: {
        summary: SHARED_SUMMARY,
        description: 'A payment went through.',
        operationId: 'payment/succeeded',
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' } } },
        },
      },
    },
    'payment-failed': {
      post: {
        summary: SHARED_SUMMARY,
        description: 'A payment was declined.',
        operationId: 'payment/failed',
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Payment: {
        type: 'object',
        required: ['id', 'amount'],
        properties: {
          id: { type: 'string', readOnly: true, description: 'Assigned by the server.' },
          amount: { type: 'integer', minimum: 1 },
        },
      },
    },
  },
};

const site = useDocsSite(() => writeSpecProject('Payments', spec));

async function open(slug: string, width: number) {
  const context = await site.browser.newContext({ viewport: { width, height: 844 } });
  const watched = await watchedPage(context);
  await openDocsPage(watched.page, `${site.url}/${slug}`);
  return { ...watched, close: () => context.close() };
}

describe('callbacks and webhooks in Chromium', () => {
  it('shows the callback under its operation, at 1280 and 390 px, without sideways scroll', async () => {
    for (const width of [1280, 390]) {
      const { page, errors, close } = await open('api/subscribe-to-payment-events', width);
      const callback = page.locator('section[aria-label="Callback onPayment"]');
      await callback.scrollIntoViewIfNeeded();
      expect(await callback.isVisible()).toBe(true);
      expect(await callback.locator('.sx-callback-url').textContent()).toBe('{$request.body#/callbackUrl}');
      expect(await callback.locator('.sx-method, [class*="method"]').first().textContent()).toMatch(/POST/);
      expect(await callback.locator('h4').allTextContents()).toEqual([
        'Request body application/json',
        'Response 204',
        'Errors',
      ]);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways).toBe(false);
      await callback.screenshot({ path: join(SHOTS, `callbacks-${width}.png`) });
      expect(errors).toEqual([]);
      await close();
    }
  }, 120_000);

  it('titles webhook pages by event, slugs from the name, readOnly fields in the payload example', async () => {
    for (const width of [1280, 390]) {
      const { page, errors, close } = await open('api/payment-failed', width);
      expect(await page.locator('h1').textContent()).toBe('payment.failed');
      expect(await page.locator('.sx-reference-main').textContent()).toContain('A payment was declined.');
      const example = await page.locator('.sx-reference-aside').textContent();
      expect(example).toContain('"id"');
      await page.screenshot({ path: join(SHOTS, `webhook-${width}.png`), fullPage: false });
      expect(errors).toEqual([]);
      await close();
    }
  }, 120_000);
});
