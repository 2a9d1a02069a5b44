import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InlineTitle } from '../components/inline-title.js';
import { SitePathError } from '../errors.js';
import { escapeHtml, inlineTitleHtml, sitePathAttr } from './static-html.js';

/** Text that needs every escape, in every position, and text that needs none. */
const HOSTILE = [
  '',
  'plain words',
  `<script>alert("x")</script>`,
  `' onmouseover='alert(1)`,
  '"><img src=x onerror=alert(1)>',
  'a && b || c',
  '&amp; already escaped &lt;',
  `quote " apostrophe ' ampersand & less < greater >`,
  '\u2028 line separator, é, 漢字, emoji 🎉',
  '\u0000 nul',
];

describe('escapeHtml', () => {
  it('escapes text as React does', () => {
    for (const text of HOSTILE)
      expect(escapeHtml(text), text).toBe(renderToStaticMarkup(<b>{text}</b>).slice(3, -4));
  });

  it('escapes attribute values as React does', () => {
    for (const text of HOSTILE)
      expect(`<b title="${escapeHtml(text)}"></b>`, text).toBe(renderToStaticMarkup(<b title={text} />));
  });
});

describe('inlineTitleHtml', () => {
  it('writes what <InlineTitle> renders, code spans, markdown and hostile text alike', () => {
    const titles = [
      ...HOSTILE,
      'Get a `Plant` by [id](/ids)',
      '`code` first and `code` last`',
      ' `<b>` in a span ',
      '**bold** and _emphasis_ \\* kept',
      'Unclosed ` tick',
      '``',
      '`a``b`',
      '  spaced   out  ',
      '`x` <i>after</i> "quoted"',
    ];
    for (const text of titles)
      expect(inlineTitleHtml(text), text).toBe(renderToStaticMarkup(<InlineTitle text={text} />));
  });
});

describe('sitePathAttr', () => {
  it('writes a site path under the base path, escaped', () => {
    expect(sitePathAttr('', 'api/pets')).toBe('/api/pets');
    expect(sitePathAttr('/docs', `a"b'<c>&`)).toBe('/docs/a&quot;b&#x27;&lt;c&gt;&amp;');
  });

  it('refuses a base path that is not a path, which could make the link a script URL', () => {
    expect(() => sitePathAttr('javascript:alert(1)//', 'x')).toThrow(SitePathError);
    expect(() => sitePathAttr('docs', 'x')).toThrow(/not a path/);
  });
});
