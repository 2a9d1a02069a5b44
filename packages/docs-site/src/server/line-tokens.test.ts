/**
 * themedLines against Shiki's own codeToTokensWithThemes, the first time (lines tokenised) and
 * again (lines from the cache, reached through other code first), on code whose lines carry state
 * (heredocs, template literals, triple-quoted strings, nested JSON, unterminated strings), CRLF,
 * empty lines and hostile text.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { HighlighterCore } from 'shiki/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shikiThemedLines } from '../testing/shiki-tokens.js';
import { highlight, loadHighlighter, withLanguages } from './highlight.js';
import { MAX_TOKENIZED_LINE_LENGTH, themedLines } from './line-tokens.js';

let instance: HighlighterCore;

const SAMPLES: [lang: string, code: string][] = [
  [
    'bash',
    `curl -X POST 'https://api.example.com/v1/items?limit=10' \\\n  -H 'Authorization: Bearer <token>' \\\n  --data '{"name": "x"}'`,
  ],
  ['bash', `cat <<EOF > file.txt\nline "one" $HOME\n  -H 'not a flag'\nEOF\necho "done \${x}" # comment`],
  ['bash', `echo 'unterminated\n  -H 'Accept: application/json' \\\n  done`],
  [
    'typescript',
    'const a = `template ${x}\n  -H line inside\n${y}`;\nconst b = 1; // c\n/* block\n  still */ let c: string = "s";',
  ],
  [
    'typescript',
    "const response = await fetch('https://api.example.com/v1/items', {\n  method: 'POST',\n  headers: { 'Content-Type': 'application/json' },\n});",
  ],
  [
    'python',
    'import requests\n\ns = """triple\n  import requests\n"""\nresponse = requests.get(\n    "https://x",\n)\nprint(response.json())',
  ],
  ['json', '{\n  "a": [1, -2.5e3, "s\\n", true, false, null],\n  "b": {\n    "c": {}\n  }\n}'],
  ['json', '{\r\n  "crlf": 1,\r\n\r\n  "x": "y"\r\n}'],
  ['json', '{"unterminated: [1, 2\n  "a": 1\n}'],
  ['yaml', 'a: |\n  block\n  text: not a key\nb: [1, 2]\n# c'],
  ['python', '\n\n\u0000\u202e x = "\ud83d\ude00" \\\n   y'],
  ['bash', ''],
  // Grammars that embed others (CSS and JavaScript in HTML, JSON in HTTP): scopes of several languages.
  [
    'html',
    '<!doctype html>\n<style>\n  a { color: #fff; }\n</style>\n<script>\n  const x = `t ${1}`; // c\n</script>\n<p class="a" onclick="f()">x &amp; y</p>',
  ],
  ['http', 'POST /v1/items HTTP/1.1\nContent-Type: application/json\n\n{"a": [1, "b"]}'],
  ['go', 'package main\n\nfunc main() {\n\ts := `raw\nstring`\n\tfmt.Println(s) // c\n}'],
  ['java', 'class A {\n  /** doc */\n  String s = "x";\n  @Override public int f() { return 1; }\n}'],
  ['ruby', 'require "rbnacl"\nx = <<~EOS\n  #{y} text\nEOS\nputs x # c'],
  ['xml', '<?xml version="1.0"?>\n<a b="c"><!-- d --><![CDATA[ <e> ]]></a>'],
];

const shiki = (code: string, lang: string) => shikiThemedLines(instance, code, lang);

beforeAll(async () => {
  instance = await loadHighlighter();
  // Highlighting once inside withLanguages loads the grammar.
  for (const lang of [
    'bash',
    'typescript',
    'javascript',
    'python',
    'json',
    'yaml',
    'ruby',
    'html',
    'http',
    'go',
    'java',
    'xml',
  ])
    await withLanguages(instance, () => highlight(instance, 'x', lang));
}, 60_000);

describe('themedLines', () => {
  it("gives Shiki's tokens, tokenised and then from the cache", () => {
    for (const [lang, code] of SAMPLES) {
      const expected = shiki(code, lang);
      expect(themedLines(instance, code, lang), `${lang}: ${code}`).toEqual(expected);
    }
    // Again in reverse order: lines come from the cache, reached after other code's states.
    for (const [lang, code] of [...SAMPLES].reverse())
      expect(themedLines(instance, code, lang), `${lang}: ${code}`).toEqual(shiki(code, lang));
  });

  it('leaves lines of the capped length plain and the state as it was, whatever the load', () => {
    const long = `  canonicalizedBody: "${'eyJhcGlWZXJzaW9uIjoiMC4wLjEi'.repeat(200)}",`;
    const code = `const body = {\n${long}\n  short: "s",\n};`;
    const lines = themedLines(instance, code, 'typescript');
    expect(lines[1]).toEqual([{ content: long }]);
    expect(lines).toEqual(shiki(code, 'typescript'));
    // The line below it is tokenised as inside the object literal, as without the long line.
    expect(lines[2]).toEqual(themedLines(instance, 'const body = {\n  short: "s",\n};', 'typescript')[1]);
    const justUnder = `  k: "${'a'.repeat(MAX_TOKENIZED_LINE_LENGTH - 9)}",`;
    expect(justUnder.length).toBe(MAX_TOKENIZED_LINE_LENGTH - 1);
    expect(themedLines(instance, justUnder, 'typescript')[0]?.length).toBeGreaterThan(1);
  });

  it('tokenises a line at the start of code as a first line, not as a line inside another state', () => {
    // Numbers of states are per language: INITIAL, the same object in every grammar, once had the
    // number of the first state another language met (here: inside the object literal).
    themedLines(instance, 'echo first', 'bash');
    const inside = 'const response = await fetch("u", {\n  method: "POST",\n});';
    expect(themedLines(instance, inside, 'typescript')).toEqual(shiki(inside, 'typescript'));
    for (const code of ['  method: "POST",', `${'a'.repeat(MAX_TOKENIZED_LINE_LENGTH)}\n  method: "POST",`])
      expect(themedLines(instance, code, 'typescript')).toEqual(shiki(code, 'typescript'));
  });

  it("matches Shiki on GitHub's spec descriptions' code and its lines shuffled into new code", () => {
    const spec = readFileSync(
      resolve(
        import.meta.dirname,
        '../../../../test-data/node_modules/@octokit/openapi/generated/api.github.com.json',
      ),
      'utf8',
    );
    const fenced = [...spec.matchAll(/```(\w+)\\n(.*?)```/g)]
      .map((match) => [match[1] as string, JSON.parse(`"${match[2]}"`) as string] as const)
      .filter(([lang]) => ['json', 'bash', 'shell', 'javascript', 'python', 'yaml', 'ruby'].includes(lang));
    const examples = Object.values(
      (JSON.parse(spec) as { components: { examples: Record<string, { value?: unknown }> } }).components
        .examples,
    )
      .slice(0, 80)
      .map((example) => ['json', JSON.stringify(example.value, null, 2)] as const);
    const blocks = [...fenced, ...examples];
    expect(blocks.length).toBeGreaterThan(80);
    const lang = (name: string) => (name === 'shell' ? 'bash' : name);
    for (const [name, code] of blocks) {
      const expected = shiki(code, lang(name));
      expect(themedLines(instance, code, lang(name))).toEqual(expected);
    }
    // The same lines in another order: each line's state differs from where it was remembered.
    for (const [name, code] of blocks) {
      const shuffled = code.split('\n').reverse().join('\n');
      expect(themedLines(instance, shuffled, lang(name))).toEqual(shiki(shuffled, lang(name)));
    }
  });
});
