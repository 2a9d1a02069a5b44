/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback for the docs-login e2e: issuer
 * `http://localhost:<port>`, its development login and consent pages, one client per docs site
 * (implicit `id_token`, as a native client may on loopback http), and accounts whose ID tokens
 * carry `api_key: key-of-<login>` when the `api` scope is asked for. The test holds the signing
 * key, so it can also sign tokens the provider never issued (wrong audience, expired).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

export interface LoopbackOidc {
  issuer: string;
  jwksUrl: string;
  /** The authorization endpoint with the client, response type and scopes a docs site asks for. */
  authorizationUrl(clientId: string): string;
  /** The provider's signing key (private JWK) and its id. */
  signingKey: JWK;
  close(): Promise<void>;
}

export async function startLoopbackOidc(
  clients: { clientId: string; redirectUri: string }[],
): Promise<LoopbackOidc> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'loopback-1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: clients.map(({ clientId, redirectUri }) => ({
      client_id: clientId,
      application_type: 'native',
      grant_types: ['implicit'],
      response_types: ['id_token'],
      token_endpoint_auth_method: 'none',
      redirect_uris: [redirectUri],
    })),
    jwks: { keys: [signingKey] },
    claims: { openid: ['sub'], api: ['api_key'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, api_key: `key-of-${id}` }),
    }),
    cookies: { keys: ['loopback-oidc-cookie-key'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    authorizationUrl: (clientId) =>
      `${issuer}/auth?client_id=${clientId}&response_type=id_token&scope=openid%20api`,
    signingKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
