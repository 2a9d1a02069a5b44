/**
 * Tokens: generate one for the calling user in the organization the caller's token acts in;
 * revoke one of the caller's user, or (admins of an organization) one acting in it, or
 * (operators) any. A token acting in another organization is out of an admin's reach, even when
 * its user also belongs to the admin's organization.
 */
import type { Handlers } from './context.js';
import { fail } from './errors.js';
import { createToken, requireCaller, requireMember, requireOrg, roleIn } from './identity.js';

export const tokenHandlers: Handlers<'generateToken' | 'revokeToken'> = {
  async generateToken(ctx, { body }, call) {
    await requireOrg(ctx.db, body.orgId);
    const caller = await requireMember(ctx.db, call.caller, body.orgId);
    return createToken(ctx.db, caller.userId, { orgId: body.orgId }, body.description);
  },
  async revokeToken(ctx, { body }, call) {
    const caller = requireCaller(call.caller);
    const token = await ctx.db
      .selectFrom('tokens')
      .select(['id', 'user_id', 'org_id'])
      .where('id', '=', body.tokenId)
      .executeTakeFirst();
    if (token && token.user_id !== caller.userId && !caller.isOperator) {
      if (token.org_id === null || token.org_id !== caller.orgId)
        fail('UserNotInOrgError', "The token acts outside the caller's organization");
      const { role } = await roleIn(ctx.db, caller, token.org_id);
      if (role !== 'admin')
        fail('OrgAdminRoleRequiredError', "Only an admin of the organization may revoke its members' tokens");
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
