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
import { maskLiterals, maskWholeLine, unmaskTokens } from './literal-masks.js';
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
      kinds: ['string'],
    });
    expect(maskLiterals('typescript', '  "Content-Type": "a/b", k: "", r: "a\\"b",')?.text).toBe(
      '  "x": "x", x: "", x: "a\\"b",',
    );
    // Python's formatting characters and prefixes (raw, bytes, f-strings) stay.
    expect(maskLiterals('python', 'a = "{owner}" + "%s" + f"x y" + r"a b" + "ok"')?.text).toBe(
      'a = "{owner}" + "%s" + f"x y" + r"a b" + "x"',
    );
    // `\'` outside quotes is no string's start; single quotes hold anything but a quote.
    expect(maskLiterals('bash', `-H 'it'\\''s $(x) \`y\`' \\`)?.text).toBe(`-H 'x'\\''x' \\`);
    expect(maskLiterals('json', '{"a": "b\\n", "c": "d"}')?.text).toBe('{"x": "b\\n", "x": "x"}');
    expect(maskLiterals('yaml', 'a: "b"')).toBeUndefined();
    expect(maskLiterals('typescript', 'const a = b;')).toBeUndefined();
  });

  it('masks text of ordinary characters beyond ASCII, not control or format characters, separators or astral ones', () => {
    const masked = (text: string) => maskLiterals('typescript', `a = "${text}";`)?.text === 'a = "x";';
    for (const text of ['é ü 中', '\u00a0', '~ !', '\u2027'])
      expect(masked(text), JSON.stringify(text)).toBe(true);
    for (const text of [
      'a\tb',
      'a\u007fb',
      'a\u0085b',
      'soft\u00adhyphen',
      'a\u2028b',
      'a\u2029b',
      'bug 🪲',
      '\ud83e',
    ])
      expect(masked(text), JSON.stringify(text)).toBe(false);
  });

  it("masks decimal integers (TypeScript, Python) and object literals' keys (TypeScript), nothing like them", () => {
    expect(maskLiterals('python', '    "id": 1296269,')).toEqual({
      text: '    "x": 1,',
      at: [5, 9],
      lengths: [2, 7],
      kinds: ['string', 'number'],
    });
    expect(maskLiterals('typescript', '  merge_method: "squash", count: 42,')?.text).toBe('  x: "x", x: 1,');
    expect(
      maskLiterals('typescript', 'a1 + 1.5 + .5 + 12n + 1_000 + 0x12 + 1e5 + $12 + 07 + x.y:'),
    ).toBeUndefined();
    expect(maskLiterals('python', 'a1 + 1.5 + 12j + 1_0 + 0o7 + x.y: 3')?.text).toBe(
      'a1 + 1.5 + 12j + 1_0 + 0o7 + x.y: 1',
    );
    expect(maskLiterals('bash', 'sleep 10')).toBeUndefined();
    expect(maskLiterals('json', '{"a": 10}')?.text).toBe('{"x": 10}');
  });

  it('masks a plain bash line whole, as maybe inside a single-quoted string', () => {
    const whole = maskWholeLine('bash', '  "name": "bug",');
    expect([whole?.text, whole?.lengths]).toEqual(['x', [16]]);
    expect(maskWholeLine('bash', "}'")).toBeUndefined();
    expect(maskWholeLine('typescript', '  a: 1,')).toBeUndefined();
  });
});

