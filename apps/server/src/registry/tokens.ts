/**
 * Tokens: generate one for the calling user (a member of the organization named), revoke one
 * of the caller's or of a member of one of the caller's organizations.
 */
import type { Handlers } from './context.js';
import { fail } from './errors.js';
import { createToken, orgsOf, requireCaller, requireMember, requireOrg } from './identity.js';

export const tokenHandlers: Handlers<'generateToken' | 'revokeToken'> = {
  async generateToken(ctx, { body }, call) {
    await requireOrg(ctx.db, body.orgId);
    const caller = await requireMember(ctx.db, call.caller, body.orgId);
    return createToken(ctx.db, caller.userId, body.description);
  },
  async revokeToken(ctx, { body }, call) {
    const caller = requireCaller(call.caller);
    const token = await ctx.db
      .selectFrom('tokens')
      .select(['id', 'user_id'])
      .where('id', '=', body.tokenId)
      .executeTakeFirst();
    if (token && token.user_id !== caller.userId) {
      const mine = new Set(await orgsOf(ctx.db, caller.userId));
      const theirs = await orgsOf(ctx.db, token.user_id);
      if (!theirs.some((org) => mine.has(org))) {
        fail('UserNotInOrgError', "The token belongs to a user outside the caller's organizations");
      }
    }
    // Revoking an unknown token is not an error: the outcome (it cannot be used) already holds.
    await ctx.db
      .updateTable('tokens')
      .set({ revoked_at: new Date() })
      .where('id', '=', body.tokenId)
      .where('revoked_at', 'is', null)
      .execute();
    return {};
  },
};
