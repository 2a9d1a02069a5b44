/**
 * The hosted rule of login secrets: each organization's sites read one variable, named from its id;
 * the variable names its organization back (what `sextant check` tells an author).
 */
import { describe, expect, it } from 'vitest';
import { hostedLoginSecretProblem, loginSecretEnvOfOrg, orgOfLoginSecretEnv } from './login-rules.js';

describe('login secret variables', () => {
  it('name the organization they are for, and back', () => {
    for (const orgId of ['acme', 'acme-eu', 'a1-b2-c3', 'x'])
      expect(orgOfLoginSecretEnv(loginSecretEnvOfOrg(orgId))).toBe(orgId);
    expect(loginSecretEnvOfOrg('acme-eu')).toBe('SEXTANT_LOGIN_ACME_EU');
  });

  it("refuse a site another organization's variable, naming its own", () => {
    expect(hostedLoginSecretProblem('SEXTANT_LOGIN_ACME', 'acme')).toBeUndefined();
    expect(hostedLoginSecretProblem('SEXTANT_LOGIN_ACME_EU', 'acme')).toContain('SEXTANT_LOGIN_ACME only');
    // A dash and an underscore are one character of the name: acme-eu's is not acme's with a suffix.
    expect(hostedLoginSecretProblem('SEXTANT_LOGIN_ACME', 'acme-eu')).toContain('SEXTANT_LOGIN_ACME_EU only');
  });
});
