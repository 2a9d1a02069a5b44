/**
 * On a hosted server each organization's sites verify logins with its own secret variable only
 * (`SEXTANT_LOGIN_<ORG ID>`): publishing a site that names another organization's is refused
 * with InvalidDocsDefinitionError, and a stored site that names one (published before the rule)
 * gets LoginSecretNotOwnedError instead of accepting that organization's readers' tokens. A real
 * hosted server over a socket, two organizations, tokens signed with each secret.
 */
import type { AddressInfo } from 'node:net';
import { guidePagesDefinition } from '@sextant/definition/testing';
import { createRegistryClient, RegistryNamedError } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { hostRequest } from '../docs-host/testing/host-request.js';
import { LoginCredentialError } from './login-credential.js';
import { refuseOtherOrgsSecret, SITE_LOGIN_COOKIE } from './site-login.js';

const ACME_HOST = 'docs.acme-eu.test';
const SECRETS = {
  SEXTANT_LOGIN_ACME_EU: 'acme-eu-secret-of-at-least-32-bytes!!',
  SEXTANT_LOGIN_OTHER: 'other-secret-of-at-least-32-bytes-too!',
};

let app: FastifyInstance;
let port: number;
let acmeToken: string;

const login = (hmacSecretEnv: string) => ({
  authorizationUrl: 'https://login.acme.test/start',
  returnToQueryParam: 'return_to',
  credentialParam: 'token',
  apiKeyClaim: 'api_key',
  hmacSecretEnv,
});

const publish = async (hmacSecretEnv: string) => {
  const client = createRegistryClient({ baseUrl: `http://127.0.0.1:${port}`, token: acmeToken });
  const init = await client.initDocsRegistrationV2({
    body: { orgId: 'acme-eu', domain: ACME_HOST, files: [] },
  });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: {
      docsDefinition: guidePagesDefinition('Acme', [{ slug: '', title: 'Acme', markdown: '# Acme\n' }], {
        login: login(hmacSecretEnv),
      }),
    },
  });
};

const signedWith = (secret: string) =>
  new SignJWT({ api_key: 'live-key-of-a-reader' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(secret));

const loginState = async (jwt: string) =>
  JSON.parse(
    (
      await hostRequest(port, {
        host: ACME_HOST,
        path: '/api/auth/api-key-injection',
        headers: { cookie: `${SITE_LOGIN_COOKIE}=${jwt}` },
      })
    ).text,
  ) as { enabled: boolean; authenticated: boolean; access_token?: string };

beforeAll(async () => {
  Object.assign(process.env, SECRETS);
  app = await buildServer({
    mode: 'hosted',
    logger: false,
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: [ACME_HOST] },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  acmeToken = (await app.registry.createOrganization('acme-eu')).token;
  await app.registry.createOrganization('other');
}, 120_000);
afterAll(async () => {
  for (const name of Object.keys(SECRETS)) delete process.env[name];
  await app?.close();
});

describe('a hosted site’s login secret', () => {
  it("refuses to publish a site naming another organization's variable, naming the one it may", async () => {
    const refused = await publish('SEXTANT_LOGIN_OTHER').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(RegistryNamedError);
    expect((refused as RegistryNamedError).errorName).toBe('InvalidDocsDefinitionError');
    expect((refused as RegistryNamedError).message).toContain('SEXTANT_LOGIN_ACME_EU');
    // Nothing was stored: the host serves no site.
    expect((await hostRequest(port, { host: ACME_HOST, path: '/' })).status).toBe(404);
  });

  it("publishes a site naming its own, whose login accepts its secret's tokens and no other's", async () => {
    await publish('SEXTANT_LOGIN_ACME_EU');
    const own = await loginState(await signedWith(SECRETS.SEXTANT_LOGIN_ACME_EU));
    expect(own).toMatchObject({ enabled: true, authenticated: true, access_token: 'live-key-of-a-reader' });
    const other = await loginState(await signedWith(SECRETS.SEXTANT_LOGIN_OTHER));
    expect(other).toMatchObject({ enabled: true, authenticated: false });
    expect(other.access_token).toBeUndefined();
  });

  it('refuses at login a stored site whose variable is not its organization’s, and any in local mode passes', async () => {
    const owner = (orgId: string) => async () => ({ orgId, docsUrl: ACME_HOST });
    const refused = await refuseOtherOrgsSecret(login('SEXTANT_LOGIN_OTHER'), {
      mode: 'hosted',
      owner: owner('acme-eu'),
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(LoginCredentialError);
    expect((refused as LoginCredentialError).code).toBe('LoginSecretNotOwnedError');
    expect((refused as Error).message).toContain('SEXTANT_LOGIN_ACME_EU');
    // A site nobody owns names no variable; its own passes; local mode (one tenant) takes any.
    await expect(
      refuseOtherOrgsSecret(login('SEXTANT_LOGIN_ACME_EU'), { mode: 'hosted', owner: async () => undefined }),
    ).rejects.toThrow(/no organization/);
    await expect(
      refuseOtherOrgsSecret(login('SEXTANT_LOGIN_ACME_EU'), { mode: 'hosted', owner: owner('acme-eu') }),
    ).resolves.toBeUndefined();
    await expect(
      refuseOtherOrgsSecret(login('SEXTANT_LOGIN_OTHER'), { mode: 'local', owner: owner('local') }),
    ).resolves.toBeUndefined();
  });
});
