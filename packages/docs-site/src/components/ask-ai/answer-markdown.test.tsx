/**
 * AI answers render as text and React elements only: raw HTML from the model stays text, only
 * this site's pages become links, code blocks get a copy button, and a fence still streaming
 * shows as code.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { XSS_CORPUS } from '../../testing/xss-corpus.js';
import { AnswerMarkdown } from './answer-markdown.js';
import { siteLink } from './citation-url.js';

const site = { origin: 'https://docs.acme.test', basePath: '/docs' };
const html = (markdown: string) => renderToStaticMarkup(<AnswerMarkdown markdown={markdown} site={site} />);

describe('answer markdown', () => {
  it('renders paragraphs, headings, lists, quotes, inline code, bold and italic', () => {
    const out = html(
      '## Setup\n\nUse **the `pets` CLI** and *read* this.\n\n- one\n- two\n\n1. first\n2. second\n\n> note',
    );
    expect(out).toContain('<p class="sx-ai-heading">Setup</p>');
    expect(out).toContain('<strong>the <code>pets</code> CLI</strong>');
    expect(out).toContain('<em>read</em>');
    expect(out).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(out).toContain('<ol><li>first</li><li>second</li></ol>');
    expect(out).toContain('<blockquote>note</blockquote>');
  });

  it('code blocks keep their text, with a language and a copy button; an open fence is code so far', () => {
    const out = html('Run:\n\n```bash\ncurl -H "a: <b>" https://x\n```\nafter');
    expect(out).toContain('<pre><code>curl -H &quot;a: &lt;b&gt;&quot; https://x</code></pre>');
    expect(out).toContain('aria-label="Copy code"');
    expect(out).toContain('>bash<');
    const open = html('```ts\nconst a = 1;');
    expect(open).toContain('<pre><code>const a = 1;</code></pre>');
    expect(open).toContain('>ts<');
  });

  it('links only to pages of this site; other URLs show as text', () => {
    const out = html(
      'See [Pets](/docs/api/pets), [abs](https://docs.acme.test/docs/x#y), [evil](javascript:alert(1)), [other](https://evil.test/docs/a), [proto](//evil.test/docs), [outside](/admin).',
    );
    expect(out).toContain('<a href="/docs/api/pets" class="sx-ai-citation">Pets</a>');
    expect(out).toContain('<a href="/docs/x#y" class="sx-ai-citation">abs</a>');
    expect(out.match(/<a /g)).toHaveLength(2);
    expect(out).toContain('<span>evil (javascript:alert(1))</span>');
    expect(out).toContain('other (https://evil.test/docs/a)');
  });

  it('raw HTML and the XSS corpus stay text: no element but the subset, no handler, no javascript: href', () => {
    const out = html(XSS_CORPUS.join('\n\n'));
    expect(out).not.toMatch(/<(script|img|svg|iframe|object|embed|form|math|style|div style)/i);
    expect(out).not.toMatch(/<[a-z]+[^>]*\son\w+=/i);
    expect(out).not.toMatch(/href="javascript:/i);
    expect(out).toContain('&lt;script&gt;');
  });

  it('a data: link, an image or a reference to an off-site URL never becomes a link or an image', () => {
    const out = html('[d](data:text/html,x) ![i](/docs/a.png) [r][off]\n\n[off]: https://evil.test/');
    expect(out).not.toMatch(/<a |<img/);
    expect(out).toContain('d (data:text/html,x)');
    expect(out).toContain('r (https://evil.test/)');
  });

  it('siteLink refuses control characters, backslashes and paths outside the base path', () => {
    expect(siteLink('/docs/a\\b', site)).toBeUndefined();
    expect(siteLink('/docs/a\u0000', site)).toBeUndefined();
    expect(siteLink('/docsx', site)).toBeUndefined();
    expect(siteLink('/docs', site)).toBe('/docs');
    expect(siteLink('/x', { ...site, basePath: '' })).toBe('/x');
    expect(siteLink('data:text/html,1', site)).toBeUndefined();
  });
});
