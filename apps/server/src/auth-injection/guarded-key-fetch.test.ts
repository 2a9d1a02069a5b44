import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DocsLoginConfig } from '@sextant/definition';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProxyOptions } from '../proxy/index.js';
import { guardedKeyFetch } from './guarded-key-fetch.js';
import { KeySetCache, verifyLoginCredential } from './login-credential.js';

let server: Server;
let jwksUrl: string;
let keyRequests = 0;
let token: string;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((_request, response) => {
    keyRequests++;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
  token = await new SignJWT({ api_key: 'key-1' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer('https://idp.example')
    .setAudience('docs')
    .setExpirationTime('5m')
    .sign(privateKey);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const login = (): DocsLoginConfig => ({
  authorizationUrl: 'https://idp.example/authorize',
  returnToQueryParam: 'state',
  credentialParam: 'id_token',
  apiKeyClaim: 'api_key',
  jwksUrl,
  issuer: 'https://idp.example',
  audience: 'docs',
});

describe("a site's jwksUrl read behind the proxy's address guard", () => {
  it('a hosted server does not connect to a private address a site names, and says the keys could not be read', async () => {
    const keyFetch = guardedKeyFetch(resolveProxyOptions('hosted'));
    const before = keyRequests;
    try {
      await expect(
        verifyLoginCredential(token, login(), { keySets: new KeySetCache(keyFetch.fetchKeys) }),
      ).rejects.toMatchObject({ code: 'LoginKeysUnavailableError' });
      expect(keyRequests).toBe(before);
    } finally {
      await keyFetch.close();
    }
  });

  it('localhost by name is refused the same way', async () => {
    const keyFetch = guardedKeyFetch(resolveProxyOptions('hosted'));
    const before = keyRequests;
    try {
      const byName = { ...login(), jwksUrl: jwksUrl.replace('127.0.0.1', 'localhost') };
      await expect(
        verifyLoginCredential(token, byName, { keySets: new KeySetCache(keyFetch.fetchKeys) }),
      ).rejects.toMatchObject({ code: 'LoginKeysUnavailableError' });
      expect(keyRequests).toBe(before);
    } finally {
      await keyFetch.close();
    }
  });

  it('an operator-trusted private target is read, and the token verifies', async () => {
    const host = new URL(jwksUrl).host;
    const keyFetch = guardedKeyFetch(resolveProxyOptions('hosted', { trustedPrivateTargets: [host] }));
    const before = keyRequests;
    try {
      const verified = await verifyLoginCredential(token, login(), {
        keySets: new KeySetCache(keyFetch.fetchKeys),
      });
      expect(verified.apiKey).toBe('key-1');
      expect(keyRequests).toBe(before + 1);
    } finally {
      await keyFetch.close();
    }
  });
});
