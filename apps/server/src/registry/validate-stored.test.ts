/**
 * The registry's check of stored docs files: each extension's allowlisted content type only.
 * (Docs definitions are checked by the contract's body schema: `definition-on-write.test.ts`.)
 */
import { describe, expect, it } from 'vitest';
import { RegistryError } from './errors.js';
import { validateStoredFileTypes } from './validate-stored.js';

function refusal(check: () => void): RegistryError {
  try {
    check();
  } catch (error) {
    if (error instanceof RegistryError) return error;
    throw error;
  }
  throw new Error('the check accepted the input');
}

describe('validateStoredFileTypes', () => {
  it("accepts each extension's allowlisted type and refuses any other declaration", () => {
    const file = (path: string, contentType: string) => ({
      path,
      contentType,
      sha256: 'a'.repeat(64),
      size: 1,
    });
    expect(() =>
      validateStoredFileTypes([
        file('favicon.ico', 'image/x-icon'),
        file('a/logo.svg', 'image/svg+xml'),
        file('notes.txt', 'text/plain; charset=utf-8'),
        file('archive.tar.xz', 'application/octet-stream'),
      ]),
    ).not.toThrow();
    for (const hostile of [
      file('favicon.ico', 'text/html'),
      file('page.html', 'text/html'),
      file('x.js', 'text/html; charset=utf-8'),
      file('archive.bin', 'image/svg+xml'),
    ]) {
      const error = refusal(() => validateStoredFileTypes([hostile]));
      expect(error.errorName).toBe('DocsFileTypeNotAllowedError');
      expect(JSON.stringify(error.toBody().content)).toContain(hostile.path);
    }
  });
});
