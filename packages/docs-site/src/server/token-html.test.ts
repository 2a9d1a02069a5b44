import { describe, expect, it } from 'vitest';
import { escapeHtml } from './token-html.js';

/** Every character escaped in four passes, `&` first: what escapeHtml's shortcuts must equal. */
const fourPasses = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('escapeHtml', () => {
  it('writes &<>" as entities, each once, whichever of them a text holds', () => {
    const hostile = [
      '',
      'plain',
      '"',
      '""',
      '"key"',
      '"a \\"quoted\\" value"',
      '&amp;',
      '"&amp;"',
      '<script>alert("x")</script>',
      `it's & "quoted" <b>`,
      '&&&<<<>>>"""',
      '"é中😀\u2028\u2029\ufeff"',
      '"\ud800 lone \udfff surrogates"',
      '\u0000\u001f\u007f"<',
      `"${'x'.repeat(100_000)}"`,
      `${'x'.repeat(100_000)}&`,
      '"'.repeat(10_000),
    ];
    for (const text of hostile) expect(escapeHtml(text)).toBe(fourPasses(text));
    expect(escapeHtml('"a"')).toBe('&quot;a&quot;');
    expect(escapeHtml('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
  });

  it('returns text holding none of them as it is', () => {
    const text = "no entities here: ' / \\ \n";
    expect(escapeHtml(text)).toBe(text);
  });
});
