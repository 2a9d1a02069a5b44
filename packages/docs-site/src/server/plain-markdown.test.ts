/**
 * The markdown fast path against the full pipeline: what it takes (paragraphs, headings, one-line
 * list items, quotes and callouts of simple inline markdown) renders to the pipeline's HTML and
 * table of contents; everything else, hostile input first, is left to the pipeline. The proof on
 * GitHub's, Stripe's and the example specs' descriptions is plain-markdown.corpus.test.ts.
 */
import { type PlainBlock, type PlainInline, parseMarkdown, plainTree } from '@sextant/ui/markdown';
import { describe, expect, it } from 'vitest';
import { loadHighlighter, warmHighlighter } from './highlight.js';
import { renderMarkdown, renderWithPipeline } from './markdown.js';
import { plainMarkdown } from './plain-markdown.js';

const highlighter = await loadHighlighter();
// Code blocks are highlighted (not written as plain text) only once their grammars are loaded.
await warmHighlighter(['json', 'ruby', 'bash', 'typescript', 'html']);

/** What the page pipeline's fast path reads. */
const GFM = { tables: true, literals: true } as const;

/** Whether a node or one under it is GFM's alone: a table or a URL literal (a link written as its own text). */
function gfmOnly(node: PlainBlock | PlainInline, text: string): boolean {
  if (node.type === 'table') return true;
  if (node.type === 'link' && !text.includes(`](${node.url}`)) return true;
  return 'children' in node && (node.children as (PlainBlock | PlainInline)[]).some((n) => gfmOnly(n, text));
}

/** Whether GFM reads `text` otherwise than CommonMark (to which tables and literals are text). */
const hasGfmOnly = (text: string) =>
  plainTree(text, GFM)?.children.some((block) => gfmOnly(block, text)) ?? false;

/** The parser's (CommonMark) tree without positions. */
const parsed = (text: string): unknown =>
  JSON.parse(JSON.stringify(parseMarkdown(text), (key, value) => (key === 'position' ? undefined : value)));

/** The fast path's output, required to be the pipeline's. */
function taken(text: string) {
  const fast = plainMarkdown(highlighter, text);
  expect(fast, JSON.stringify(text)).toBeDefined();
  expect(fast, JSON.stringify(text)).toEqual(renderWithPipeline(highlighter, text));
  return fast;
}

