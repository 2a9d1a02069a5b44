/**
 * Code written by its shape (code-shapes.ts) is the HTML line by line highlighting writes: every
 * endpoint snippet of GitHub's spec (its 3,669 snippets share 346 shapes, so most are filled into
 * another snippet's shape), and snippets carrying hostile text in every place (quotes, escapes,
 * `${`, `#`, `//`, markup, newlines, unicode) against the HTML of Shiki's own tokens.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { SNIPPET_TARGETS } from '@sextant/request';
import type { HighlighterCore } from 'shiki/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shikiThemedLines } from '../testing/shiki-tokens.js';
import { requestsCarrying } from '../testing/snippet-requests.js';
import { shapedHtml } from './code-shapes.js';
import { highlightLines, loadHighlighter, warmHighlighter } from './highlight.js';
import { endpointSnippets, snippetLanguage } from './snippets.js';
import { lineHtml } from './token-html.js';

const GITHUB = resolve(
  import.meta.dirname,
  '../../../../test-data/node_modules/@octokit/openapi/generated/api.github.com.json',
);

let instance: HighlighterCore;

beforeAll(async () => {
  instance = await loadHighlighter();
  await warmHighlighter();
}, 60_000);

/** The HTML highlight.ts writes line by line (each line's tokens, unmasked, then written). */
const lineByLine = (code: string, lang: string) =>
  highlightLines(instance, code, lang, { remember: false }).lines.join('\n');

/** The HTML of Shiki's own tokens of `code`, written as token-html.ts writes tokens. */
const shikiHtml = (code: string, lang: string) =>
  shikiThemedLines(instance, code, lang)
    .map((tokens, i) => {
      const line = code.split(/\r?\n/)[i] as string;
      const flat: (number | string)[] = [];
      let end = 0;
      for (const token of tokens) {
        end += token.content.length;
        flat.push(end, token.light ?? '', token.dark ?? '');
      }
      return lineHtml(line, flat);
    })
    .join('\n');

describe.skipIf(!existsSync(GITHUB))("GitHub's endpoint snippets by their shapes", () => {
  it('are written as line by line highlighting writes them, each shape made once and filled', () => {
    const definition = importDefinition(readSpecFile(join(GITHUB))).definition;
    const snippets = Object.values(definition.endpoints).flatMap((endpoint) =>
      endpointSnippets(instance, definition, endpoint).map(
        (snippet) => [snippetLanguage(snippet.id), snippet.code] as const,
      ),
    );
    expect(snippets.length).toBeGreaterThan(3_000);
    for (const [lang, code] of snippets)
      expect(shapedHtml(instance, code, lang), code).toBe(lineByLine(code, lang));
  }, 300_000);
});

describe('snippets with hostile text in their literals', () => {
  it('are written as Shiki tokenises them, whether their shape is new or known', () => {
    const alphabet = `abcXYZ019 '"\\$\`(){}[]<>;,:?./=&#%!*+-_~^|@\néü中🪲`;
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const values = [
      'plain text',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's placeholder in a literal is the point.
      '${x}',
      '# not a comment',
      '// nor this',
      '<b>&amp;"</b>',
      "it's",
      'a\\',
      'x',
      '1',
    ];
    for (let i = 0; i < 60; i++)
      values.push(
        Array.from(
          { length: 1 + Math.floor(random() * 30) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join(''),
      );
    for (const [i, value] of values.entries())
      for (const request of requestsCarrying(value, i))
        for (const target of SNIPPET_TARGETS) {
          const code = target.generate(request);
          const lang = snippetLanguage(target.target);
          // Once as its shape is made (or filled from another value's), once from the shape.
          expect(shapedHtml(instance, code, lang), code).toBe(shikiHtml(code, lang));
          expect(shapedHtml(instance, code, lang), code).toBe(shikiHtml(code, lang));
        }
  }, 300_000);

  it("fill no shape whose masks are not theirs: a bash body's line `x` and a line masked to `x`", () => {
    // Both codes' masked lines are the same, and so are their counts of masks: not their lines.
    const body = (lines: string[]) =>
      `curl -X POST 'https://a.test/' \\\n  --data '{\n${lines.join('\n')}\n}'`;
    for (const code of [body(['x', '  "a": 1']), body(['  "a": 1', 'x'])])
      for (let i = 0; i < 2; i++)
        expect(shapedHtml(instance, code, 'bash'), code).toBe(shikiHtml(code, 'bash'));
  });

  it('writes lines too long to tokenise as they are, and CRLF line ends as Shiki splits them', () => {
    const long = `url = "${'a'.repeat(400)}"`;
    for (const code of [long, `${long}\nprint(1)`, 'a = "b"\r\nc = 2\r\n'])
      for (let i = 0; i < 2; i++)
        expect(shapedHtml(instance, code, 'python'), code).toBe(shikiHtml(code, 'python'));
  });
});
