import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestOrigin } from './request-origin.js';

/** What Fastify gives: `protocol` is the socket's, or a trusted proxy's X-Forwarded-Proto. */
const request = (headers: Record<string, string>, protocol: 'http' | 'https' = 'http') =>
  ({ headers, protocol }) as unknown as FastifyRequest;

describe('requestOrigin', () => {
  it("takes the scheme from the request's protocol and the host from Host", () => {
    expect(requestOrigin(request({ host: 'Docs.Example.com:8443' }))).toBe('http://docs.example.com:8443');
    expect(requestOrigin(request({ host: 'docs.example.com' }, 'https'))).toBe('https://docs.example.com');
    expect(requestOrigin(request({ host: '[::1]:3000' }))).toBe('http://[::1]:3000');
  });

  it('gives no origin for a missing or malformed Host', () => {
    expect(requestOrigin(request({}))).toBeUndefined();
    expect(requestOrigin(request({ host: 'evil.test/"><script>' }))).toBeUndefined();
    expect(requestOrigin(request({ host: 'a b' }))).toBeUndefined();
  });
});
