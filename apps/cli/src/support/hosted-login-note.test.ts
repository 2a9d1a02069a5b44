import { describe, expect, it } from 'vitest';
import { hostedLoginNote } from './hosted-login-note.js';

const login = (hmacSecretEnv?: string) => ({
  login: {
    authorizationUrl: 'https://auth.acme.test/login',
    returnToQueryParam: 'state',
    credentialParam: 'id_token',
    apiKeyClaim: 'api_key',
    ...(hmacSecretEnv ? { hmacSecretEnv } : { jwksUrl: 'https://auth.acme.test/jwks.json' }),
  },
});

describe('hostedLoginNote', () => {
  it('says nothing without a login secret, or for the organization it is for', () => {
    expect(hostedLoginNote({}, 'acme')).toBeUndefined();
    expect(hostedLoginNote(login(), 'acme')).toBeUndefined();
    expect(hostedLoginNote(login('SEXTANT_LOGIN_ACME_EU'), 'acme-eu')).toBeUndefined();
  });

  it("names the organization's own variable when published as another", () => {
    expect(hostedLoginNote(login('SEXTANT_LOGIN_ACME_EU'), 'acme')).toMatch(
      /SEXTANT_LOGIN_ACME only .*a hosted registry refuses to publish it$/,
    );
  });

  it('says which organization the variable is for when none is given', () => {
    expect(hostedLoginNote(login('SEXTANT_LOGIN_ACME_EU'), undefined)).toContain(
      'only the sites of the organization "acme-eu" read it',
    );
  });
});
