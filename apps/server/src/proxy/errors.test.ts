/** The proxy error table: codes unique, each mapped to a status and a name, reasons present. */
import { describe, expect, it } from 'vitest';
import { PROXY_ERRORS, ProxyError } from './errors.js';

describe('PROXY_ERRORS', () => {
  const entries = Object.entries(PROXY_ERRORS);

  it('has unique codes in the PROXY_ namespace, each with a status, a name and a sentence', () => {
    expect(new Set(entries.map(([code]) => code)).size).toBe(entries.length);
    for (const [code, entry] of entries) {
      expect(code).toMatch(/^PROXY_[A-Z0-9_]+$/);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(entry.name).toMatch(/^Proxy[A-Z]\w+$/);
      expect(entry.reason).toMatch(/^[A-Z].*[.)]$/);
    }
  });

  it('answers every target refusal with a 4xx', () => {
    for (const [code, entry] of entries) {
      if (entry.name === 'ProxyTargetRefused' || entry.name === 'ProxyTargetInvalid') {
        expect(entry.status, code).toBeLessThan(500);
      }
    }
  });

  it('builds the JSON body with the detail appended', () => {
    const error = new ProxyError('PROXY_TARGET_PRIVATE', 'loopback');
    expect(error.status).toBe(403);
    expect(error.toBody()).toEqual({
      error: 'ProxyTargetRefused',
      code: 'PROXY_TARGET_PRIVATE',
      reason: `${PROXY_ERRORS.PROXY_TARGET_PRIVATE.reason} (loopback)`,
    });
  });
});
