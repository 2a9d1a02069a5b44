import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8-bytes.js';

describe('utf8Bytes', () => {
  it('encodes text of every width as Buffer.from does', () => {
    for (const text of [
      '',
      'plain <p>ascii</p>',
      'é … ☰ ✓',
      '𝄞 🎉 astral',
      '\0\ufeff\uffff',
      'ü'.repeat(5000),
      `${'𝄞'.repeat(70000)}é`,
    ])
      expect(utf8Bytes(text).equals(Buffer.from(text)), JSON.stringify(text.slice(0, 20))).toBe(true);
  });

  it('writes U+FFFD for a lone surrogate, as Buffer.from does (ICU refuses those)', () => {
    for (const text of [
      'a\ud800b',
      '\udc00',
      `${'x'.repeat(100)}\ud83d`,
      '\ude00\ud83d',
      `${'y'.repeat(200000)}\udc00`,
    ])
      expect(utf8Bytes(text).equals(Buffer.from(text)), JSON.stringify(text.slice(-4))).toBe(true);
  });
});
