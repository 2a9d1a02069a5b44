/**
 * The front door: requests under the prefix reach the handler without Fastify (its hooks do not
 * run), other paths and `inject()` go through Fastify as before, and once the server starts
 * closing the door steps aside so Fastify answers new requests with 503.
 */
import { Agent, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { waitFor } from '@sextant/definition/testing';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installFrontDoor } from './front-door.js';

function get(port: number, path: string, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('installFrontDoor', () => {
  it('routes the prefix past Fastify, everything else through it, and steps aside on close', async () => {
    const app = Fastify();
    let hooked = 0;
    app.addHook('onRequest', async () => {
      hooked += 1;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowStarted = false;
    await app.register(async (scope) => {
      scope.get('/p/*', async () => 'fastify route');
      scope.get('/slow', async () => {
        slowStarted = true;
        await released;
        return 'slow';
      });
      installFrontDoor(scope, '/p/', (_req, res) => res.end('front door'));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });

    expect(await get(port, '/p/x', agent)).toEqual({ status: 200, body: 'front door' });
    expect(hooked).toBe(0);
    expect((await app.inject({ url: '/p/x' })).body).toBe('fastify route');
    expect(hooked).toBe(1);

    agent.destroy();
    // A request in flight keeps its connection open while the server closes; the next request
    // on that connection arrives after close began and must get Fastify's 503, not the door.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk) => {
      received += chunk;
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(() => slowStarted, { message: 'the slow request in flight' });
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.write('GET /p/x HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await ended;
    await closed;
    expect(received).toContain('slow');
    expect(received).toMatch(/HTTP\/1\.1 503/);
    expect(received).not.toContain('front door');
  });
});
