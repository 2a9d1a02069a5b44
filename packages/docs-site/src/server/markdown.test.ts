import { describe, expect, it, vi } from 'vitest';

// A fresh highlighter module (no grammar loaded yet) even where files share a process
// (`npm run test:quick` runs without isolation): the first test needs one no build has touched.
vi.resetModules();
const { highlight, loadHighlighter, withLanguages } = await import('./highlight.js');
const { renderMarkdown } = await import('./markdown.js');
const { sanitize } = await import('./sanitize.js');

const highlighter = await loadHighlighter();

describe('renderMarkdown', () => {
  // First: no build has run yet, so the background warm-up has not loaded every grammar.
  it('loads a grammar when a build first asks for it, and builds again highlighted', async () => {
    const code = '```ruby\nputs "hi"\n```';
    // Outside withLanguages a grammar never asked for is plain text…
    expect(renderMarkdown(highlighter, code).html).not.toContain('<span');
    let builds = 0;
    const { html } = await withLanguages(highlighter, () => {
      builds++;
      return renderMarkdown(highlighter, code);
    });
    // …inside, it is loaded and the build redone once.
    expect(builds).toBe(2);
    expect(html).toMatch(/data-lang="ruby".*<span class="l[0-9a-f]+ d[0-9a-f]+">/s);
    await withLanguages(highlighter, () => builds++);
    expect(builds).toBe(3);
  });

  it('renders GFM tables, task lists, callouts, heading anchors and highlighted code', async () => {
    const { html, toc } = await withLanguages(highlighter, () =>
      renderMarkdown(
        highlighter,
        '## Install it\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\n> [!WARNING]\n> Careful **now**\n\n```json\n{"a": 1}\n```\n\n## Install it\n',
      ),
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<input type="checkbox" checked disabled aria-label="Done" />');
    expect(html).toContain('<aside class="sx-callout sx-callout-warning">');
    expect(html).toContain('<p class="sx-callout-title">Warning</p>');
    expect(html).toMatch(
      /<pre class="sx-code" data-lang="json" tabindex="0"><code>.*<span class="l[0-9a-f]+ d[0-9a-f]+">"a"<\/span>/s,
    );
    expect(toc).toEqual([
      { id: 'h-install-it', text: 'Install it', depth: 2 },
      { id: 'h-install-it-2', text: 'Install it', depth: 2 },
    ]);
  });

  it('keeps a plain blockquote a blockquote', () => {
    expect(renderMarkdown(highlighter, '> [!UNKNOWN] x').html).toContain('<blockquote>');
  });

  it('renders unknown code languages as escaped text', () => {
    expect(highlight(highlighter, '<b>&', 'brainfuck')).toBe(
      '<pre class="sx-code" data-lang="brainfuck" tabindex="0"><code>&lt;b&gt;&amp;</code></pre>',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">j</a>', '<a>j</a>'],
    ['<svg onload="alert(1)"><circle /></svg>', ''],
    ['<iframe src="https://evil.test"></iframe>', ''],
    ['<div style="color:red" onclick="x()">d</div>', '<div>d</div>'],
    ['<form action="https://evil.test"><input name="q"></form>', ''],
    ['<img id="sx-data" name="sx-data" src="x">', '<img id="user-content-sx-data" src="x" />'],
    [
      '<a href="https://ok.test" onmouseover="x()">l</a>',
      '<a href="https://ok.test" rel="noopener noreferrer nofollow" target="_blank">l</a>',
    ],
  ])('sanitises %s', (input, output) => {
    expect(sanitize(input)).toBe(output);
  });

  it('sanitises raw HTML inside markdown and markdown links with script URLs', () => {
    const { html } = renderMarkdown(
      highlighter,
      'Hi <img src=x onerror=alert(1)> [x](javascript:alert(1)) <script>alert(2)</script>',
    );
    expect(html).not.toMatch(/onerror|<script|javascript:/i);
  });

  it('prefixes author ids so the page data element and other site ids cannot be clobbered', () => {
    const { html } = renderMarkdown(
      highlighter,
      '<div id="sx-data">{"evil":1}</div>\n\n<a id="sx-root" href="#sx-data">x</a> <span id="user-content-kept">k</span>\n',
    );
    expect(html).not.toMatch(/id="sx-/);
    expect(html).toContain('<div id="user-content-sx-data">');
    expect(html).toContain('<a id="user-content-sx-root" href="#user-content-sx-data">x</a>');
    // Never prefixed twice.
    expect(html).toContain('<span id="user-content-kept">');
  });

  it('keeps in-page anchors working: heading ids stay, links to headings and to author ids follow', () => {
    const { html, toc } = renderMarkdown(
      highlighter,
      '## Set up\n\nSee [setup](#h-set-up), [GitHub-style](#set-up), [note](#note) and [footnote][^1].\n\n<p id="note">n</p>\n\n[^1]: The note.\n',
    );
    expect(toc[0]).toEqual({ id: 'h-set-up', text: 'Set up', depth: 2 });
    expect(html).toContain('<h2 id="h-set-up">Set up</h2>');
    expect(html.match(/href="#h-set-up"/g)).toHaveLength(2);
    expect(html).toContain('<a href="#user-content-note">note</a>');
    expect(html).toContain('<p id="user-content-note">n</p>');
    // GFM footnotes already carry the prefix on both ends and keep it.
    const footnoteLink = /href="#(user-content-fn-1)"/.exec(html)?.[1];
    expect(footnoteLink).toBeDefined();
    expect(html).toContain(`id="${footnoteLink}"`);
  });
});
