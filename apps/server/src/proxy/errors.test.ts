/** The proxy error table: codes unique in the catalogue style, each mapped to a status, reasons present. */
import { describe, expect, it } from 'vitest';
import { PROXY_ERRORS, ProxyError } from './errors.js';

describe('PROXY_ERRORS', () => {
  const entries = Object.entries(PROXY_ERRORS);

  it('has unique codes in the catalogue style, each with a status and a sentence', () => {
    expect(new Set(entries.map(([code]) => code)).size).toBe(entries.length);
    for (const [code, entry] of entries) {
      expect(code).toMatch(/^Proxy[A-Z][A-Za-z]*Error$/);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(entry.reason).toMatch(/^[A-Z].*[.)]$/);
    }
  });

  it('answers every target refusal with a 4xx', () => {
    for (const [code, entry] of entries) {
      if (code.startsWith('ProxyTarget') && code !== 'ProxyTargetUnresolvedError') {
        expect(entry.status, code).toBeLessThan(500);
      }
    }
  });

  it('builds the JSON body with the detail appended', () => {
    const error = new ProxyError('ProxyTargetPrivateError', 'loopback');
    expect(error.status).toBe(403);
    expect(error.toBody()).toEqual({
      error: 'ProxyTargetPrivateError',
      content: { message: `${PROXY_ERRORS.ProxyTargetPrivateError.reason} (loopback)` },
    });
  });
});
