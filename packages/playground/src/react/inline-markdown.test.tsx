import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InlineMarkdown, memoizeInlineMarkdown } from './inline-markdown.js';

const html = (text: string) => renderToStaticMarkup(<InlineMarkdown text={text} />);

describe('InlineMarkdown', () => {
  it('renders links with titles, autolinks, code and emphasis; no markdown shows as text', () => {
    const out = html(
      'See [the docs](https://x.test/a_(b) "Docs") or <https://x.test/y>; the `id` is **bold**.',
    );
    expect(out).toContain('<a href="https://x.test/a_(b)" rel="noopener noreferrer nofollow">the docs</a>');
    expect(out).toContain('<a href="https://x.test/y"');
    expect(out).toContain('<code>id</code>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).not.toMatch(/[`[\]]|\*\*/);
  });
  it('numbers ordered lists, bolds a heading line, keeps fenced code, drops inline HTML tags', () => {
    expect(html('1. one\n2. two')).toBe('<ol><li>one</li><li>two</li></ol>');
    expect(html('## Notes')).toBe('<p><strong>Notes</strong></p>');
    expect(html('```json\n{"a": 1}\n```')).toBe(
      '<pre class="sx-desc-code"><code>{&quot;a&quot;: 1}</code></pre>',
    );
    expect(html('Line<br/>next <b>bold</b> &amp; done')).toBe('<p>Line next bold &amp; done</p>');
  });
  it('never makes a script or javascript: link from hostile text', () => {
    const out = html('[x](javascript:alert(1)) <script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('href="javascript');
    expect(html('[d](data:text/html,x) [p](//evil.test) <b onmouseover="x()">t</b>')).toBe('<p>d p t</p>');
  });
  it('keeps paragraphs, bullet lists, emphasis and site links', () => {
    expect(html('First *one*.\n\n- a [b](/users#id)\n- _c_')).toBe(
      '<p>First <em>one</em>.</p><ul><li>a <a href="/users#id">b</a></li><li><em>c</em></li></ul>',
    );
  });
  it('renders a remembered description the same, from the memo, for every page that repeats it', () => {
    const texts = [
      'The account owner of the repository. The name is not case sensitive.',
      '  The `id` of the [user](/users) and **more**\n\n- a\n- <b>b</b>  ',
      '[x](javascript:alert(1)) <script>alert(1)</script>',
    ];
    const fresh = texts.map(html);
    const kept = new Map<string, readonly ReactNode[]>();
    let hits = 0;
    memoizeInlineMarkdown({
      get: (text) => {
        const nodes = kept.get(text);
        if (nodes) hits++;
        return nodes;
      },
      set: (text, nodes) => kept.set(text, nodes),
    });
    try {
      for (let round = 0; round < 3; round++) expect(texts.map(html)).toEqual(fresh);
      // Kept by the trimmed text: the same description with other edge space is the same entry.
      expect([...kept.keys()]).toEqual(texts.map((text) => text.trim()));
      expect(hits).toBe(2 * texts.length);
      expect(html(`\n${texts[0]}\n`)).toBe(fresh[0]);
      expect(hits).toBe(2 * texts.length + 1);
    } finally {
      memoizeInlineMarkdown(undefined);
    }
    expect(texts.map(html)).toEqual(fresh);
  });
});
