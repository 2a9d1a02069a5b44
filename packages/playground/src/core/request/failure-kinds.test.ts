/**
 * How a request fails, against a real HTTP server on loopback: an answer the proxy marks with
 * `x-sextant-proxy-error` is Failed with the proxy's reason (no upstream status), a JSON-RPC
 * `error` in a 200 is Failed with the code and message (the answer kept), a malformed base URL
 * is refused before anything is sent, and a relative server resolves on the page's origin.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absoluteBaseUrl, baseUrlProblem } from './base-url.js';
import { jsonRpcErrorMessage, RequestLifecycle } from './request-lifecycle.js';

let server: Server;
let url: string;
let hits = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/proxy-error') {
      res.writeHead(502, {
        'content-type': 'application/json',
        'x-sextant-proxy-error': 'ProxyUpstreamUnreachableError',
      });
      res.end(
        JSON.stringify({
          error: 'ProxyUpstreamUnreachableError',
          content: { message: 'The API could not be reached. (ECONNREFUSED)' },
        }),
      );
    } else if (req.url === '/proxy-error-garbled') {
      res.writeHead(400, { 'x-sextant-proxy-error': 'ProxyTargetInvalidUrlError' });
      res.end('<html>not json</html>');
    } else if (req.url === '/rpc-error') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32004, message: 'Plant not found' }, id: 1 }));
    } else {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', result: 3, id: 1 }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (lifecycle: RequestLifecycle, path: string, jsonRpc = false) =>
  lifecycle.send({ url: `${url}${path}`, init: {}, endpointId: 'e', method: 'GET', jsonRpc });

describe('failure kinds', () => {
  it('shows a proxy error as Failed with its reason and code, not as the upstream status', async () => {
    const lifecycle = new RequestLifecycle({ log: () => {} });
    await send(lifecycle, '/proxy-error');
    expect(lifecycle.getState()).toEqual({
      status: 'failed',
      failure: 'proxy',
      error: 'The API could not be reached. (ECONNREFUSED) [ProxyUpstreamUnreachableError]',
    });
    await send(lifecycle, '/proxy-error-garbled');
    expect(lifecycle.getState()).toMatchObject({
      failure: 'proxy',
      error: 'The proxy could not complete the request. [ProxyTargetInvalidUrlError]',
    });
  });

  it('fails a JSON-RPC error answer (200) and keeps the answer; a 502 from the upstream stays an answer', async () => {
    const lifecycle = new RequestLifecycle({ log: () => {} });
    await send(lifecycle, '/rpc-error', true);
    const state = lifecycle.getState();
    expect(state).toMatchObject({
      status: 'failed',
      failure: 'rpc',
      error: 'JSON-RPC error -32004: Plant not found',
    });
    expect(state.status === 'failed' && state.response?.response.status).toBe(200);
    await send(lifecycle, '/rpc-error');
    expect(lifecycle.getState().status).toBe('loaded');
    await send(lifecycle, '/upstream-502', true);
    expect(lifecycle.getState()).toMatchObject({ status: 'loaded', response: { response: { status: 502 } } });
  });

  it('reads JSON-RPC errors defensively', () => {
    expect(jsonRpcErrorMessage({ type: 'json', body: { error: { code: 'E1' } } })).toBe(
      'JSON-RPC error E1: no message',
    );
    expect(jsonRpcErrorMessage({ type: 'json', body: { error: 'boom' } })).toBe('JSON-RPC error: boom');
    expect(jsonRpcErrorMessage({ type: 'json', body: { error: null, result: 1 } })).toBeUndefined();
    expect(jsonRpcErrorMessage({ type: 'json', body: [{ error: {} }] })).toBeUndefined();
    expect(jsonRpcErrorMessage({ type: 'json', body: 'error' })).toBeUndefined();
    expect(jsonRpcErrorMessage({ type: 'file' })).toBeUndefined();
  });

  it('refuses a malformed base URL before sending, naming it', () => {
    const lifecycle = new RequestLifecycle({ log: () => {} });
    const before = hits;
    const problem = baseUrlProblem('htp//api.example.com');
    expect(problem?.code).toBe('InvalidBaseUrlError');
    lifecycle.reject(problem ?? new Error('expected a problem'));
    expect(lifecycle.getState()).toMatchObject({ status: 'failed', failure: 'input' });
    expect(lifecycle.getState().status === 'failed' && lifecycle.getState()).toBeTruthy();
    expect(problem?.message).toContain('"htp//api.example.com" is not an absolute URL');
    expect(hits).toBe(before);
    for (const bad of [
      '',
      '   ',
      'ftp://x.io',
      'javascript:alert(1)',
      '/relative',
      'http://',
      'http://a b.io',
    ])
      expect(baseUrlProblem(bad), bad).toBeDefined();
    for (const good of ['https://api.example.com', 'http://localhost:4010/v1', 'http://[::1]:8080'])
      expect(baseUrlProblem(good), good).toBeUndefined();
  });

  it('resolves a relative server on the page origin', () => {
    expect(absoluteBaseUrl('/', 'https://docs.example.com')).toBe('https://docs.example.com');
    expect(absoluteBaseUrl('/v1/', 'https://docs.example.com')).toBe('https://docs.example.com/v1');
    expect(absoluteBaseUrl('https://api.io', 'https://docs.example.com')).toBe('https://api.io');
    expect(absoluteBaseUrl('//evil.example', 'https://docs.example.com')).toBe('//evil.example');
    expect(absoluteBaseUrl('/', undefined)).toBe('/');
  });
});
