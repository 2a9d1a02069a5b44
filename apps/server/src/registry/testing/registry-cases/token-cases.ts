/**
 * The first case: the local organization, its admin token and the clients every later case uses;
 * tokens generated and revoked. Run in order by `registry-suite.ts`, sharing `s`.
 */
import { createRegistryClient } from '@sextant/registry-client';
import { expect, it } from 'vitest';
import { expectNamed } from '../expect-named.js';
import type { RegistrySuiteContext } from './suite-context.js';

export function tokenCases(s: RegistrySuiteContext): void {
  it('starts with a local organization and its admin token; tokens can be generated and revoked', async () => {
    const { server, track } = s;
    const { baseUrl, token, orgId } = server();
    expect(orgId).toBe('local');
    const admin = track(createRegistryClient({ baseUrl, token, baseDelayMs: 10 }));
    const anonymous = track(createRegistryClient({ baseUrl, baseDelayMs: 10 }));
    const created = await server().app.registry.createOrganization('acme');
    s.otherUserId = created.userId;
    const other = track(createRegistryClient({ baseUrl, token: created.token, baseDelayMs: 10 }));
    Object.assign(s, { admin, anonymous, other });

    const generated = await admin.generateToken({ body: { orgId: 'local', description: 'ci' } });
    expect(generated.token).toMatch(/^sxt_/);
    const ci = createRegistryClient({ baseUrl, token: generated.token });
    await ci.generateToken({ body: { orgId: 'local' } });
    await admin.revokeToken({ body: { tokenId: generated.tokenId } });
    await expectNamed(ci.generateToken({ body: { orgId: 'local' } }), 'UnauthorizedError');
    await expectNamed(anonymous.generateToken({ body: { orgId: 'local' } }), 'UnauthorizedError');
    await expectNamed(other.generateToken({ body: { orgId: 'local' } }), 'UserNotInOrgError');
    await expectNamed(admin.generateToken({ body: { orgId: 'nope' } }), 'OrgIdNotFound');
    // acme's admin cannot revoke local's admin token: no shared organization.
    const mine = await admin.generateToken({ body: { orgId: 'local' } });
    await expectNamed(other.revokeToken({ body: { tokenId: mine.tokenId } }), 'UserNotInOrgError');
  });
}
