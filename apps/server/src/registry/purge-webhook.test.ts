import { describe, expect, it } from 'vitest';
import { purgeKeys } from '../docs-host/cache-policy.js';
import { createPurgeWebhook, purgeRequest } from './purge-webhook.js';

function recorder() {
  const warnings: { details: object; message: string }[] = [];
  return {
    warnings,
    log: { warn: (details: object, message: string) => warnings.push({ details, message }) },
  };
}

describe('purge webhook', () => {
  it('POSTs the changed URLs and the surrogate keys their responses carry', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const { log, warnings } = recorder();
    const purge = createPurgeWebhook({
      url: 'https://purge.test/hook?token=secret',
      log,
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return new Response('ok');
      },
    });
    await purge(['docs.acme.test/api', 'docs.acme.test']);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.method).toBe('POST');
    const body = JSON.parse(String(calls[0]?.init.body));
    expect(body.urls).toEqual(['docs.acme.test/api', 'docs.acme.test']);
    // The host's key once, each site's key.
    expect(body.keys).toEqual([
      ...new Set([...purgeKeys('docs.acme.test/api'), ...purgeKeys('docs.acme.test')]),
    ]);
    expect(body.keys).toHaveLength(3);
    expect(warnings).toEqual([]);
  });

  it('purges everything by the key every response carries', () => {
    expect(purgeRequest('all')).toEqual({ urls: 'all', keys: ['sextant'] });
  });

  it('logs a refusal or a failure (origin only) and never throws', async () => {
    const { log, warnings } = recorder();
    const refused = createPurgeWebhook({
      url: 'https://purge.test/hook',
      log,
      fetch: async () => new Response('', { status: 500 }),
    });
    await expect(refused(['a.test'])).resolves.toBeUndefined();
    const down = createPurgeWebhook({
      url: 'https://purge.test/hook?token=secret',
      log,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down(['a.test'])).resolves.toBeUndefined();
    expect(warnings.map((w) => w.message)).toEqual([
      'purge webhook: the CDN purge was refused',
      'purge webhook: the CDN purge did not answer',
    ]);
    expect(JSON.stringify(warnings)).not.toContain('secret');
  });

  it('refuses a target that is not an http(s) URL at creation', () => {
    const { log } = recorder();
    expect(() => createPurgeWebhook({ url: 'ftp://purge.test', log })).toThrow(/http\(s\)/);
    expect(() => createPurgeWebhook({ url: 'not a url', log })).toThrow();
  });
});
