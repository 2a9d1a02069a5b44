/** Registry routes: tokens, organizations, members, invitations and domain claims. */
import * as s from '../entities/index.js';
import * as t from '../entities/tenancy.js';
import { member, type RouteSpec, route } from './route-spec.js';

export const tenancyRoutes = {
  generateToken: route({
    method: 'POST',
    path: '/tokens/generate',
    summary:
      "Create a token for the calling user in the organization the caller's token acts in; the secret is returned once.",
    auth: 'token',
    body: s.generateTokenBodySchema,
    response: s.generateTokenResponseSchema,
    errors: [...member, 'OrgIdNotFound'],
  }),
  revokeToken: route({
    method: 'POST',
    path: '/tokens/revoke',
    summary: "Revoke a token of the caller's user, or (admins) a token acting in the caller's organization.",
    auth: 'token',
    body: s.revokeTokenBodySchema,
    response: s.emptySchema,
    errors: [...member, 'OrgAdminRoleRequiredError'],
  }),
  createOrganization: route({
    method: 'POST',
    path: '/organizations/create',
    summary:
      'Create an organization with its first admin, a new user; returns the admin token once (platform operators).',
    auth: 'token',
    body: t.createOrganizationBodySchema,
    response: t.memberTokenSchema,
    errors: ['UnauthorizedError', 'OperatorRoleRequiredError', 'OrganizationExistsError', 'UserExistsError'],
  }),
  addOrganizationMember: route({
    method: 'POST',
    path: '/organizations/members/add',
    summary:
      'Add a member (admins): a new user is created and their first token returned once; an existing user is invited.',
    auth: 'token',
    body: t.addOrgMemberBodySchema,
    response: t.addedMemberSchema,
    errors: [...member, 'OrgIdNotFound', 'OrgAdminRoleRequiredError'],
  }),
  acceptOrganizationInvitation: route({
    method: 'POST',
    path: '/organizations/invitations/accept',
    summary:
      "Accept the caller's invitation to an organization (with any token of the caller's own); returns the first token acting in it, once.",
    auth: 'token',
    body: t.acceptInvitationBodySchema,
    response: t.memberTokenSchema,
    errors: ['UnauthorizedError', 'InvitationNotFoundError'],
  }),
  listOrganizationInvitations: route({
    method: 'POST',
    path: '/organizations/invitations/list',
    summary: "The caller's pending invitations to organizations.",
    auth: 'token',
    body: s.emptySchema,
    response: t.invitationsSchema,
    errors: ['UnauthorizedError'],
  }),
  removeOrganizationMember: route({
    method: 'POST',
    path: '/organizations/members/remove',
    summary: 'Remove a member from an organization (admins).',
    auth: 'token',
    body: t.removeOrgMemberBodySchema,
    response: s.emptySchema,
    errors: [...member, 'OrgIdNotFound', 'OrgAdminRoleRequiredError'],
  }),
  createDomainClaim: route({
    method: 'POST',
    path: '/v2/registry/docs/domain-claims/create',
    summary:
      'Start (or repeat) a claim of a host: returns the DNS TXT record (_sextant-challenge.<host>) that proves it.',
    auth: 'token',
    body: t.domainClaimBodySchema,
    response: t.domainClaimSchema,
    errors: [...member, 'OrgIdNotFound', 'InvalidDomainError', 'DomainBelongsToAnotherOrgError'],
  }),
  verifyDomainClaim: route({
    method: 'POST',
    path: '/v2/registry/docs/domain-claims/verify',
    summary:
      "Check the claim's DNS TXT record; on success the organization owns the host and every path under it.",
    auth: 'token',
    body: t.domainClaimBodySchema,
    response: t.domainClaimSchema,
    errors: [
      ...member,
      'OrgIdNotFound',
      'InvalidDomainError',
      'DomainBelongsToAnotherOrgError',
      'DomainClaimNotFoundError',
      'DomainClaimNotVerifiedError',
    ],
  }),
} as const satisfies Record<string, RouteSpec>;