describe('unmaskTokens', () => {
  it("moves each token's end past the texts the masks before it stand for, colours kept, the remembered tokens untouched", () => {
    const masked = maskLiterals('python', 'a = "hello" + 12345') as NonNullable<
      ReturnType<typeof maskLiterals>
    >;
    expect(masked.text).toBe('a = "x" + 1');
    // `a = `, `"x"`, ` + `, `1`: a remembered (frozen) line's tokens, as line-tokens.ts keeps them.
    const tokens = Object.freeze([4, '#a', '#b', 7, '#c', '#d', 10, '', '', 11, '#e', '#f']);
    expect(unmaskTokens(masked, tokens)).toEqual([4, '#a', '#b', 11, '#c', '#d', 14, '', '', 19, '#e', '#f']);
    expect(tokens).toEqual([4, '#a', '#b', 7, '#c', '#d', 10, '', '', 11, '#e', '#f']);
    expect(unmaskTokens(masked, [])).toEqual([]);
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

  it('tokenise lines differing only by a number, a key or the text of a multi-line bash string once', () => {
    const tokenised = (lang: string, codes: string[]) => {
      const grammar = instance.getLanguage(lang);
      const tokenise = vi.spyOn(grammar, 'tokenizeLine');
      try {
        const [first, ...rest] = codes;
        expect(themedLines(instance, first as string, lang)).toEqual(
          shikiThemedLines(instance, first as string, lang),
        );
        const calls = tokenise.mock.calls.length;
        for (const code of rest)
          expect(themedLines(instance, code, lang)).toEqual(shikiThemedLines(instance, code, lang));
        return tokenise.mock.calls.length - calls;
      } finally {
        tokenise.mockRestore();
      }
    };
    const ts = (key: string, n: string) => `const body = {\n  ${key}: ${n},\n  other: [\n    ${n},\n  ],\n};`;
    expect(
      tokenised('typescript', [ts('first_key', '7'), ts('required_approving_review_count', '1296269')]),
    ).toBe(0);
    const py = (n: string) => `payload = {\n  "a": ${n},\n  "b": [\n    ${n},\n  ],\n}`;
    expect(tokenised('python', [py('3'), py('123456789')])).toBe(0);
    const sh = (body: string) => `curl -X POST 'x' \\\n  --data '{\n  "name": ${body},\n  "n": [1, 2]\n}'`;
    expect(tokenised('bash', [sh('"a"'), sh('"a much longer value" $(x) `y` \\ "z"')])).toBe(0);
  });

  it('highlight numbers and keys in hostile places and multi-line bash strings as Shiki does, cold and cached', () => {
    const keys = [
      'get',
      'set',
      'async',
      'constructor',
      'new',
      'delete',
      'function',
      'class',
      'this',
      'null',
      'true',
      'undefined',
      'NaN',
      'static',
      'readonly',
      'type',
      'as',
      'in',
      'of',
      'typeof',
      'await',
      'yield',
      'return',
      'default',
      'case',
      'import',
      'export',
      '_',
      'A_B',
      'CONSTANT',
      '__proto__',
      'x1',
      'declare',
      'abstract',
      'private',
    ];
    const values = [
      '"v"',
      '12',
      '[',
      '{',
      'true',
      'null',
      '() => 1',
      'function () {}',
      'async () => {}',
      'x ? 1 : 2',
      '-12',
      '`t`',
    ];
    const codes: [string, string][] = [];
    for (const value of values)
      codes.push(['typescript', `const o = {\n${keys.map((key) => `  ${key}: ${value},`).join('\n')}\n};`]);
    codes.push(
      [
        'typescript',
        'switch (a) {\n  case 12: label: for (;;) {}\n  default: b ? c : d;\n}\nconst s = `${12}: a:`; // 12 x:\nconst r = /12 a:/;',
      ],
      [
        'typescript',
        'const n = [10, 1_000, 12n, 0x1F, 1e10, 1.5, .5, 5., 0b11, 0o17, -34, +56, a12, $12, 12$];',
      ],
      [
        'typescript',
        'class A { get x() { return 12 } set: 12; static y: number = 34; m(a: string): void {} }',
      ],
      [
        'typescript',
        'const t: { a: number; b: string } = { a: 12, b: "c" };\ntype T = { k: 12 };\nf({ a: 1 }, b: 2);',
      ],
      [
        'python',
        'x = [10, 1_000, 12j, 0x1F, 1e10, 1.5, .5, 5., 0b11, 0o17, -34, 12L]\ny = {a: 12, "b": 34}\n# 12\ns = "12" + f"{12}"',
      ],
      ['python', 'def f(a: int = 12, *, b=34) -> None:\n    return a[12:34]\nlambda x: 12'],
      ['bash', "echo 'multi\nline with \"quotes\" $(x) `y` \\ and # hash\n  -H 'not a flag'\n  done' 12"],
      [
        'bash',
        'curl --data \'{\n  "a": "it\\\'s",\n  "b": "ünïcödé 中文 \u202e",\n  "c": "\ud83d\ude00"\n}\' \\\n  -H \'x: y\'',
      ],
      ['bash', "cat <<'EOF'\n  'inside heredoc'\n  plain line\nEOF\necho $'a\nb' \"c\nd\""],
    );
    for (let pass = 0; pass < 2; pass++)
      for (const [lang, code] of codes)
        expect(themedLines(instance, code, lang), code.slice(0, 200)).toEqual(
          shikiThemedLines(instance, code, lang),
        );
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
