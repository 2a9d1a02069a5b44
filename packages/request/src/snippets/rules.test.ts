/** SPEC §5 snippet rules, one test each, across the targets table. */
import { describe, expect, it } from 'vitest';
import { emptyOAuthState } from '../auth/auth-state.js';
import { buildRequest } from '../build/build-request.js';
import { UnsupportedLanguageError } from '../errors.js';
import { buildOptions, createPet, listPets, tokenEndpoint } from '../testing/fixtures.js';
import { sample } from '../testing/requests.js';
import { findSnippetTarget, PRESELECTED_LANGUAGES, renderSnippet, SNIPPET_TARGETS } from './targets.js';

const jsonState = {
  type: 'endpoint' as const,
  pathParameters: {},
  queryParameters: {},
  headers: {},
  body: { type: 'json' as const, value: {} },
};

describe('SPEC §5 snippet rules', () => {
  it('preselects curl, typescript and python, and the table offers exactly these', () => {
    expect(PRESELECTED_LANGUAGES).toEqual(['curl', 'typescript', 'python']);
    expect(SNIPPET_TARGETS.map((t) => [t.target, t.client, t.title])).toEqual([
      ['curl', 'curl', 'cURL'],
      ['typescript', 'fetch', 'TypeScript'],
      ['python', 'requests', 'Python'],
    ]);
  });
  it('javascript, js, node and ts reach the fetch target; others are unsupported', () => {
    for (const key of ['javascript', 'js', 'node', 'ts', 'TypeScript'])
      expect(findSnippetTarget(key)?.client).toBe('fetch');
    expect(() => renderSnippet('cobol', sample.get())).toThrow(new UnsupportedLanguageError('cobol'));
    expect(() => renderSnippet('cobol', sample.get())).toThrow('Unsupported language');
  });
  it('an empty path parameter shows as :name in every target', () => {
    for (const target of SNIPPET_TARGETS)
      expect(target.generate(sample.emptyPath())).toContain('/pets/:petId');
  });
  it('curl applies basic auth (-u) only when basic is the first scheme', () => {
    const auth = { basic: { username: 'ada', password: 'pw' } };
    const first = buildRequest(createPet, jsonState, auth, undefined, buildOptions);
    const second = buildRequest(
      { ...createPet, auth: ['bearer', 'basic'] },
      jsonState,
      auth,
      undefined,
      buildOptions,
    );
    expect(renderSnippet('curl', first)).toContain("-u 'ada:pw'");
    expect(renderSnippet('curl', first)).not.toContain('Authorization');
    expect(renderSnippet('curl', second)).not.toContain('-u ');
    expect(renderSnippet('curl', second)).toContain("-H 'Authorization: Basic YWRhOnB3'");
  });
  it('an OAuth client-credentials scheme is not applied to the token endpoint it refers to', () => {
    const oauth = { ...emptyOAuthState(), accessToken: 'tok' };
    const state = { ...jsonState, body: undefined };
    const own = buildRequest(tokenEndpoint, state, { oauth }, undefined, buildOptions);
    const other = buildRequest({ ...listPets, auth: ['oauth'] }, state, { oauth }, undefined, buildOptions);
    for (const target of SNIPPET_TARGETS) {
      expect(target.generate(own)).not.toContain('Bearer tok');
      expect(target.generate(other)).toContain('Bearer tok');
    }
  });
  it('auth values can be redacted in every target, for every scheme', () => {
    const cases = [
      [sample.get({ bearer: { token: 'secret-1' } }), 'Bearer <token>'],
      [sample.json({ basic: { username: 'ada', password: 'secret-1' } }), 'secret-1'],
      [sample.headerKey(), 'Token <api-key>'],
      [
        buildRequest(
          listPets,
          { ...jsonState, queryParameters: { q: 'a' } },
          { queryParameter: { values: { api_key: 'secret-1' } } },
          undefined,
          buildOptions,
        ),
        'api_key=<api-key>',
      ],
    ] as const;
    for (const target of SNIPPET_TARGETS) {
      for (const [request, shown] of cases) {
        const text = target.generate(request, { redactAuth: true });
        expect(text).not.toContain('secret-1');
        expect(text).not.toContain('k1');
        if (shown !== 'secret-1') expect(text).toContain(shown);
      }
    }
    expect(
      renderSnippet('curl', sample.json({ basic: { username: 'ada', password: 'secret-1' } }), {
        redactAuth: true,
      }),
    ).toContain("-u 'ada:<password>'");
  });
  it('multipart drops Content-Type in the JavaScript snippet but buildRequest keeps it', () => {
    const request = sample.multipart();
    expect(request.headers['Content-Type']).toBe('multipart/form-data');
    expect(renderSnippet('js', request)).not.toContain('Content-Type');
  });
  it('indents with 2 spaces in every target', () => {
    for (const target of SNIPPET_TARGETS) {
      for (const line of target.generate(sample.json()).split('\n')) {
        const indent = /^ */.exec(line)?.[0].length ?? 0;
        expect(indent % 2, `${target.target}: ${line}`).toBe(0);
      }
    }
  });
});
