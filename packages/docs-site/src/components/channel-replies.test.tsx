/**
 * An AsyncAPI 3 channel's replies on its reference page and in its `.md`, from a real import.
 */
import {
  buildDocsDefinition,
  defaultDocsConfig,
  importDefinition,
  walkNavigation,
} from '@sextant/definition';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderDocsPageMarkdown } from '../server/render.js';
import { createDocsSite } from '../server/site.js';
import { ChannelReplies } from './channel-replies.js';

const message = (name: string) => ({
  name,
  payload: { type: 'object', properties: { id: { type: 'string' } } },
});
const text = JSON.stringify({
  asyncapi: '3.0.0',
  info: { title: 'Pings', version: '1' },
  servers: { main: { host: 'ping.example.com', protocol: 'wss' } },
  channels: {
    ping: { address: '/ping', title: 'Ping', messages: { ping: message('ping') } },
    pong: { address: '/pong', title: 'Pong', messages: { pong: message('pong') } },
  },
  operations: {
    sendPing: {
      action: 'receive',
      channel: { $ref: '#/channels/ping' },
      reply: {
        channel: { $ref: '#/channels/pong' },
        address: { location: '$message.header#/replyTo', description: 'Named by the *client*' },
      },
    },
  },
});

describe('channel replies', () => {
  const { definition } = importDefinition({ entry: 'pings.json', read: () => text });
  const ping = Object.values(definition.websockets).find((channel) => channel.title === 'Ping');

  it('show which messages answer which, who sends, on which channel and to which address', () => {
    const html = renderToStaticMarkup(<ChannelReplies replies={ping?.replies ?? []} />);
    expect(html).toContain('<h2>Replies</h2>');
    expect(html.replace(/<[^>]+>/g, '')).toContain(
      'ping → answered by pong server → clientOperation sendPing; the reply comes on channel Pong; sent to $message.header#/replyTo.',
    );
    expect(html).toContain('<em>client</em>');
  });

  it('are in the channel’s .md page', async () => {
    const docs = buildDocsDefinition({
      config: defaultDocsConfig('Docs'),
      apis: { api: definition },
      navigation: [{ type: 'api', title: 'API', apiId: 'api' }],
    });
    let slug = '';
    walkNavigation(docs.navigation, (item) => {
      if (item.type === 'channel' && item.channelId === ping?.id) slug = item.slug;
    });
    const markdown = await renderDocsPageMarkdown(createDocsSite(docs, { api: definition }, '1'), slug);
    expect(markdown).toContain(
      '## Replies\n\n- `ping` → `pong` (server; operation `sendPing`; on channel `Pong`; sent to `$message.header#/replyTo`): Named by the *client*',
    );
  });
});
