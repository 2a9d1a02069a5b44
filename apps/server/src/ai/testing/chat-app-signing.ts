/**
 * Requests as Slack and Discord sign them, for tests: Slack's v0 HMAC with a test signing secret,
 * Discord's Ed25519 with a key pair made here, an `app_mention` event, and the ai plugin's env
 * that accepts them.
 */
import { createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

export const TEST_SLACK_SECRET = 'slack-signing-secret';

/** `v0=…` for `body` sent at `timestamp` (seconds). */
export function slackSignature(body: string, timestamp: number, secret = TEST_SLACK_SECRET): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/** An Ed25519 key pair and the public key as the hex Discord shows (DISCORD_PUBLIC_KEY). */
export function discordTestKeys(): { privateKey: KeyObject; rawPublicKey: string } {
  const keys = generateKeyPairSync('ed25519');
  const der = keys.publicKey.export({ format: 'der', type: 'spki' }) as Buffer;
  return { privateKey: keys.privateKey, rawPublicKey: der.subarray(12).toString('hex') };
}

/** `X-Signature-Ed25519` for `body` sent at `timestamp` (seconds). */
export function discordSignature(body: string, timestamp: number, privateKey: KeyObject): string {
  return sign(null, Buffer.from(`${timestamp}${body}`), privateKey).toString('hex');
}

/** A Slack `app_mention` event callback. */
export const slackMention = (eventId: string, text = '<@U0BOT> how do I install pets?') => ({
  type: 'event_callback',
  event_id: eventId,
  team_id: 'T1',
  event: { type: 'app_mention', text, user: 'U1', channel: 'C1', ts: '1700000000.000100' },
});

/**
 * The ai plugin's env for Slack (signed with TEST_SLACK_SECRET) and Discord (`discordPublicKey`),
 * the model and both chat APIs answered by test servers at `urls`.
 * @example await app.register(aiPlugin, { env: chatAppEnv(urls, keys.rawPublicKey), maxRetries: 0 })
 */
export function chatAppEnv(
  urls: { anthropic: string; slackApi: string; discordApi: string },
  discordPublicKey: string,
): Record<string, string> {
  return {
    ANTHROPIC_API_KEY: 'sk-test',
    ANTHROPIC_BASE_URL: urls.anthropic,
    SLACK_SIGNING_SECRET: TEST_SLACK_SECRET,
    SLACK_BOT_TOKEN: 'xoxb-test',
    SLACK_API_URL: urls.slackApi,
    DISCORD_PUBLIC_KEY: discordPublicKey,
    DISCORD_API_URL: urls.discordApi,
  };
}
