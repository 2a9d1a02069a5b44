/**
 * Organizations, members and their tokens, and domain claims proven by DNS. Run in order by
 * `registry-suite.ts`, sharing `s`.
 */
import { createRegistryClient } from '@sextant/registry-client';
import { expect, it } from 'vitest';
import { expectNamed } from '../expect-named.js';
import { createdMember } from '../servers.js';
import type { RegistrySuiteContext } from './suite-context.js';

export function organizationCases(s: RegistrySuiteContext): void {
  it('creates organizations (operators), manages members and tokens (admins) and proves domain claims', async () => {
    const { server, dns, admin, other, track } = s;
    const { baseUrl } = server();
    const created = await admin.createOrganization({ body: { orgId: 'beta' } });
    expect(created).toMatchObject({ orgId: 'beta', userId: 'beta-admin', role: 'admin' });
    await expectNamed(admin.createOrganization({ body: { orgId: 'beta' } }), 'OrganizationExistsError');
    await expectNamed(other.createOrganization({ body: { orgId: 'gamma' } }), 'OperatorRoleRequiredError');
    const beta = track(createRegistryClient({ baseUrl, token: created.token, baseDelayMs: 10 }));
    const member = createdMember(
      await beta.addOrganizationMember({ body: { orgId: 'beta', userId: 'bea' } }),
    );
    expect(member).toMatchObject({ orgId: 'beta', userId: 'bea', role: 'member' });
    const bea = createRegistryClient({ baseUrl, token: member.token, baseDelayMs: 10 });
    const beaSecond = createRegistryClient({
      baseUrl,
      token: (await bea.generateToken({ body: { orgId: 'beta' } })).token,
      maxRetries: 0,
    });
    await expectNamed(
      bea.addOrganizationMember({ body: { orgId: 'beta', userId: 'mallory', role: 'admin' } }),
      'OrgAdminRoleRequiredError',
    );
    await expectNamed(bea.revokeToken({ body: { tokenId: created.tokenId } }), 'OrgAdminRoleRequiredError');
    await expectNamed(
      other.removeOrganizationMember({ body: { orgId: 'beta', userId: 'bea' } }),
      'UserNotInOrgError',
    );
    await beta.revokeToken({ body: { tokenId: member.tokenId } });
    await expectNamed(bea.generateToken({ body: { orgId: 'beta' } }), 'UnauthorizedError');
    // An existing member is not handed a new token: their role is set.
    expect(await beta.addOrganizationMember({ body: { orgId: 'beta', userId: 'bea' } })).toEqual({
      status: 'updated',
      orgId: 'beta',
      userId: 'bea',
      role: 'member',
    });
    await beaSecond.generateToken({ body: { orgId: 'beta' } });
    // Removing a member revokes every token of theirs acting in the organization.
    await beta.removeOrganizationMember({ body: { orgId: 'beta', userId: 'bea' } });
    await expectNamed(beaSecond.generateToken({ body: { orgId: 'beta' } }), 'UnauthorizedError');
    // Back as an existing user: invited, no credential returned.
    expect(await beta.addOrganizationMember({ body: { orgId: 'beta', userId: 'bea' } })).toEqual({
      status: 'invited',
      orgId: 'beta',
      userId: 'bea',
      role: 'member',
    });

    const domain = 'claimed.acme-corp.test';
    const claim = await other.createDomainClaim({ body: { orgId: 'acme', domain } });
    expect(claim).toMatchObject({ domain, recordName: `_sextant-challenge.${domain}`, verified: false });
    expect((await other.createDomainClaim({ body: { orgId: 'acme', domain } })).recordValue).toBe(
      claim.recordValue,
    );
    await expectNamed(
      other.verifyDomainClaim({ body: { orgId: 'acme', domain } }),
      'DomainClaimNotVerifiedError',
    );
    dns.set(claim.recordName, ['v=spf1 -all', claim.recordValue]);
    expect(await other.verifyDomainClaim({ body: { orgId: 'acme', domain } })).toMatchObject({
      verified: true,
    });
    await expectNamed(
      admin.createDomainClaim({ body: { orgId: 'local', domain } }),
      'DomainBelongsToAnotherOrgError',
    );
    await expectNamed(
      other.verifyDomainClaim({ body: { orgId: 'acme', domain: 'never-claimed.test' } }),
      'DomainClaimNotFoundError',
    );
    await expectNamed(
      other.createDomainClaim({ body: { orgId: 'acme', domain: `${domain}/guides` } }),
      'InvalidDomainError',
    );
  });
}
