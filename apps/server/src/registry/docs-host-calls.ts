/**
 * Calls that act on a host name rather than one docs site: the search preview whitelist and docs
 * cache invalidation. Operators act on any host, others only on their organizations' hosts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/index.js';
import type { Handlers } from './context.js';
import { fail } from './errors.js';
import { hostOwner } from './host-ownership.js';
import { type Caller, orgsOf, requireCaller, requireMember } from './identity.js';
import { requireDomain, requireUrl } from './urls.js';

/**
 * Fails unless the caller may act on `host`: operators on any host, others only on hosts of
 * their organizations (DomainNotRegisteredError when nobody owns it).
 */
async function requireHostAccess(
  db: Kysely<Database>,
  caller: Caller | undefined,
  host: string,
): Promise<void> {
  const who = requireCaller(caller);
  if (who.isOperator) return;
  const owner = await hostOwner(db, host);
  if (!owner) fail('DomainNotRegisteredError', `No docs site is registered at "${host}"`);
  await requireMember(db, who, owner);
}

export const docsHostHandlers: Handlers<
  | 'addSearchPreviewWhitelist'
  | 'removeSearchPreviewWhitelist'
  | 'listSearchPreviewWhitelist'
  | 'invalidateDocsCache'
> = {
  async addSearchPreviewWhitelist(ctx, { body }, call) {
    const { domain } = requireDomain(body.domain);
    await requireHostAccess(ctx.db, call.caller, domain);
    await ctx.db
      .insertInto('search_preview_whitelist')
      .values({ domain })
      .onConflict((oc) => oc.column('domain').doNothing())
      .execute();
    return {};
  },
  async removeSearchPreviewWhitelist(ctx, { body }, call) {
    const { domain } = requireDomain(body.domain);
    await requireHostAccess(ctx.db, call.caller, domain);
    await ctx.db.deleteFrom('search_preview_whitelist').where('domain', '=', domain).execute();
    return {};
  },
  async listSearchPreviewWhitelist(ctx) {
    const rows = await ctx.db
      .selectFrom('search_preview_whitelist')
      .select('domain')
      .orderBy('domain')
      .execute();
    return { domains: rows.map((row) => row.domain) };
  },
  async invalidateDocsCache(ctx, { body }, call) {
    const caller = requireCaller(call.caller);
    if (body.url === undefined) {
      if (caller.isOperator) {
        await ctx.docsCache.invalidate('all');
        return {};
      }
      const orgs = await orgsOf(ctx.db, caller);
      const rows =
        orgs.length === 0
          ? []
          : await ctx.db.selectFrom('docs_urls').select('url').where('org_id', 'in', orgs).execute();
      if (rows.length > 0) await ctx.docsCache.invalidate(rows.map((entry) => entry.url));
      return {};
    }
    const address = requireUrl(body.url);
    await requireHostAccess(ctx.db, caller, address.domain);
    const url = (await ctx.docsCache.resolve(address)) ?? address.url;
    await ctx.docsCache.invalidate([url]);
    return {};
  },
};
