/**
 * Slack and Discord endpoints over real sockets: requests signed with test keys (a Slack signing
 * secret; an Ed25519 key pair made here), answered through the Anthropic SDK and the loopback
 * Messages server, replies posted to loopback Slack and Discord APIs. Bad signatures, stale
 * timestamps and replays are 401 with nothing processed; Slack retries are not answered twice.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@sextant/definition/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsHost } from '../docs-host/index.js';
import { readinessPlugin } from '../lifecycle/readiness.js';
import { discordPublicKey, verifyDiscordSignature } from './discord.js';
import { aiPlugin } from './plugin.js';
import { mentionQuestion, slackText, verifySlackSignature } from './slack.js';
import { writeAiProject } from './testing/ai-project.js';
import {
  chatAppEnv,
  discordSignature,
  discordTestKeys,
  slackMention as mention,
  TEST_SLACK_SECRET as SLACK_SECRET,
  slackSignature,
} from './testing/chat-app-signing.js';
import { type FakeAnthropic, startFakeAnthropic } from './testing/fake-anthropic.js';
import { type LoopbackServer, type RecordedRequest, startLoopbackServer } from './testing/sse-server.js';

const keys = discordTestKeys();
const { rawPublicKey } = keys;

let app: FastifyInstance;
let baseUrl: string;
let anthropic: FakeAnthropic;
let slackApi: LoopbackServer;
let discordApi: LoopbackServer;

beforeAll(async () => {
  anthropic = await startFakeAnthropic(() => ({ type: 'answer', chunks: ['See ', 'the guide.'] }));
  slackApi = await startLoopbackServer((_request, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, ts: '1.2' }));
  });
  discordApi = await startLoopbackServer((_request, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'm1' }));
  });
  app = Fastify();
  await app.register(docsHost, {
    mode: 'local',
    projectDir: await writeAiProject('enabled: true\nlocation: [slack, discord]'),
  });
  await app.register(readinessPlugin);
  await app.register(aiPlugin, {
    env: chatAppEnv(
      { anthropic: anthropic.url, slackApi: slackApi.url, discordApi: discordApi.url },
      rawPublicKey,
    ),
    maxRetries: 0,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await Promise.all([anthropic.close(), slackApi.close(), discordApi.close()]);
});

const now = () => Math.floor(Date.now() / 1000);

function postSlack(body: string, headers: Record<string, string>) {
  return fetch(`${baseUrl}/_sextant/ai/slack/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

function signedSlack(payload: unknown, extra: Record<string, string> = {}, timestamp = now()) {
  const body = JSON.stringify(payload);
  return postSlack(body, {
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': slackSignature(body, timestamp),
    ...extra,
  });
}

function signedDiscord(payload: unknown, timestamp = now(), privateKey = keys.privateKey) {
  const body = JSON.stringify(payload);
  const signature = discordSignature(body, timestamp, privateKey);
  return {
    send: () =>
      fetch(`${baseUrl}/_sextant/ai/discord/interactions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-ed25519': signature,
          'x-signature-timestamp': String(timestamp),
        },
        body,
      }),
  };
}

/** The requests the server has heard, once it has heard `count`. */
function requestsOf(server: LoopbackServer, count: number): Promise<RecordedRequest[]> {
  return waitFor(() => server.requests.length >= count && server.requests, {
    message: () => `request ${count} to the loopback API (heard ${server.requests.length})`,
  });
}

