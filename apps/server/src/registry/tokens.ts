/**
 * Tokens: generate one for the calling user (a member of the organization named), revoke one
 * of the caller's, or (admins, operators) of a member of one of the caller's organizations.
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
    if (token && token.user_id !== caller.userId && !caller.isOperator) {
      const theirs = new Set(await orgsOf(ctx.db, token.user_id));
      const roles = await ctx.db
        .selectFrom('memberships')
        .select(['org_id', 'role'])
        .where('user_id', '=', caller.userId)
        .execute();
      const common = roles.filter((row) => theirs.has(row.org_id));
      if (common.length === 0)
        fail('UserNotInOrgError', "The token belongs to a user outside the caller's organizations");
      if (!common.some((row) => row.role === 'admin'))
        fail(
          'OrgAdminRoleRequiredError',
          "Only an admin of the token user's organization may revoke their tokens",
        );
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
