/**
 * Masked quoted strings (literal-masks.ts through line-tokens.ts): lines differing only inside
 * quotes are tokenised once, and hostile values in every place the snippet generators put text
 * (URL, headers, cookies, JSON keys and values, text, form and file bodies) are highlighted exactly
 * as Shiki highlights them, cold and from the cache.
 */
import { SNIPPET_TARGETS } from '@sextant/request';
import type { HighlighterCore } from 'shiki/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { shikiThemedLines } from '../testing/shiki-tokens.js';
import { requestsCarrying } from '../testing/snippet-requests.js';
import { highlight, loadHighlighter, warmHighlighter, withLanguages } from './highlight.js';
import { themedLines } from './line-tokens.js';
import { maskLiterals } from './literal-masks.js';
import { snippetLanguage } from './snippets.js';

let instance: HighlighterCore;

beforeAll(async () => {
  instance = await loadHighlighter();
  await warmHighlighter();
}, 60_000);

describe('maskLiterals', () => {
  it('masks the plain text of quoted strings and leaves the rest', () => {
    expect(maskLiterals('python', 'url = "https://x.test/a?b=1"')).toEqual({
      text: 'url = "x"',
      at: [7],
      lengths: [20],
    });
    expect(maskLiterals('typescript', '  "Content-Type": "a/b", k: "", r: "a\\"b",')?.text).toBe(
      '  "x": "x", k: "", r: "a\\"b",',
    );
    // Python's formatting characters and prefixes (raw, bytes, f-strings) stay.
    expect(maskLiterals('python', 'a = "{owner}" + "%s" + f"x y" + r"a b" + "ok"')?.text).toBe(
      'a = "{owner}" + "%s" + f"x y" + r"a b" + "x"',
    );
    // `\'` outside quotes is no string's start; single quotes hold anything but a quote.
    expect(maskLiterals('bash', `-H 'it'\\''s $(x) \`y\`' \\`)?.text).toBe(`-H 'x'\\''x' \\`);
    expect(maskLiterals('json', '{"a": "b\\n", "c": "d"}')?.text).toBe('{"x": "b\\n", "x": "x"}');
    expect(maskLiterals('yaml', 'a: "b"')).toBeUndefined();
    expect(maskLiterals('typescript', 'const a = 1;')).toBeUndefined();
  });
});

describe('masked lines', () => {
  it('tokenise lines differing only inside quotes once', () => {
    const grammar = instance.getLanguage('typescript');
    const tokenise = vi.spyOn(grammar, 'tokenizeLine');
    try {
      const line = (path: string) => `const response = await fetch("https://api.masked.test/${path}", {`;
      themedLines(instance, line('first/path'), 'typescript');
      const calls = tokenise.mock.calls.length;
      const second = themedLines(
        instance,
        line('a/much/longer/second/path?with=query&and=more'),
        'typescript',
      );
      expect(tokenise.mock.calls.length).toBe(calls);
      expect(second).toEqual(
        shikiThemedLines(instance, line('a/much/longer/second/path?with=query&and=more'), 'typescript'),
      );
    } finally {
      tokenise.mockRestore();
    }
  });

  it('highlight hostile values in every snippet as Shiki does, cold and cached', () => {
    const values = [
      `it's "quoted" \\ back\\slash \\' \\" \\\\`,
      '$(rm -rf /) `whoami` ${HOME} $HOME !! \\$(x)',
      'line one\nline two\r\nthree\ttab',
      '{owner} %s %(name)d {{x}} }{ %',
      'emoji 🪲 \u{1F600} ünïcödé 中文 \u202e rtl \u0000 \u2028 \ud800 lone',
      `<script>alert(1)</script> & &amp; --> /* */ // # '''`,
      '=> () { } [ ] ; , : ? . a=b&c=d#frag',
      'import x from y; async function f() { return null } // true',
      "a'''b",
      'ünïcödé 中文 ñ — “curly” ‘quotes’ ½ ©',
      `x'y`,
      '\\',
      `${'a'.repeat(10_000)}`,
      `${'ab"c\\'.repeat(80)}`,
    ];
    const requests = values.flatMap((value, i) => requestsCarrying(value, i));
    const snippets = requests.flatMap((request) =>
      SNIPPET_TARGETS.map((target) => [snippetLanguage(target.target), target.generate(request)] as const),
    );
    for (const [lang, code] of snippets)
      expect(themedLines(instance, code, lang), code.slice(0, 200)).toEqual(
        shikiThemedLines(instance, code, lang),
      );
    // Again: now the masked lines come from the cache.
    for (const [lang, code] of snippets)
      expect(themedLines(instance, code, lang), code.slice(0, 200)).toEqual(
        shikiThemedLines(instance, code, lang),
      );
  });

  it('leave strings the grammar does not read as strings as they are', async () => {
    for (const [lang, code] of [
      [
        'typescript',
        '// a "comment" here\nconst r = /"x y"/;\nconst t = \'say "hi" twice\';\nconst u = `a "b" c`;',
      ],
      ['bash', "echo $'a b' 'c d'\n'quoted command' arg\ncat <<'EOF'\n'inside heredoc'\nEOF"],
      ['python', '"""doc "a b" string"""\nx = r"a.b" + b"c d" + u"e f"\n# "comment"'],
      ['json', '{"a": "b", // "c"\n "d": ["e f"]}'],
    ] as const) {
      await withLanguages(instance, () => highlight(instance, code, lang));
      expect(themedLines(instance, code, lang)).toEqual(shikiThemedLines(instance, code, lang));
      expect(themedLines(instance, code, lang)).toEqual(shikiThemedLines(instance, code, lang));
    }
  });
});