describe('Slack', () => {
  it('verifies v0 signatures: right, wrong secret, stale, missing', () => {
    const body = Buffer.from('{"a":1}');
    const t = now();
    expect(
      verifySlackSignature({
        secret: SLACK_SECRET,
        timestamp: String(t),
        signature: slackSignature('{"a":1}', t),
        body,
      }),
    ).toBe(true);
    expect(
      verifySlackSignature({
        secret: SLACK_SECRET,
        timestamp: String(t),
        signature: slackSignature('{"a":1}', t, 'other'),
        body,
      }),
    ).toBe(false);
    expect(
      verifySlackSignature({
        secret: SLACK_SECRET,
        timestamp: String(t - 301),
        signature: slackSignature('{"a":1}', t - 301),
        body,
      }),
    ).toBe(false);
    expect(
      verifySlackSignature({ secret: SLACK_SECRET, timestamp: undefined, signature: undefined, body }),
    ).toBe(false);
    expect(mentionQuestion('<@U0BOT|bot> what is  this?')).toBe('what is  this?');
  });

  it('posts model output so it cannot ping anyone, keeping its links', () => {
    expect(slackText('Hi <!channel> and <@U1>, see <https://docs.test/a#h-b|Guide › B> & a<b')).toBe(
      'Hi &lt;!channel&gt; and &lt;@U1&gt;, see <https://docs.test/a#h-b|Guide › B> &amp; a&lt;b',
    );
  });

  it('answers the url_verification challenge', async () => {
    const response = await signedSlack({ type: 'url_verification', challenge: 'abc123', token: 'x' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ challenge: 'abc123' });
  });

  it('refuses bad signatures, stale timestamps and replays with 401, processing nothing', async () => {
    const body = JSON.stringify(mention('EvBad'));
    const before = slackApi.requests.length;
    const tampered = await postSlack(body, {
      'x-slack-request-timestamp': String(now()),
      'x-slack-signature': slackSignature(`${body} `, now()),
    });
    expect(tampered.status).toBe(401);
    const stale = now() - 600;
    expect(
      (
        await postSlack(body, {
          'x-slack-request-timestamp': String(stale),
          'x-slack-signature': slackSignature(body, stale),
        })
      ).status,
    ).toBe(401);
    expect((await postSlack(body, {})).status).toBe(401);
    const t = now();
    const headers = { 'x-slack-request-timestamp': String(t), 'x-slack-signature': slackSignature(body, t) };
    expect((await postSlack(body, headers)).status).toBe(200);
    expect((await postSlack(body, headers)).status).toBe(401);
    await requestsOf(slackApi, before + 1);
    await new Promise((r) => setTimeout(r, 100));
    // Only the one valid delivery was answered.
    expect(slackApi.requests.length).toBe(before + 1);
  });

  it('acknowledges an app_mention at once and answers in the thread with chat.postMessage; a retry is not answered again', async () => {
    const before = slackApi.requests.length;
    const first = await signedSlack(mention('Ev1'));
    expect(first.status).toBe(200);
    // Slack retries later, so with another timestamp and signature, and the same event_id.
    const retry = await signedSlack(
      mention('Ev1'),
      { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' },
      now() + 1,
    );
    expect(retry.status).toBe(200);
    const requests = await requestsOf(slackApi, before + 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(slackApi.requests.length).toBe(before + 1);
    const posted = requests[before];
    expect(posted?.path).toBe('/chat.postMessage');
    expect(posted?.headers.authorization).toBe('Bearer xoxb-test');
    expect(posted?.body).toMatchObject({
      channel: 'C1',
      thread_ts: '1700000000.000100',
      text: 'See the guide.',
    });
    // The model was asked the question without the mention, with absolute links and Slack's link style.
    const sent = anthropic.requests.at(-1)?.body as { system: string; messages: { content: string }[] };
    expect(sent.messages).toEqual([{ role: 'user', content: 'how do I install pets?' }]);
    expect(sent.system).toContain(`url="${baseUrl}/#h-install"`);
    expect(sent.system).toContain('<url|title>');
  });
});

describe('Discord', () => {
  it('verifies Ed25519 signatures: right, other key, stale, malformed', () => {
    const publicKey = discordPublicKey(rawPublicKey);
    if (!publicKey) throw new Error('bad key');
    const other = generateKeyPairSync('ed25519').privateKey;
    const t = String(now());
    const body = Buffer.from('{"type":1}');
    const sig = (key = keys.privateKey, ts = t) =>
      sign(null, Buffer.concat([Buffer.from(ts), body]), key).toString('hex');
    expect(verifyDiscordSignature({ publicKey, timestamp: t, signature: sig(), body })).toBe(true);
    expect(verifyDiscordSignature({ publicKey, timestamp: t, signature: sig(other), body })).toBe(false);
    const stale = String(now() - 301);
    expect(
      verifyDiscordSignature({ publicKey, timestamp: stale, signature: sig(keys.privateKey, stale), body }),
    ).toBe(false);
    expect(verifyDiscordSignature({ publicKey, timestamp: t, signature: 'zz', body })).toBe(false);
    expect(discordPublicKey('abc')).toBeUndefined();
  });

  it('answers PING with PONG', async () => {
    const response = await signedDiscord({ type: 1, id: '1', application_id: '42' }).send();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ type: 1 });
  });

  it('refuses a bad signature, a stale timestamp and a replay with 401', async () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    expect((await signedDiscord({ type: 1 }, now(), other).send()).status).toBe(401);
    expect((await signedDiscord({ type: 1 }, now() - 600).send()).status).toBe(401);
    const once = signedDiscord({ type: 1, id: 'replayed' });
    expect((await once.send()).status).toBe(200);
    expect((await once.send()).status).toBe(401);
    const unsigned = await fetch(`${baseUrl}/_sextant/ai/discord/interactions`, {
      method: 'POST',
      body: '{"type":1}',
    });
    expect(unsigned.status).toBe(401);
  });

  it('defers /ask, then edits the original response into the answer', async () => {
    const before = discordApi.requests.length;
    const response = await signedDiscord({
      type: 2,
      id: '9',
      application_id: '4242',
      token: 'interaction-token',
      guild_id: 'G1',
      member: { user: { id: 'U9' } },
      data: { name: 'ask', options: [{ name: 'question', type: 3, value: 'How do I install pets?' }] },
    }).send();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ type: 5 });
    const requests = await requestsOf(discordApi, before + 1);
    const followUp = requests[before];
    expect(followUp?.method).toBe('PATCH');
    expect(followUp?.path).toBe('/webhooks/4242/interaction-token/messages/@original');
    expect(followUp?.body).toMatchObject({ content: 'See the guide.' });
  });
});

describe('locations', () => {
  it('the site chat is off when docs is not a location', async () => {
    expect(await (await fetch(`${baseUrl}/_sextant/ai/status`)).json()).toEqual({
      enabled: false,
      configured: false,
    });
    const chat = await fetch(`${baseUrl}/_sextant/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(chat.status).toBe(404);
  });
});
