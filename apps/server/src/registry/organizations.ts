/**
 * Organizations and members: platform operators create organizations (each with a first admin
 * and its token); an organization's admins add members (with a role and a first token) and
 * remove them.
 */
import type { Handlers } from './context.js';
import { fail } from './errors.js';
import { addMember, createOrganization, requireAdmin, requireOperator, requireOrg } from './identity.js';

export const organizationHandlers: Handlers<
  'createOrganization' | 'addOrganizationMember' | 'removeOrganizationMember'
> = {
  async createOrganization(ctx, { body }, call) {
    requireOperator(call.caller, 'create organizations');
    return createOrganization(ctx.db, body.orgId, body.adminUserId);
  },
  async addOrganizationMember(ctx, { body }, call) {
    await requireOrg(ctx.db, body.orgId);
    await requireAdmin(ctx.db, call.caller, body.orgId);
    return addMember(ctx.db, body.userId, body.orgId, body.role ?? 'member');
  },
  async removeOrganizationMember(ctx, { body }, call) {
    await requireOrg(ctx.db, body.orgId);
    const caller = await requireAdmin(ctx.db, call.caller, body.orgId);
    if (body.userId === caller.userId)
      fail('BadRequestError', 'An admin cannot remove themselves; ask another admin of the organization');
    await ctx.db
      .deleteFrom('memberships')
      .where('org_id', '=', body.orgId)
      .where('user_id', '=', body.userId)
      .execute();
    return {};
  },
};
