/**
 * docs.yml `login`: defaults, located errors for every unsafe or incomplete setting, and the
 * registry's check of stored docs definitions refusing the same things.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { docsDefinitionSchema, issueLine, schemaIssues } from '@sextant/definition';

const docsDefinitionProblems = (value: unknown) => schemaIssues(docsDefinitionSchema, value).map(issueLine);

import { DocsProjectError, loadDocsProject } from '@sextant/docs-project';
import { describe, expect, it } from 'vitest';

const NAV = 'navigation:\n  - link: A\n    href: /a\n';

async function load(login: string) {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-login-yml-'));
  await writeFile(join(dir, 'docs.yml'), `title: X\nlogin:\n${login}${NAV}`);
  return loadDocsProject(dir);
}
async function loadError(login: string): Promise<DocsProjectError> {
  const error = await load(login).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DocsProjectError);
  return error as DocsProjectError;
}

const JWKS =
  '  authorizationUrl: https://auth.acme.com/authorize?client_id=docs&response_type=id_token&scope=openid\n  apiKeyClaim: api_key\n  jwksUrl: https://auth.acme.com/jwks\n  issuer: https://auth.acme.com\n  audience: docs\n';

describe('docs.yml login', () => {
  it('reads a JWKS login with its defaults, which the registry accepts', async () => {
    const loaded = await load(JWKS);
    expect(loaded.definition.config.login).toEqual({
      authorizationUrl: 'https://auth.acme.com/authorize?client_id=docs&response_type=id_token&scope=openid',
      returnToQueryParam: 'state',
      credentialParam: 'id_token',
      apiKeyClaim: 'api_key',
      jwksUrl: 'https://auth.acme.com/jwks',
      issuer: 'https://auth.acme.com',
      audience: 'docs',
    });
    expect(docsDefinitionProblems(loaded.definition)).toEqual([]);
  });

  it('names each unsafe or incomplete setting, with its line', async () => {
    const cases: [string, string, RegExp][] = [
      [
        JWKS.replace('https://auth.acme.com/authorize', 'http://auth.acme.com/authorize'),
        '/login/authorizationUrl',
        /https URL/,
      ],
      [
        JWKS.replace('jwksUrl: https://auth.acme.com/jwks', 'jwksUrl: javascript:alert(1)'),
        '/login/jwksUrl',
        /https URL/,
      ],
      [JWKS.replace('  audience: docs\n', ''), '/login/audience', /with jwksUrl, give the audience/],
      [`${JWKS}  hmacSecretEnv: SEXTANT_LOGIN_ACME\n`, '/login', /exactly one of jwksUrl and hmacSecretEnv/],
      [
        '  authorizationUrl: https://login.acme.com/\n  apiKeyClaim: api_key\n  hmacSecretEnv: DATABASE_URL\n',
        '/login/hmacSecretEnv',
        /starts with SEXTANT_LOGIN_ \(never the secret itself\)/,
      ],
      [`${JWKS}  returnToQueryParam: "a b"\n`, '/login/returnToQueryParam', /query parameter name/],
      [`${JWKS}  secret: hunter2\n`, '/login', /secret/],
    ];
    for (const [login, pointer, reason] of cases) {
      const error = await loadError(login);
      expect([error.pointer, error.reason]).toEqual([pointer, expect.stringMatching(reason)]);
      expect(error.line).toBeGreaterThan(1);
    }
  });

  it('is refused by the registry when a stored definition holds what docs.yml would refuse', async () => {
    const loaded = await load(JWKS);
    const login = loaded.definition.config.login;
    const stored = (change: object) =>
      docsDefinitionProblems({
        ...loaded.definition,
        config: { ...loaded.definition.config, login: { ...login, ...change } },
      });
    expect(stored({ jwksUrl: 'http://169.254.169.254/keys' })).toEqual([
      'config.login.jwksUrl: "http://169.254.169.254/keys" must be an https URL (http only on localhost)',
    ]);
    expect(stored({ hmacSecretEnv: 'AWS_SECRET_ACCESS_KEY' })).toEqual([
      'config.login.hmacSecretEnv: "AWS_SECRET_ACCESS_KEY" must name the server\'s environment variable holding the secret, which starts with SEXTANT_LOGIN_ (never the secret itself)',
      'config.login: login verifies its JWT one way: give exactly one of jwksUrl and hmacSecretEnv',
    ]);
    expect(stored({ apiKeyClaim: '__proto__.x y' })).toEqual([
      'config.login.apiKeyClaim: "__proto__.x y" must be a claim name or a dotted path (api_key, acme.key)',
    ]);
  });
});
