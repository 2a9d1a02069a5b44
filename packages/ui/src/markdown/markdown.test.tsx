/**
 * The one markdown renderer: CommonMark to React elements under the caller's link and HTML
 * rules; hostile input (raw HTML, handlers, script URLs, delimiter bombs, deep nesting, 100 KB)
 * renders inert and in bounded time.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  boundedMarkdown,
  MAX_DELIMITER_RUNS,
  MAX_DEPTH,
  MAX_LENGTH,
  type MarkdownOptions,
  parseMarkdown,
  plainMarkdownNodes,
  plainTree,
  renderMarkdown,
  safeHref,
} from './markdown.js';

const html = (text: string, options: MarkdownOptions = { html: 'strip' }) =>
  renderToStaticMarkup(<>{renderMarkdown(text, options) as ReactNode}</>);

/** Every element and attribute of rendered output must be one of these. */
const ELEMENTS = new Set([
  'p',
  'strong',
  'em',
  'code',
  'pre',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'br',
]);

function expectInert(out: string) {
  for (const [, name] of out.matchAll(/<([a-z0-9]+)/gi)) expect(ELEMENTS.has(name ?? ''), name).toBe(true);
  expect(out).not.toMatch(/<[a-z]+[^>]*\son\w+=/i);
  for (const [, href] of out.matchAll(/href="([^"]*)"/g))
    expect(href).toMatch(/^(https?:\/\/|mailto:|\/[^/\\]|#)/);
}

describe('renderMarkdown', () => {
  it('renders paragraphs, emphasis, code, links, lists, quotes and code blocks', () => {
    expect(html('Use **the `pets` CLI** and *read* [this](https://x.test/a_(b) "T").')).toBe(
      '<p>Use <strong>the <code>pets</code> CLI</strong> and <em>read</em> <a href="https://x.test/a_(b)" rel="noopener noreferrer nofollow">this</a>.</p>',
    );
    expect(html('- one\n- two\n  - nested')).toBe(
      '<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul>',
    );
    expect(html('3. c\n4. d')).toBe('<ol start="3"><li>c</li><li>d</li></ol>');
    expect(html('> note')).toBe('<blockquote>note</blockquote>');
    expect(html('```\na < b\n```')).toBe('<pre><code>a &lt; b</code></pre>');
    expect(html('[ref] and [gone][x]\n\n[ref]: /users')).toBe(
      '<p><a href="/users">ref</a> and [gone][x]</p>',
    );
    expect(html('## Title')).toBe('<p><strong>Title</strong></p>');
  });

  it('shows raw HTML as text, or drops its tags to their text', () => {
    const source = 'a <b onclick="x()">b</b><br>c\n\n<div onmouseover="x()">block</div>';
    expect(html(source)).toBe('<p>a b c</p>block');
    const asText = html(source, { html: 'text' });
    expect(asText).toContain('&lt;b onclick=&quot;x()&quot;&gt;');
    expectInert(asText);
  });

  it('refuses javascript:, data:, vbscript:, protocol-relative and backslash links', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.test/x',
      '/\\evil.test',
      'java\tscript:alert(1)',
      'file:///etc/passwd',
    ])
      expect(safeHref(url), url).toBeUndefined();
    for (const url of ['https://x.test', 'http://x.test/a', 'mailto:a@x.test', '/users', '#id'])
      expect(safeHref(url), url).toBe(url);
    const out = html(
      '[a](javascript:alert(1)) [b](<javascript:alert(1)>) [c](data:text/html;base64,PHNjcmlwdD4=) <javascript:alert(1)> [d](&#106;avascript:alert(1)) ![e](javascript:alert(1)) [f][g]\n\n[g]: javascript:alert(1)',
    );
    expect(out).not.toContain('<a');
    expect(out).not.toContain('<img');
    expect(out).toContain('a b c');
    expectInert(out);
  });

  it('renders the hostile corpus inert under both HTML rules', () => {
    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)><script>alert(2)</script></svg>',
      '<a href="javascript:alert(3)">x</a>',
      '<iframe src="javascript:alert(4)"></iframe>',
      '"><img src=x onerror=alert(5)>',
      '<style>*{display:none}</style>',
      '[x](javascript:alert(6) "t")',
      '***__*_nested_*__***',
    ].join('\n\n');
    expectInert(html(corpus));
    expectInert(html(corpus, { html: 'text' }));
    expect(html(corpus, { html: 'text' })).toContain('&lt;script&gt;');
  });

  it('bounds delimiter bombs, deep nesting and 100 KB inputs', () => {
    const bombs = {
      nestedEmphasis: `${'*a '.repeat(3000)}b${'*'.repeat(3000)}`,
      brackets: `${'['.repeat(5000)}a${']'.repeat(5000)}`,
      links: '[a]('.repeat(4000),
      quotes: `${'>'.repeat(10_000)} deep`,
      stars: '*'.repeat(100_000),
      mixed: '*a [b](c) _d_ `e` <f> '.repeat(5000),
    };
    for (const [name, text] of Object.entries(bombs)) {
      const started = performance.now();
      const out = html(text);
      expectInert(out);
      // Generous for a shared 2-core machine: unbounded, the nested emphasis alone takes minutes.
      expect(performance.now() - started, name).toBeLessThan(10_000);
    }
    const quotes = html(`${'> '.repeat(MAX_DEPTH * 2)}deep *text*`);
    expect(quotes.match(/<blockquote>/g)?.length).toBe(16);
    const lists = html(
      Array.from({ length: MAX_DEPTH * 2 }, (_, i) => `${'  '.repeat(i)}- *l${i}*`).join('\n'),
    );
    expect(lists.match(/<ul>/g)?.length).toBeLessThan(MAX_DEPTH);
    expect(lists).toContain(`l${MAX_DEPTH * 2 - 1}`);
    expect(boundedMarkdown(`${'*a '.repeat(300)}`)).toContain('\\*a');
    expect(boundedMarkdown('**a** [b](c)')).toBe('**a** [b](c)');
    // The limit is per block: more runs in all, fewer in each, are left as they are.
    const twoBlocks = `${'*a '.repeat(200)}\n \n${'_b_ '.repeat(100)}`;
    expect(boundedMarkdown(twoBlocks)).toBe(twoBlocks);
    const oneBlockPast = `plain *a*\n\n${'*a '.repeat(MAX_DELIMITER_RUNS + 1)}`;
    expect(boundedMarkdown(oneBlockPast)).toMatch(/^plain \*a\*\n\n\\\*a /);
    // Quotes nest 16 deep; a further marker is text, on any line.
    const deep = `a\n\n${'> '.repeat(16)}b\n${'>'.repeat(17)}c`;
    expect(boundedMarkdown(deep)).toBe(`a\n\n${'> '.repeat(16)}b\n${'>'.repeat(16)}\\>c`);
    expect(boundedMarkdown(`${'> '.repeat(16)}b`)).toBe(`${'> '.repeat(16)}b`);
    const long = `${'word '.repeat(MAX_LENGTH / 5)}\n\n<script>x</script>`;
    expect(html(long)).toContain('<p>&lt;script&gt;x&lt;/script&gt;</p>');
  });
});

