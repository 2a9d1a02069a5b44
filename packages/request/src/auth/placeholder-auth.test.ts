import { describe, expect, it } from 'vitest';
import { buildRequest } from '../build/build-request.js';
import { initialFormState } from '../form-state/initial-state.js';
import { renderSnippet } from '../snippets/targets.js';
import {
  buildOptions,
  createPet,
  definition,
  deletePet,
  getPet,
  listPets,
  tokenEndpoint,
} from '../testing/fixtures.js';
import type { AuthState } from './auth-state.js';
import { authWithPlaceholders } from './placeholder-auth.js';

type Fixture = typeof listPets;

function snippet(endpoint: Fixture, language: string, auth?: AuthState, redactAuth = false): string {
  const request = buildRequest(
    endpoint,
    initialFormState(endpoint),
    authWithPlaceholders(endpoint, auth, definition.auths),
    undefined,
    buildOptions,
  );
  return renderSnippet(language, request, { redactAuth });
}

describe('credentials as placeholders in snippets', () => {
  it('shows the bearer placeholder where the token goes, in every language', () => {
    expect(snippet(listPets, 'curl')).toContain("-H 'Authorization: Bearer <token>'");
    expect(snippet(listPets, 'typescript')).toContain('"Authorization": "Bearer <token>"');
    expect(snippet(listPets, 'python')).toContain('"Authorization": "Bearer <token>"');
  });

  it('puts basic auth in curl -u when basic is the first scheme (SPEC §5), a header placeholder elsewhere', () => {
    const curl = snippet(createPet, 'curl');
    expect(curl).toContain("-u '<username>:<password>'");
    expect(curl).not.toContain('Authorization');
    expect(snippet(createPet, 'python')).toContain('"Authorization": "Basic <credentials>"');
  });

  it('shows the API key header with its prefix, and an API key query parameter', () => {
    expect(snippet(getPet, 'curl')).toContain("-H 'X-API-Key: Token <api-key>'");
    const endpoint = { ...listPets, auth: ['apiKey'] };
    expect(snippet(endpoint, 'curl')).toContain('api_key=<api-key>');
  });

  it('keeps what the visitor entered (redacted on request) instead of a placeholder', () => {
    const auth: AuthState = { bearer: { token: 'sk_live_1' } };
    expect(snippet(listPets, 'curl', auth)).toContain('Bearer sk_live_1');
    expect(snippet(listPets, 'curl', auth, true)).toContain('Bearer <token>');
    expect(snippet(listPets, 'curl', auth, true)).not.toContain('sk_live_1');
    // A second accepted scheme the visitor filled is used as it is, nothing added.
    expect(snippet(listPets, 'curl', { queryParameter: { values: { api_key: 'k1' } } })).not.toContain(
      '<token>',
    );
  });

  it('completes a half-entered basic credential with the missing placeholder', () => {
    expect(
      authWithPlaceholders(createPet, { basic: { username: 'ada', password: ' ' } }, definition.auths),
    ).toEqual({
      basic: { username: 'ada', password: '<password>' },
    });
  });

  it('skips an OAuth scheme on its own token endpoint, and shows the next scheme', () => {
    expect(authWithPlaceholders(tokenEndpoint, undefined, definition.auths)).toBeUndefined();
    expect(snippet(deletePet, 'curl')).toContain('Authorization: Bearer <token>');
    expect(
      authWithPlaceholders({ id: 'getToken', auth: ['oauth', 'apiKeyHeader'] }, undefined, definition.auths),
    ).toEqual({
      header: { headers: { 'X-API-Key': '<api-key>' } },
    });
  });

  it('adds nothing to an endpoint without auth', () => {
    expect(authWithPlaceholders({ id: 'x', auth: [] }, undefined, definition.auths)).toBeUndefined();
  });
});
