/**
 * Issue #29 in Chromium: an AsyncAPI 3 channel's playground names the reply each client message
 * expects, and the enum channel parameter is a select starting from the spec's default.
 * Screenshots at 1280 and 390 px go to SHOTS_DIR (default e2e/screenshots).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDocsPage, SCREENSHOT_DIR, watchedPage } from './docs-helpers.js';
import { useDocsSite, writeSpecProject } from './support/docs-site.js';

const SHOTS = process.env.SHOTS_DIR ?? SCREENSHOT_DIR;
const payload = { type: 'object', properties: { id: { type: 'string' } } };

const spec = {
  asyncapi: '3.0.0',
  info: { title: 'Rooms', version: '1' },
  servers: { main: { host: 'rooms.example.com', protocol: 'wss' } },
  channels: {
    room: {
      address: '/rooms/{room}',
      title: 'Room',
      parameters: { room: { enum: ['lobby', 'games'], default: 'games' } },
      messages: {
        join: { name: 'join', title: 'Join', payload },
        joined: { name: 'joined', title: 'Joined', payload },
      },
    },
  },
  operations: {
    joinRoom: {
      action: 'receive',
      channel: { $ref: '#/channels/room' },
      messages: [{ $ref: '#/channels/room/messages/join' }],
      reply: { messages: [{ $ref: '#/channels/room/messages/joined' }] },
    },
  },
};

const site = useDocsSite(() => writeSpecProject('Rooms', spec));

describe('AsyncAPI 3 replies in the WebSocket playground (Chromium)', () => {
  it('names the reply to expect; the enum parameter is a select at its default', async () => {
    for (const width of [1280, 390]) {
      const context = await site.browser.newContext({ viewport: { width, height: 844 } });
      const { page, errors } = await watchedPage(context);
      await openDocsPage(page, `${site.url}/api/room`);
      await page.getByRole('button', { name: 'Try it' }).click();
      const dialog = page.getByRole('dialog');
      const reply = dialog.locator('.sx-ws-expected-reply');
      expect(await reply.textContent()).toBe('Reply: Joined');
      const room = dialog.getByLabel('room', { exact: true });
      expect(await room.evaluate((element) => element.tagName)).toBe('SELECT');
      await reply.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `ws-replies-${width}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