describe('plainMarkdown', () => {
  it('leaves every construct it does not know to the pipeline, hostile ones first', () => {
    const refused = [
      // Raw HTML, autolinks, script URLs, images, references, footnotes.
      '<b>a</b>',
      'a <script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'a <!-- b -->',
      '<https://x.y>',
      '[a](javascript:alert(1))',
      '[a](JAVASCRIPT:alert(1))',
      '[a](data:text/html,x)',
      '[a](vbscript:x)',
      '[a](//evil.test/x)',
      '[a](/\\evil.test)',
      '[a](mailto:a@b.c)',
      '[a](/b "t" x)',
      '[a](/b "t & u")',
      '[Ünïcode](/ü): the parser percent-encodes the address',
      '[a](</b>)',
      '[a](/b(c))',
      '[a](/b c)',
      '[a](/b?c=&amp;d)',
      '[a](/b?c=&#106;avascript)',
      '![a](/b)',
      '[a]',
      '[a][b]',
      '[a]: /b',
      '[^1]',
      '[^1](/b)',
      '[a *b*](/c)',
      '[[a](/b)](/c)',
      '[\na](/b)',
      '[a\n](/b)',
      // GFM autolink literals, strikethrough, tables, task lists.
      'see www.example.com',
      'see HTTP://example.com',
      'see ftp://example.com',
      'see (https://x.test)',
      'see "https://x.test"',
      'see https://x.test/a_b',
      'see https://x.test/a~b',
      'see https://x.test/a-',
      'see https://x.test/a..',
      'see https://x.test/?q=1',
      'see https://x.test/#top',
      'see https://x.test:8080/',
      'see https://x_y.test',
      'see https://localhost',
      'see https://x.test/<b>',
      'see https://x.test/a)',
      'see https://x.test;',
      'see https://x.test/&amp;',
      'see https://x.test/@me',
      'a*https://x.test*',
      'a https://x.test*',
      '[https://x.test](/a)',
      '[see https://x.test](/a)',
      '## https://x.test/a_b',
      'mail a@b.co',
      'mail a.b@c.co, x_@y.co, x+@y.co or 1@x.co',
      'see é@x.co',
      '~~a~~',
      '~a~',
      'a | b\n--|--\nc | d',
      // Tables other than the plain form: ragged, unpadded, escaped or split code, no delimiter row, a
      // line after them, in a quote or interrupting a paragraph, a cell the inline reader refuses.
      '| a | b |\n| - | - |\n| c |',
      '| a | b |\n| - | - |\n| c | d | e |',
      '| a |\n| - |\ntext after',
      '|a|\n|-|',
      '| a \\| b |\n| - |',
      '| `a | b` |\n| - |',
      '| a |\n| x |',
      '| a | b\n| - | - |',
      '| a |\n| - |\n\n| b |',
      '> | a |\n> | - |',
      'Text\n| a |\n| - |',
      '| <b>a</b> |\n| - |',
      '| a |\n|  |',
      '- [ ] task',
      '- [x] done',
      // Entities and escapes that are not plain.
      'a &amp; b',
      'a &#60;b&#62;',
      'a &#x3C; b',
      'a\\b',
      'a\\',
      'a\\\nb',
      // Unbalanced, nested or doubtful emphasis; a lone run that may be a list item or a rule.
      '*',
      'a\n*',
      '***',
      '*a* b *',
      '**a*',
      '*a**',
      '***a***',
      '**a _b_ c**',
      '*a **b** c*',
      '**a**b',
      'a**b**',
      '*a*b',
      'a*b*c',
      '** a**',
      '**a **',
      '*',
      '* * *',
      '***',
      '___',
      '- - -',
      `${'*'.repeat(500)}a${'*'.repeat(500)}`,
      `${'**a '.repeat(2000)}`,
      `${'['.repeat(3000)}a${']'.repeat(3000)}`,
      // Code it does not take: fences other than three backticks and a language name, or unclosed, or
      // closed other than by three backticks alone, in a quote or list, or with tabs and control
      // characters; indented code, double backticks, unmatched, edge spaces.
      '~~~\ncode\n~~~',
      '````\ncode\n````',
      '```js title="a"\ncode\n```',
      '``` js\ncode\n```',
      '```js \ncode\n```',
      '```j&amp;s\ncode\n```',
      '```j\\s\ncode\n```',
      '```1c\ncode\n```',
      ' ```\ncode\n```',
      '```\ncode',
      '```\ncode\n',
      '```\ncode\n ```',
      '```\ncode\n   ```',
      '```\ncode\n````',
      '```\ncode\n``` ',
      '```\ncode\n```js',
      '```\n````js\n```',
      '```\na\tb\n```',
      '```\na\r\nb\n```',
      '```\na\u0000b\n```',
      '```\na\ud800b\n```',
      '> ```\n> x\n> ```',
      '- a\n```\nb\n```',
      '- ```\n  b\n  ```',
      '> a\n```\nb\n```',
      '```\n[a](javascript:alert(1))\n```\n[a](javascript:alert(1))',
      '```\nx\n```\n<script>alert(1)</script>',
      '    code',
      '``a``',
      'a `b',
      '` a`',
      '`a `',
      '`a\\`',
      '`a\tb`',
      // Code spans over lines only in lines as written: the parser keeps a line's edge spaces and
      // its indentation (but an item's) in the span; a blank line or a block ends it.
      'a `b \nc`',
      'a `b  \nc`',
      'a `b\n c`',
      'a `b\n   c`',
      '  a `b\nc`',
      'a `b\nc` ',
      'a `b\n\nc`',
      '`a\n`',
      '`\na`',
      'a ``b\nc``',
      'a `b\n    c`',
      'a `b\n# c`',
      'a `b\n- c`',
      'a `b\n> c`',
      'a `b\n```\nc`',
      '- a `b\n  c`',
      '- a `b \nc`',
      '- a\n  `b\nc`',
      '> a `b\n>  c`',
      '> a `b \n> c`',
      '| `a\nb` |\n| - |',
      // Tabs in a table only among a cell's padding spaces, never by a pipe or in its text.
      '| a |\n| - |\n|\tb |',
      '| a |\n| - |\n| b\t|',
      '| a |\n| - |\n| b \t c |',
      '| a |\n| - |\n| b\\\t |',
      '| a |\n| -\t |\n| b |',
      '[a `b \nc`](/d)',
      // Lists nested only right under an item's paragraph, at its content column, with nothing
      // but lazy lines at column 0 among them.
      '- a\n  2. b',
      '- a\n  - \n  - c',
      '- a\n   - b',
      '- a\n - b',
      '-   a\n  - b',
      '- a\n  - b\n * c',
      '- a\n  - b\n* c',
      '- a\n  - b\n  * c',
      '- a\n  + b\n  - c',
      '- a\n  - b\n# c',
      '- a\n  - b\n  # c',
      '- a\n  - b\n  > c',
      '- a\n  - b\n\n  - c',
      // An item's paragraph after a blank line only at its content column, and then as a paragraph.
      '- a\n\n   b',
      '- a\n\n  - b',
      '- a\n\n  # b',
      '- a\n\n  > b',
      '- a\n\n      b',
      '- a\n  - b\n\n    c',
      '- a\n\n  b `c\n  d`',
      '- a\n  - b\n  ```\n  x\n  ```',
      '[a `b\n c`](/d)',
      // Blocks: setext headings, breaks, indentation, lazy lines, nesting, doubtful quotes.
      'a\n===',
      'a\n---',
      '---',
      '[a  \nb](/c)',
      'a\t\nb',
      'a\u00a0\nb',
      'a \u00a0\nb',
      'a\u00a0 \nb',
      '#a',
      '# a #',
      '## a ##',
      '## #',
      '## a  #',
      '#  a',
      '####### a',
      '- a\n  > b',
      '- a\n  # b',
      '- a\n  ```\n  x\n  ```',
      '- a\n  | b |',
      '- a\n---',
      '- a\n  ***',
      '- a\n\t b',
      '    indented code',
      'a\n    - b',
      'a\n   > b',
      'a\n  # b',
      'a\n  ```\n  x',
      '- a\n\n  - b',
      '- a\n* b',
      '- a\n1. b',
      '-     five spaces open code in the item',
      '- ',
      '- a\n# b',
      '1. a\n- b',
      'a\n2. b',
      '> > a',
      '>a',
      '> ```\n> x',
      // After a quote, lines that would open a block, or follow no paragraph, are not lazy.
      '> a\n***',
      '> a\n_ _ _',
      '> a\n* * *',
      '> a\n===',
      '> a\n---',
      '> a\n# b',
      '> a\n- b',
      '> a\n1. b',
      '> a\n```\nx\n```',
      '> a\n<div>b</div>',
      '> a\n| b |',
      '> a\n  b',
      '> a\nb ',
      '> # a\nb',
      '> - a\nb',
      '> a\n>\nb',
      '> ***\nb',
      '>     code',
      '> a\n>\n>     code',
      '   > a',
      // Characters the parser rewrites or the serialiser encodes.
      'a\u0000b',
      'a\r\nb',
      'a\tb',
      'a\u0001b',
      'a\ud800b',
      'a\u2028b',
      'a\u00a0',
      '',
      '\n\n',
    ];
    for (const text of refused)
      expect(plainMarkdown(highlighter, text), JSON.stringify(text)).toBeUndefined();
    // Whatever it refuses, the pipeline still renders safely.
    expect(renderMarkdown(highlighter, '[a](javascript:alert(1))').html).toBe('<p><a>a</a></p>');
  });

  it('renders inline markdown as the pipeline does', () => {
    const texts = [
      'Needs the `repo` scope.',
      '`admin:org` and `write:packages`, then `*` or `[x]` or `a_b_c` or `a|b` or `<b>&amp;"q"`.',
      'For more, see "[Media types](https://docs.github.com/rest/using-the-rest-api#media-types)."',
      "[Pages](/rest/pages) and [REST](http://x.y/z?a=1,b;c&d=%20e@f!$*') and [`POST /x`](/rest/x \"A 'b'\").",
      '**Fine-grained access tokens for "List tasks"**',
      '- **`application/vnd.github.raw+json`**: Returns the raw body.',
      'An *emphasis*, a _second_, a **strong** and __another__, then (**in**) "*quotes*".',
      'Searches **short\\_description** and `text-match`; \\*not\\* \\[emphasis\\] \\<b\\> \\&amp;',
      'snake_case, __init__ names_like_this and a & b > c { d } = $e #f: g | h',
      'Lines\nbreak **across\nlines** softly.',
      'Unicode — “quotes” é→ü 😀 and  double   spaces.',
      'Get an **@mention**, "@@" hunks, @octocat, (@me) or a lone @ and @@@.',
      'See [Create\nor update a secret](/rest/secrets) and [a\nb `c`\nd](https://x.test/d "T").',
      // Code spans over lines written as they are: each line end a space in the HTML.
      'a `b\nc` d and `e\nf\ng`',
      'Searching for [`amazing\nlanguage:go`](https://github.com/search?q=amazing+language%3Ago&type=Code) is.',
      '*   You must [`amazing\nlanguage:go`](https://x.test/a) and *em `b\nc`* and **`d\ne`**',
      '1. x `a\nb`\n2. y',
      '> a `b\nc`\n\n> [!NOTE]\n> d `e\n> f`',
      // One delimiter run, which pairs with none: text.
      '*a',
      'a*',
      "Only letters, numbers, '.', '-', and '_'.",
      'Default. **This property is closing down. Use `squash_merge_commit_title` instead.',
      '## Closing down __\n\n- a *\n- b',
      '_a_b',
      '**',
    ];
    for (const text of texts) taken(text);
    expect(renderMarkdown(highlighter, 'Needs **`repo`**.')).toEqual(
      plainMarkdown(highlighter, 'Needs **`repo`**.'),
    );
    expect(plainMarkdown(highlighter, 'Needs **`repo`**.')?.html).toBe(
      '<p>Needs <strong><code>repo</code></strong>.</p>',
    );
  });

  it('renders headings, lists, quotes and callouts as the pipeline does, with its table of contents', () => {
    const texts = [
      '#### Example `x` here\n\nText\n## Example `x` here\n# Top\n##### Small\n###### Smaller\n### Setup & run',
      'Intro:\n\n* [GitHub App tokens](https://docs.github.com/en/apps)\n* [Fine-grained tokens](/en/auth#fine)\n\nAfter.',
      'Conditions:\n  - The package was deleted.\n  - The namespace is free.\n\nNext.',
      '- a\n\n- b\n\n\n- c\n\nEnd.',
      '1. one\n2. two\n3. three',
      '3) three\n4) four',
      '+ plus\n+ items',
      'Para\n- interrupted by a list\n- of two',
      'Para\n1. interrupted by an ordered list',
      'Para\n## interrupted by a heading\nand continued',
      '> [!NOTE]\n> This endpoint is in public preview.\n\nReturns a list.',
      '> [!warning] Deprecated: use [the new one](/rest/new).\n> More text.',
      '> [!Tip]\n>\n> A tip in its own paragraph.\n>\n> - with a list',
      '> [!IMPORTANT]',
      '> [!NOTE](/a-link-not-a-callout)',
      '> [!FOO]\n> not a callout kind: a quote',
      '> [!CAUTION]\n> **Bold** first',
      '> A plain quote\n> over two lines.\n>\n> ## A heading in it',
      '# Title\n\n## Title\n\n## Title\n\n### Title',
      '#### Example encrypting a secret using C#\n\n## C\\# and F#, not a closing sequence',
      "*   **Timeline**: The public timeline\n*   **User**: A user's, via `uri_template`.\n\n1.  Two spaces\n2.    Four",
      'See [Setup ](#setup), [ the rest](#rest) and [top](#h-top)[.](#) Then:\n\n## Setup\n\n## Top',
      "[encoded](#a%20b) and [quote](#it's) and [x](#user-content-x)",
      '| Name | Type | Description |\n| ---- | ---- | ----------- |\n| `verified` | `boolean` | Is it **verified**, see [it](#setup). |\n| `reason` |  | An `x`, see [docs](https://x.test/d#e). |\n\n## Setup',
      '| a |\n| - |',
      'Intro:\n\n| L | C | R | N |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n|   |   |   |   |\n\nAfter.',
      '## Limits\n\n| **SARIF data**   | **Maximum values** |\n|------------------|:------------------:|\n| Runs per file    |         20         |\n\n- a list after',
      '| a\t | b |\n| - | - |\n| c\t  | \td |\n| `e`\t\t | \t |\n| *f*\t | g |',
      // Lists nested right under an item's paragraph, tight or in a loose list, lazy lines in them.
      '- a\n  - b\n  - c\n- d\n  1. e\n  2. f',
      '- If the size is:\n  - small: `raw`, except\nlazily continued.\n  - large: not `b\n  c`.',
      '- a\n\n- b\n  - c\n    - d\n  - e\n\n- f',
      '1. a\n   1. b\n   2. c\n2. d',
      '> - a\n>   - b\n\nText\n* a\n  - b\n\n\nEnd.',
      // Items' paragraphs after a blank line (the item spread, the list loose), lists under them.
      '**Outer loop**:\n* List a.\n* Parse b:\n\n  **Inner loop**:\n  * Delete c.\n  * Parse d.\n\nThe above',
      '- a\n\n  b\n\n  c\n  - d\n\n  e\n- f\n\n  g\nlazy',
      '1. a\n\n   b\n2. c\n\n- d\n  - e\n\n  f\n\nEnd.',
    ];
    for (const text of texts) taken(text);
    expect(plainMarkdown(highlighter, '## A `b`\n\n## A b')).toEqual({
      html: '<h2 id="h-a-b">A <code>b</code></h2>\n<h2 id="h-a-b-2">A b</h2>',
      toc: [
        { id: 'h-a-b', text: 'A b', depth: 2 },
        { id: 'h-a-b-2', text: 'A b', depth: 2 },
      ],
    });
  });

  it("renders line ends' trailing spaces and hard breaks, and GFM's URL literals, as the pipeline does", () => {
    const texts = [
      'a  \nb',
      'a \nb',
      'Trailing   ',
      'a   \n**b**  \n`c`  \n[d](/e)\nf ',
      'Default: `false`.  \n**Note**: You will get a `422` error.',
      'Can be one of:  \n- `admin`\n- `member`',
      'A paragraph  \n## and a heading after it',
      '> [!WARNING]  \n> This endpoint is in the process of closing down.\n\nRead on.',
      '> [!NOTE] \n> One trailing space is no break.',
      '> A quote  \n> with a break',
      '**strong  \nover a break** and _emphasis  \ntoo_',
      'see http://example.com',
      'Marks a thread as "read." See your inbox on GitHub: https://github.com/notifications.',
      'Please review the Terms:\n\nhttps://docs.github.com/site-policy/github-terms/github-terms-of-service',
      'Featured on https://github.com/topics. Your query, https://x.test/a/b/, https://x-y.test/c.d/e! Or https://x.test? Yes: https://x.test:\nhttps://a.b',
      '- https://x.test/list-item\n\n## https://x.test/heading\n\n| https://x.test/cell |\n| - |',
      '**https://x.test** and https://x.test/a_b_c_ are not literals of this form',
    ];
    for (const text of texts) {
      if (text.includes('not literals')) {
        expect(plainMarkdown(highlighter, text)).toBeUndefined();
        continue;
      }
      taken(text);
      if (!hasGfmOnly(text)) expect(plainTree(text), JSON.stringify(text)).toEqual(parsed(text));
    }
    expect(plainMarkdown(highlighter, 'a  \nb')?.html).toBe('<p>a<br />\nb</p>');
    // To CommonMark (the field renderer) a URL is text: its reader leaves it to the parser.
    expect(plainTree('see https://x.test')).toBeUndefined();
  });

  it('renders list items and quotes of several lines and indented paragraphs as the pipeline does', () => {
    const texts = [
      ' a',
      'a\n b',
      'a  \n  b',
      '    \na',
      'a\n \nb',
      '- a\nb',
      '- a\n  b',
      '   Three spaces\n        and eight on the next line.',
      '1. one\n   continued\n2. two\nlazy **two**',
      '- a  \n  with a break\n- b \n  no break',
      '*   If the user is _adding_ a member, they get an email.\n    \n*   Users can _update_ a role.\n\n**Rate limits**',
      '**Notes:**\n*   GitHub renames assets. See "[List](https://x.test/a)"\nendpoint lists them. \n*   To find the `id` query [the `GET /x` endpoint](https://x.test/b). \n*   If you upload one.',
      '- If within a browser, fetch it.\n- Alternatively, set the `Accept` header to \n  [`application/octet-stream`](https://x.test/m). \n  The API will redirect.\n  Clients handle both.',
      'Provides hovercard information.\n\n  The `subject_type` and `subject_id` parameters provide context.\n\nNext.',
      // Quotes' indented lines, and text lines continuing them lazily.
      '>  a',
      '> a\n>    b',
      '> a\nb',
      '> a\nb\n**c** [d](/e)\n\nAfter.',
      '> [!NOTE]\n>    This operation supports both server-to-server and user-to-server access.\nUnauthorized users will not see the existence of this endpoint.',
      '> - a\n>   b\nc',
    ];
    for (const text of texts) {
      taken(text);
      expect(plainTree(text), JSON.stringify(text)).toEqual(parsed(text));
    }
  });

  it('renders fenced code blocks as the pipeline does: highlighted, escaped, never markup', () => {
    const texts = [
      '```\ncode\n```',
      '```\n```',
      '```\n\nblank lines kept\n\n\n```',
      'For example:\n\n```\n./config.sh --url https://github.com/octo-org --token TOKEN\n```\n\nThen **run** it.',
      '**Example request body:**\n```json\n{\n  "repository_ids_to_add": [123, 456],\n  "a": "<b>&amp;</b> \'q\'"\n}\n```',
      '#### Example using Ruby\n\n```ruby\nrequire "rbnacl"\n# Print the base64 encoded secret\nputs Base64.strict_encode64(x)\n```\n\n## After',
      '```JSON\n{"upper": true}\n```',
      '```unknown-lang\nx < y && y > z\n```',
      '```bash\ncurl -H "Accept: application/json" https://x.test/?a=1&b=2\n```',
      '```html\n</code></pre><script>alert(1)</script><img src=x onerror=alert(1)>\n```',
      '```\n&amp; &lt;b&gt; &#60; &quot; "q" \'a\' ` \\ [a](javascript:x) <!-- c -->\n```',
      '```\n~~~\n    ```\nnot closed by a tilde fence or an indented one\n```',
      '```\none\n```\n```\ntwo\n```\n- list\n- after\n\n> [!NOTE]\n> A callout after.',
      '| a |\n| - |\n| `b` |\n\n```\ncode after a table\n```',
    ];
    for (const text of texts) {
      taken(text);
      // Tables are GFM's: CommonMark's reader has no tree to compare.
      if (!hasGfmOnly(text)) expect(plainTree(text), JSON.stringify(text)).toEqual(parsed(text));
    }
    expect(plainMarkdown(highlighter, '```\n<b>&amp;</b>\n```')?.html).toBe(
      '<pre class="sx-code" data-lang="text" tabindex="0"><code>&#x3C;b>&#x26;amp;&#x3C;/b></code></pre>',
    );
  });

  it("matches the parser's tree and the pipeline on every seeded random mix of markdown pieces it takes", () => {
    const pieces = [
      ...['*', '**', '_', '`', '[', ']', '](', ')', '\\', '\\*', '\\_', '&', '&amp;', '#', '# ', '## '],
      ...['> ', '>', '- ', '* ', '1. ', '2. ', '  - ', '\n', '\n', '\n\n', ' ', ' ', 'a', 'word', 'x_y'],
      ...['[!NOTE]', '[!tip] ', '`c`', '**d**', '*e*', '_f_', '[a](/b)', '[`x`](https://a.b/c)', ':'],
      ...['.', '"', '(', '|', '<b>', 'www.x', 'http://a', '@', '~', '\t', '\u00a0', '---', '===', '    '],
      ...['\n| a | b |\n| - | :-: |\n', '| ', ' | ', ' |\n', '|---|'],
      ...['\n```\n', '```json\n', '\n```', '```', '\n```ruby\n{"a": 1}\n```\n', ' ```'],
      ...['  \n', ' \n', '   \n', 'https://x.test/a', ' https://a.b.c/d. ', 'http://', 'https://a.b'],
      ...['\n  x', '\n    y', '\n   ', '\n- z\n  w', 'a  \nb'],
    ];
    let seed = 30;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    let count = 0;
    let tables = 0;
    let code = 0;
    let literals = 0;
    let breaks = 0;
    for (let n = 0; n < 8000; n++) {
      let text = '';
      for (let k = Math.floor(random() * 16); k >= 0; k--)
        text += pieces[Math.floor(random() * pieces.length)];
      const fast = plainMarkdown(highlighter, text);
      if (!fast) continue;
      count++;
      if (text.includes('```')) code++;
      // Tables and literals are GFM's: CommonMark's reader (plainTree without them) leaves the text
      // to its parser.
      if (hasGfmOnly(text)) {
        if (text.includes('|')) tables++;
        else literals++;
        expect(plainTree(text), JSON.stringify(text)).toBeUndefined();
      } else expect(plainTree(text), JSON.stringify(text)).toEqual(parsed(text));
      if (text.includes('  \n') && fast.html.includes('<br />')) breaks++;
      expect(fast, JSON.stringify(text)).toEqual(renderWithPipeline(highlighter, text));
    }
    expect(count).toBeGreaterThan(120);
    expect(tables).toBeGreaterThan(5);
    expect(code).toBeGreaterThan(5);
    expect(literals).toBeGreaterThan(5);
    expect(breaks).toBeGreaterThan(5);
  });
});
