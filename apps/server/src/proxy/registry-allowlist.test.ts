/**
 * The allowlist from the registry, end to end on real servers: the whole server (registry on
 * PGlite, HTTP and WebSocket proxies) in hosted mode with `allowlistFromRegistry`, real loopback
 * upstreams (trusted as private targets, as tests must), and definitions registered over HTTP.
 * A target is callable once an API registered with it as an environment exists, at once after
 * registering; others are refused with ProxyTargetNotRegisteredError, over HTTP and WebSocket.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Environment } from '@sextant/definition';
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { buildServer } from '../app.js';
import { environmentHostsOf } from '../registry/environment-hosts.js';
import { endpoint, petStore } from '../registry/testing/fixtures.js';
import { PROXY_ERRORS } from './errors.js';

let app: FastifyInstance;
let base: string;
let first: Server;
let second: Server;
let sockets: WebSocketServer;
const port = (server: { address(): unknown }) => (server.address() as AddressInfo).port;
let register: (apiId: string, environments: Environment[], channel?: Environment[]) => Promise<void>;

function upstream(name: string): Promise<Server> {
  const server = createServer((_req, res) => res.end(`reached ${name}`));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  first = await upstream('first');
  second = await upstream('second');
  sockets = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  sockets.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo ${data}`)));
  await new Promise((resolve) => sockets.once('listening', resolve));
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: true, wsProxy: true, docsHost: false },
    authInjection: false,
    proxy: {
      allowlistFromRegistry: true,
      trustedPrivateTargets: [first, second, sockets].map((server) => `127.0.0.1:${port(server)}`),
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port(app.server)}`;
  const { token } = await app.registry.createOrganization('acme');
  const client = createRegistryClient({ baseUrl: base, token });
  register = async (apiId, environments, channel) => {
    const definition = petStore([{ ...endpoint('list', '/pets'), environments }]);
    if (channel) {
      definition.websockets = {
        chat: {
          id: 'chat',
          title: 'Chat',
          path: [{ type: 'literal', value: '/chat' }],
          pathParameters: [],
          queryParameters: [],
          requestHeaders: [],
          environments: channel,
          auth: [],
          messages: [],
          examples: [],
        },
      };
    }
    await client.registerApiDefinition({ body: { orgId: 'acme', apiId, definition } });
  };
}, 60_000);

afterAll(async () => {
  await app?.close();
  for (const server of [first, second]) server?.closeAllConnections();
  await Promise.all([first, second, sockets].map((s) => new Promise((resolve) => s?.close(resolve))));
});

async function proxied(target: string): Promise<{ status: number; body: string; code: string | null }> {
  const response = await fetch(`${base}/proxy/${target}`);
  return {
    status: response.status,
    body: await response.text(),
    code: response.headers.get('x-sextant-proxy-error'),
  };
}

function wsSession(target: string): Promise<{ reply?: string; code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port(app.server)}/proxy/ws`);
    let reply: string | undefined;
    // A message after the handshake waits in the proxy until the upstream is open.
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'handshake', url: target, headers: {} }));
      socket.send('hi');
    });
    socket.on('message', (data) => {
      reply = String(data);
      socket.close(1000);
    });
    socket.on('error', reject);
    socket.on('close', (code, reason) =>
      resolve({ ...(reply ? { reply } : {}), code, reason: String(reason) }),
    );
  });
}

describe('allowlist from the registry', () => {
  it('refuses every target while no API is registered', async () => {
    const refused = await proxied(`http://127.0.0.1:${port(first)}/`);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('ProxyTargetNotRegisteredError');
    expect(JSON.parse(refused.body)).toMatchObject({
      error: 'ProxyTargetNotRegisteredError',
      content: { message: expect.stringContaining(PROXY_ERRORS.ProxyTargetNotRegisteredError.reason) },
    });
  });

  it('calls a registered environment at once, and only on its port', async () => {
    await register('pets', [{ id: 'prod', baseUrl: `http://127.0.0.1:${port(first)}/v1` }]);
    expect(await proxied(`http://127.0.0.1:${port(first)}/v1/pets`)).toMatchObject({
      status: 200,
      body: 'reached first',
    });
    const otherPort = await proxied(`http://127.0.0.1:${port(second)}/`);
    expect(otherPort).toMatchObject({ status: 403, code: 'ProxyTargetNotRegisteredError' });
  });

  it('counts each value of an enumerated server variable', async () => {
    await register('pets-regional', [
      {
        id: 'regional',
        baseUrl: `http://localhost:${port(second)}`,
        urlTemplate: `http://{host}:${port(second)}`,
        variables: [{ name: 'host', default: 'localhost', enum: ['localhost', '127.0.0.1'] }],
      },
    ]);
    expect(await proxied(`http://127.0.0.1:${port(second)}/`)).toMatchObject({
      status: 200,
      body: 'reached second',
    });
  });

  it('applies to the WebSocket proxy: a registered channel server relays, another is refused', async () => {
    const target = `ws://127.0.0.1:${port(sockets)}/chat`;
    const refused = await wsSession(target);
    expect(refused.code).toBe(4403);
    expect(refused.reason).toContain('not a server of an API registered here');
    await register('chat', [], [{ id: 'prod', baseUrl: `ws://127.0.0.1:${port(sockets)}` }]);
    const relayed = await wsSession(target);
    expect(relayed.reply).toBe('echo hi');
  });

  it('still refuses private addresses a registered environment points at', async () => {
    await register('internal', [{ id: 'prod', baseUrl: 'http://10.0.0.7' }]);
    expect(await proxied('http://10.0.0.7/')).toMatchObject({ status: 403, code: 'ProxyTargetPrivateError' });
  });
});

describe('environmentHostsOf', () => {
  it('lists host:port of endpoint and channel environments, with default ports and enum values', () => {
    const definition = petStore([
      {
        ...endpoint('a', '/a'),
        environments: [
          { id: 'prod', baseUrl: 'https://API.example.com/v1' },
          { id: 'ipv6', baseUrl: 'http://[2001:db8::1]:8080' },
          {
            id: 'regional',
            baseUrl: 'https://eu.example.com',
            urlTemplate: 'https://{region}.example.com:{port}',
            variables: [
              { name: 'region', default: 'eu', enum: ['eu', 'us'] },
              { name: 'port', default: '443' },
            ],
          },
          { id: 'broken', baseUrl: 'not a url' },
        ],
      },
    ]);
    expect(environmentHostsOf(definition).sort()).toEqual(
      ['api.example.com:443', '[2001:db8::1]:8080', 'eu.example.com:443', 'us.example.com:443'].sort(),
    );
  });
});
