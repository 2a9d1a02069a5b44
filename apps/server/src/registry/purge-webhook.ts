/**
 * The purge webhook: when a write changes what a docs URL serves (publish, preview, delete, a
 * domain moved), the registry replica that made the write POSTs the changed URLs and their
 * surrogate keys to `SEXTANT_PURGE_WEBHOOK`, so the operator's CDN drops those pages at once
 * instead of after `s-maxage`. Only the writing replica calls it (others hear the change by
 * NOTIFY and do not), once per write. The call never delays or fails the write: it runs after,
 * with a timeout, and a failure is logged.
 *
 * Body: `{"urls": ["docs.acme.com/api"], "keys": ["sx-host-…", "sx-site-…"]}`; a change to every
 * site sends `{"urls": "all", "keys": ["sextant"]}` (the key every docs response carries).
 */
import { purgeKeys } from '../docs-host/index.js';
import type { InvalidatedUrls } from './docs-cache.js';

export interface PurgeWebhookOptions {
  /** An http(s) URL. */
  url: string;
  log: { warn(details: object, message: string): void };
  /** The network (tests). */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** What the webhook receives. */
export interface PurgeRequest {
  urls: string[] | 'all';
  keys: string[];
}

/** The body of the purge for `urls`. */
export function purgeRequest(urls: InvalidatedUrls): PurgeRequest {
  if (urls === 'all') return { urls: 'all', keys: ['sextant'] };
  return { urls, keys: [...new Set(urls.flatMap(purgeKeys))] };
}

/**
 * Returns the function the docs cache calls after a local write (it resolves when the call is
 * done or has failed, never rejects). Throws at once when `url` is not an http(s) URL.
 * @example const purge = createPurgeWebhook({ url: 'https://purge.internal/sextant', log: app.log }); void purge(['docs.acme.com']);
 */
export function createPurgeWebhook(options: PurgeWebhookOptions): (urls: InvalidatedUrls) => Promise<void> {
  const target = new URL(options.url);
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw new TypeError('SEXTANT_PURGE_WEBHOOK must be an http(s) URL');
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  return async function purge(urls) {
    if (urls !== 'all' && urls.length === 0) return;
    try {
      const response = await send(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(purgeRequest(urls)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok)
        options.log.warn({ status: response.status }, 'purge webhook: the CDN purge was refused');
    } catch (error) {
      // The origin of the webhook only: its path or query may hold a credential.
      options.log.warn(
        { reason: (error as { name?: string }).name, target: target.origin },
        'purge webhook: the CDN purge did not answer',
      );
    }
  };
}
