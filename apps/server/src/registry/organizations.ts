/**
 * Organizations and members: platform operators create organizations (each with a first admin, a
 * new user, and its token); an organization's admins add members (a new user gets a first token,
 * an existing user an invitation they accept with their own token) and remove them (with every
 * token of theirs acting in the organization).
 */
import type { Handlers } from './context.js';
import { fail } from './errors.js';
import {
  acceptInvitation,
  addMember,
  createOrganization,
  invitationsOf,
  removeMember,
  requireAdmin,
  requireCaller,
  requireOperator,
  requireOrg,
} from './identity.js';

export const organizationHandlers: Handlers<
  | 'createOrganization'
  | 'addOrganizationMember'
  | 'removeOrganizationMember'
  | 'acceptOrganizationInvitation'
  | 'listOrganizationInvitations'
> = {
  async createOrganization(ctx, { body }, call) {
    requireOperator(call.caller, 'create organizations');
    return createOrganization(ctx.db, body.orgId, body.adminUserId);
  },
  async addOrganizationMember(ctx, { body }, call) {
    await requireOrg(ctx.db, body.orgId);
    const caller = await requireAdmin(ctx.db, call.caller, body.orgId);
    return addMember(ctx.db, body.userId, body.orgId, body.role ?? 'member', caller.userId);
  },
  async removeOrganizationMember(ctx, { body }, call) {
    await requireOrg(ctx.db, body.orgId);
    const caller = await requireAdmin(ctx.db, call.caller, body.orgId);
    if (body.userId === caller.userId)
      fail('BadRequestError', 'An admin cannot remove themselves; ask another admin of the organization');
    await removeMember(ctx.db, body.userId, body.orgId);
    return {};
  },
  async acceptOrganizationInvitation(ctx, { body }, call) {
    return acceptInvitation(ctx.db, requireCaller(call.caller), body.orgId);
  },
  async listOrganizationInvitations(ctx, _input, call) {
    return { invitations: await invitationsOf(ctx.db, requireCaller(call.caller)) };
  },
};
