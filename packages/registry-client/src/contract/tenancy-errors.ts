/**
 * Named errors of tenancy: roles (platform operator, organization admin), organizations and
 * proven domain claims. SPEC §8 has no organization or claim calls, so these stand beside its
 * catalogue like the upload errors; the client decodes them into typed errors all the same.
 */
import type { ErrorDescription } from './errors.js';

export const TENANCY_ERRORS = {
  OperatorRoleRequiredError: {
    status: 403,
    description:
      'Only a platform operator may do this (global state: organizations, CLI releases, every site); use an operator token.',
  },
  OrgAdminRoleRequiredError: {
    status: 403,
    description: "Only an admin of the organization may do this (members and other members' tokens).",
  },
  OrganizationExistsError: { status: 409, description: 'An organization with this id exists already.' },
  UserExistsError: {
    status: 409,
    description:
      "A user with this id exists already: an organization's first admin is a new user (invite existing users with members/add).",
  },
  InvitationNotFoundError: {
    status: 404,
    description: 'The calling user has no pending invitation to this organization.',
  },
  DomainNotClaimedError: {
    status: 403,
    description:
      'The host belongs to no organization yet: claim it (domain-claims/create, DNS TXT record, domain-claims/verify) or ask an operator to approve it.',
  },
  DomainClaimNotFoundError: {
    status: 404,
    description: 'The organization has no pending claim for this host (call domain-claims/create first).',
  },
  DomainClaimNotVerifiedError: {
    status: 422,
    description: 'The DNS TXT record _sextant-challenge.<host> does not hold the claim token (yet).',
  },
} as const satisfies Record<string, ErrorDescription>;

/** Name of a tenancy error. */
export type TenancyErrorName = keyof typeof TENANCY_ERRORS;
