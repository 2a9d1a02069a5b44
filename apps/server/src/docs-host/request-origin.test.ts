import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestOrigin } from './request-origin.js';

const request = (headers: Record<string, string>, encrypted = false) =>
  ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

describe('requestOrigin', () => {
  it('takes the scheme from the connection and the host from Host', () => {
    expect(requestOrigin(request({ host: 'Docs.Example.com:8443' }), false)).toBe(
      'http://docs.example.com:8443',
    );
    expect(requestOrigin(request({ host: 'docs.example.com' }, true), false)).toBe(
      'https://docs.example.com',
    );
    expect(requestOrigin(request({ host: '[::1]:3000' }), false)).toBe('http://[::1]:3000');
  });

  it('follows X-Forwarded-Proto only when the proxy is trusted', () => {
    const forwarded = request({ host: 'docs.example.com', 'x-forwarded-proto': 'https, http' });
    expect(requestOrigin(forwarded, true)).toBe('https://docs.example.com');
    expect(requestOrigin(forwarded, false)).toBe('http://docs.example.com');
    const odd = request({ host: 'docs.example.com', 'x-forwarded-proto': 'javascript' });
    expect(requestOrigin(odd, true)).toBe('http://docs.example.com');
  });

  it('gives no origin for a missing or malformed Host', () => {
    expect(requestOrigin(request({}), false)).toBeUndefined();
    expect(requestOrigin(request({ host: 'evil.test/"><script>' }), false)).toBeUndefined();
    expect(requestOrigin(request({ host: 'a b' }), false)).toBeUndefined();
  });
});
