/**
 * Rate-limit keys of docs-site endpoints (Ask AI, analytics): one client on one site. The site is
 * the docs URL the registry serves it under (`docs.acme.com/docs`, the same for every spelling of
 * its Host), or the local project; the client is `request.ip`, which follows `--trust-proxy`, so
 * behind a load balancer each reader has their own bucket and readers of another site never
 * spend this one's.
 */
import type { SiteRequestContext } from '../docs-host/index.js';

/** The site part of a key: its stored docs URL in hosted mode, the base path of the local project. */
export async function siteKey(
  context: Pick<SiteRequestContext, 'mode' | 'basePath' | 'owner'>,
): Promise<string> {
  if (context.mode === 'local') return `local:${context.basePath}`;
  const owner = await context.owner().catch(() => undefined);
  return owner ? `site:${owner.docsUrl}` : `base:${context.basePath}`;
}

/**
 * The key of `client` (an address, or a chat app's team and user) on the request's site.
 * @example await siteClientKey(context, request.ip) // 'site:docs.acme.com/docs|203.0.113.7'
 */
export async function siteClientKey(
  context: Pick<SiteRequestContext, 'mode' | 'basePath' | 'owner'>,
  client: string,
): Promise<string> {
  return `${await siteKey(context)}|${client}`;
}
