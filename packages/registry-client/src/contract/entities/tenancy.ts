/**
 * Zod schemas of the tenancy calls: organizations (created by platform operators), their members
 * and roles (managed by the organization's admins), and domain claims proven by DNS.
 */
import { z } from 'zod';
import { idSchema } from './common.js';
import { generatorSchema } from './releases.js';

/** An organization id: lower-case letters, digits and dashes (it becomes part of preview host names). */
export const orgIdSchema = z
  .string()
  .min(1)
  .max(63)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, 'lower-case letters, digits and inner dashes');

/** A member's role in an organization: admins manage members and their tokens. */
export const orgRoleSchema = z.enum(['admin', 'member']);
export type OrgRole = z.infer<typeof orgRoleSchema>;

export const createOrganizationBodySchema = z.strictObject({
  orgId: orgIdSchema,
  /** The first admin's user id; default `<orgId>-admin`. */
  adminUserId: idSchema.optional(),
});
/** A user's new token in an organization: the secret is shown once, stored only as a hash. */
export const memberTokenSchema = z.strictObject({
  orgId: z.string(),
  userId: z.string(),
  role: orgRoleSchema,
  tokenId: z.string(),
  token: z.string(),
});

export const addOrgMemberBodySchema = z.strictObject({
  orgId: idSchema,
  /** Created (with a first token) when unknown; an existing user is invited and accepts with their own token. */
  userId: idSchema,
  role: orgRoleSchema.optional(),
});
/**
 * What members/add did: `created` a new user, whose first token (acting in this organization only)
 * is returned once; `updated` an existing member's role; `invited` an existing user, who joins with
 * organizations/invitations/accept. No credential of an existing user is ever returned.
 */
export const addedMemberSchema = z.discriminatedUnion('status', [
  memberTokenSchema.extend({ status: z.literal('created') }),
  z.strictObject({
    status: z.enum(['updated', 'invited']),
    orgId: z.string(),
    userId: z.string(),
    role: orgRoleSchema,
  }),
]);
export const acceptInvitationBodySchema = z.strictObject({ orgId: idSchema });
export const invitationsSchema = z.strictObject({
  invitations: z.array(
    z.strictObject({ orgId: z.string(), role: orgRoleSchema, invitedBy: z.string(), createdAt: z.string() }),
  ),
});
export const removeOrgMemberBodySchema = z.strictObject({ orgId: idSchema, userId: idSchema });

export const domainClaimBodySchema = z.strictObject({ orgId: idSchema, domain: z.string().min(1).max(300) });
export const domainClaimSchema = z.strictObject({
  orgId: z.string(),
  /** The host claimed (lower case, with port when one was given). */
  domain: z.string(),
  /** The DNS name to hold the TXT record: `_sextant-challenge.<host>` (port left out). */
  recordName: z.string(),
  /** The TXT record's value. */
  recordValue: z.string(),
  /** True once proven: the organization owns the host. */
  verified: z.boolean(),
});

/** A generator to create or replace; `orgId` names the owner of a new one (default: the caller's only organization). */
export const generatorInputSchema = generatorSchema.extend({ orgId: idSchema.optional() });