describe('the fast path (plainTree, plainMarkdownNodes)', () => {
  /** The parser's tree without positions. */
  const tree = (markdown: string): unknown =>
    JSON.parse(
      JSON.stringify(parseMarkdown(markdown), (key, value) => (key === 'position' ? undefined : value)),
    );
  /** Taken: the parser's tree, and renderMarkdown's elements and HTML. */
  const taken = (text: string) => {
    expect(plainTree(text), JSON.stringify(text)).toEqual(tree(text));
    const options: MarkdownOptions = { html: 'strip' };
    const nodes = plainMarkdownNodes(text, options);
    expect(nodes, JSON.stringify(text)).toEqual(renderMarkdown(text, options));
    expect(renderToStaticMarkup(<>{nodes}</>), JSON.stringify(text)).toBe(html(text));
  };

  it("builds the parser's tree and renderMarkdown's elements for what it takes", () => {
    const texts = [
      'The account owner of the repository. The name is not case sensitive.',
      'Use ISO 8601 format: YYYY-MM-DDTHH:MM:SSZ. Default: 30 (max 100) | #1 = {x} $y',
      'Unïcode — “quotes” 😀 and  double   spaces',
      'a',
      'Needs the `repo` scope, **`admin:org`** or *one* of _these_; see [Pages](/rest/pages "Pages").',
      'snake_case, __init__, a & b, \\*not\\* \\[emphasis\\] and "(**quoted**)".',
      'Lines\nbreak **across\nlines** softly.\n\nA second paragraph.',
      '- one\n- two\n\n1. first\n2. second\n\n3) third\n\n- loose\n\n- list',
      'Intro:\n  - interrupted by a list\n\n## A heading `x`\n\n# Top\nText after it.',
      '> [!NOTE]\n> A callout marker is text to CommonMark.\n\n> A quote\n>\n> - with a list',
      'Get an **@mention**, "@@" hunks, @octocat or (@me); see [Create\nor update](/rest/secrets).',
      'Example:\n```json\n{"a": "<b>&amp;</b>"}\n```\n\n```\n\n</pre><script>alert(1)</script>\n```',
      'trailing space ',
      'A hard  \nbreak, a soft \none, `code`  \n**strong**   \nand the end  ',
      '> [!NOTE]  \n> A break after a callout marker.',
      ' leading space',
      '- a\nlazy\n- b\n  indented',
      '> a quote\n>    indented\nand lazy',
      '- a\n  - nested\n  - list\nlazily\n- b',
      '* a\n* b:\n\n  a second paragraph:\n  * nested\n\nafter',
      'A code span `over\nlines`, [`in\na link`](/a) and *`emphasis\nto`*.\n- item `a\nb`\n- lazy `c\nd`',
      // One delimiter run pairs with none: text, joined with the text around it.
      "Letters, numbers, '.', '-', and '_'.",
      'As default. **This property is closing down. Please use `other_title` instead.',
      '*a',
      'a*b',
      '# Closing down **',
      '- one __\n- two\n\n> quoted *\n\n**',
      'a \\* b _ c',
      'broken  \n__ here',
      '[a link](/a) then *',
      'The format:\n{namespace}-{name}.\n\n{a}',
    ];
    for (const text of texts) taken(text);
    expect(plainMarkdownNodes('The name.', { html: 'strip' })).toEqual([<p key="m.0">{['The name.']}</p>]);
  });

  it('leaves every construct it does not know, and hostile or oversized input, to the parser', () => {
    const refused = [
      'trailing nbsp\u00a0',
      'nbsp before a line end\u00a0\nnext',
      '[a link text  \nbreak](/b)',
      'tab\there',
      'raw <b>html</b>',
      'entity &amp; here',
      'hard break\\\nnext',
      'nul \u0000 char',
      '<https://x.test>',
      'https://x.test and www.x.test are literals in GFM',
      'user@example.com',
      'a.b@example.com and x_@y.co',
      '~~strike~~',
      'an ![image](x.png)',
      '[a](javascript:alert(1))',
      '[a][b]\n\n[b]: /c',
      '**a *b* c**',
      '*a* b *',
      '***',
      'a\n___',
      '- a\n***',
      '* * *',
      '* **',
      'a\n*  **',
      '*',
      '[a *link](/a) *',
      '~~~\ncode\n~~~',
      '```js title="a"\ncode\n```',
      '```\nunclosed',
      '> ```\n> code\n> ```',
      '| a |\n| - |\n| b |',
      '    indented code',
      'a\n===',
      '---',
      '> > nested',
      '> a\n***',
      'code `over \nlines` with an edge space',
      'code `over\n  lines`, indented',
      '- code `in an\n  indented` item line',
      '- a\n   - nested past the content column',
      '- a\n  - b\n* another list',
      '<script>alert(1)</script>',
      // Past the parser's bounds: renderMarkdown escapes or flattens them, the fast path does not guess.
      `${'*a* '.repeat(MAX_DELIMITER_RUNS)}`,
      `${'a '.repeat(MAX_LENGTH / 2)}b`,
    ];
    for (const text of refused) {
      expect(
        plainTree(text) === undefined || text.length > MAX_LENGTH || boundedMarkdown(text) !== text,
      ).toBe(true);
      expect(plainMarkdownNodes(text, { html: 'strip' }), JSON.stringify(text)).toBeUndefined();
    }
  });
});
