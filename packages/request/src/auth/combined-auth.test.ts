/**
 * Two schemes required together (issue #28 item 8): an API key and an app token both go out, in
 * the request Send builds and in every snippet language, with placeholders for the ones not entered.
 */
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../build/build-request.js';
import { blankFormState } from '../form-state/initial-state.js';
import { SNIPPET_TARGETS } from '../snippets/targets.js';
import { buildOptions, definition, listOrders, listPets } from '../testing/fixtures.js';
import { authRequirementsOf, requirementKey, selectAuths } from './apply-auth.js';
import type { AuthState } from './auth-state.js';
import { authWithPlaceholders } from './placeholder-auth.js';

const auths = definition.auths;
const key: AuthState = { header: { headers: { 'X-API-Key': 'k-1' } } };
const keyAndToken: AuthState = { ...key, bearer: { token: 'app-1' } };

describe('selectAuths', () => {
  it('applies every scheme of the first requirement that is complete', () => {
    const selected = selectAuths(listOrders, keyAndToken, auths);
    expect(selected.complete).toBe(true);
    expect(selected.applied.map((a) => a.schemeId)).toEqual(['apiKeyHeader', 'bearer']);
  });

  it('a requirement half filled is sent as it is and reported incomplete', () => {
    const selected = selectAuths(listOrders, key, auths);
    expect(selected).toMatchObject({ complete: false, applied: [{ schemeId: 'apiKeyHeader' }] });
  });

  it('skips an incomplete requirement for a later complete one', () => {
    const basic: AuthState = { ...key, basic: { username: 'ada', password: 'pw' } };
    expect(selectAuths(listOrders, basic, auths).applied.map((a) => a.schemeId)).toEqual(['basic']);
  });

  it('only the requirement the card selected, by its key', () => {
    const both: AuthState = { ...keyAndToken, queryParameter: { values: { api_key: 'q-1' } } };
    const selected = selectAuths(listOrders, both, auths, 'apiKey+bearer');
    expect(selected.applied.map((a) => a.schemeId)).toEqual(['apiKey', 'bearer']);
    expect(selectAuths(listOrders, both, auths, 'nope').applied).toEqual([]);
  });

  it('single schemes are requirements of their own', () => {
    expect(authRequirementsOf(listPets).map(requirementKey)).toEqual(['bearer', 'apiKey']);
    expect(authRequirementsOf(listOrders).map(requirementKey)).toEqual([
      'apiKeyHeader+bearer',
      'apiKey+bearer',
      'basic',
    ]);
  });
});

describe('both credentials on the wire and in every snippet', () => {
  const state = blankFormState({ queryParameters: { page: 2 } });

  it('Send carries the API key header and the bearer token', () => {
    const request = buildRequest(listOrders, state, keyAndToken, undefined, buildOptions);
    expect(request.headers['X-API-Key']).toBe('Token k-1');
    expect(request.headers.Authorization).toBe('Bearer app-1');
    const withQueryKey = buildRequest(
      listOrders,
      state,
      { queryParameter: { values: { api_key: 'q 1' } }, bearer: { token: 't' } },
      undefined,
      buildOptions,
    );
    expect(withQueryKey.url).toBe('https://api.example.com/v1/orders?page=2&api_key=q%201');
    expect(withQueryKey.headers.Authorization).toBe('Bearer t');
  });

  it.each(SNIPPET_TARGETS.map((t) => t.target))(
    '%s shows both, placeholders for what is not entered',
    (target) => {
      const render = (auth: AuthState | undefined, redactAuth = false) =>
        SNIPPET_TARGETS.find((t) => t.target === target)?.generate(
          buildRequest(
            listOrders,
            state,
            authWithPlaceholders(listOrders, auth, auths),
            undefined,
            buildOptions,
          ),
          { redactAuth },
        ) ?? '';
      const empty = render(undefined);
      expect(empty).toContain('Token <api-key>');
      expect(empty).toContain('Bearer <token>');
      const half = render(key);
      expect(half).toContain('Token k-1');
      expect(half).toContain('Bearer <token>');
      const redacted = render(keyAndToken, true);
      expect(redacted).toContain('Token <api-key>');
      expect(redacted).toContain('Bearer <token>');
      expect(redacted).not.toMatch(/k-1|app-1/);
    },
  );
});
