import type { Element, Nodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { loadHighlighter, withLanguages } from './highlight.js';
import { renderMarkdown } from './markdown.js';
import { renderPageContent } from './mdx/render-page-content.js';
import { SERIALIZE, sanitize, sanitizeMath } from './sanitize.js';

const highlighter = await loadHighlighter();

const ALLOWED_TAGS = new Set(
  'h1 h2 h3 h4 h5 h6 p br hr blockquote aside div span ul ol li dl dt dd a img strong b em i del s sub sup kbd mark pre code table thead tbody tfoot tr th td caption details summary input section figure figcaption sx-x sx-slot'.split(
    ' ',
  ),
);

/** Whether a link or image URL goes to an allowed scheme or the site (no protocol-relative host). */
function safeUrl(url: string, image: boolean): boolean {
  if (/^[/\\]{2}/.test(url)) return false;
  const scheme = /^([^/?#]*):/.exec(url)?.[1];
  return (
    scheme === undefined ||
    ['http', 'https', 'mailto'].includes(scheme) ||
    (image && /^data:image\//.test(url))
  );
}

/**
 * What a browser builds from `html` (parse5, as the page's parser) holds nothing that runs,
 * loads a document, submits, styles or clobbers: only the allowed elements, no handler or style
 * attribute, links to http(s)/mailto or the site only, images from http(s) or `data:image/`,
 * and every id the author's (prefixed) or a heading's.
 */
function expectInert(html: string) {
  const visit = (node: Nodes) => {
    expect(node.type, html).not.toBe('comment');
    if (node.type === 'element') {
      const element = node as Element;
      expect(ALLOWED_TAGS, html).toContain(element.tagName);
      for (const [name, value] of Object.entries(element.properties)) {
        expect(name, html).not.toMatch(/^on|^(style|srcDoc|formAction|action|name|srcSet|xLinkHref)$/i);
        const text = String(value);
        if (name === 'href') expect(safeUrl(text, false), `${text} in ${html}`).toBe(true);
        if (name === 'src') expect(safeUrl(text, true), `${text} in ${html}`).toBe(true);
        if (name === 'id') expect(text, html).toMatch(/^(user-content-|h-)/);
      }
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(fromHtml(html, { fragment: true }));
}

/**
 * What the browser parses is what was sanitised: serialising its tree again gives the same HTML
 * (no mutation on the way, the mXSS door), and sanitising again changes nothing.
 */
function expectStable(html: string) {
  expect(toHtml(fromHtml(html, { fragment: true }), SERIALIZE)).toBe(html);
  expect(sanitize(html)).toBe(html);
}

/** Hostile HTML and what survives of it. */
const HOSTILE: [string, string][] = [
  // Scripts, in HTML and in foreign content.
  ['<svg><script>alert(1)</script></svg>', ''],
  ['<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', ''],
  ['<math><mtext><script>alert(1)</script></mtext></math>', ''],
  ['<svg><style><img src=x onerror=alert(1)></style></svg>', '<img src="x" />'],
  // mXSS: content a parser reads differently once re-serialised (namespace and raw-text confusion).
  ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ['<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>', ''],
  // Parsed as markup (scripting off) and dropped whole: its content never reaches the page.
  ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ['<xmp><img src=x onerror=alert(1)></xmp>', ''],
  ['<textarea><img src=x onerror=alert(1)></textarea>', ''],
  ['<title><img src=x onerror=alert(1)></title>', ''],
  ['<template><img src=x onerror=alert(1)></template>', ''],
  ['<!--<img src=x onerror=alert(1)>-->', ''],
  ['<!--[if IE]><img src=x onerror=alert(1)><![endif]-->', ''],
  ['<a href="/x"><object><a href="javascript:alert(1)">in</a></object></a>', '<a href="/x"></a>'],
  // `javascript:` with entities, whitespace, control characters and case.
  ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="&#x6A;&#x61;vascript&colon;alert(1)">x</a>', '<a>x</a>'],
  ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="java\nscript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href=" \tjavascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="&#0;javascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
  // Other schemes and hosts: `data:` (bar images), protocol-relative URLs.
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
  ['<img src="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">', '<img />'],
  [
    '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="i">',
    '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="i" />',
  ],
  ['<a href="//evil.test/x">x</a>', '<a>x</a>'],
  ['<a href="\\\\evil.test">x</a>', '<a>x</a>'],
  ['<a href="/\\evil.test">x</a>', '<a>x</a>'],
  ['<img src=" //evil.test/i.png">', '<img />'],
  ['<a href="ftp://x.test/f">x</a>', '<a>x</a>'],
  ['<a href="mailto:a@x.test">m</a>', '<a href="mailto:a@x.test">m</a>'],
  // Documents and submissions: frames, `srcdoc`, `formaction`, forms, embeds.
  ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
  ['<div srcdoc="<script>alert(1)</script>">d</div>', '<div>d</div>'],
  ['<frameset><frame src="javascript:alert(1)"></frameset>', ''],
  ['<button formaction="javascript:alert(1)">go</button>', 'go'],
  ['<input type="submit" formaction="javascript:alert(1)">', ''],
  [
    '<input type="checkbox" checked formaction="javascript:alert(1)" onclick="x()" name="sx-data">',
    '<input type="checkbox" checked disabled aria-label="Done" />',
  ],
  ['<form action="javascript:alert(1)"><p>in</p></form>', '<p>in</p>'],
  ['<object data="https://evil.test/x.swf"></object><embed src="https://evil.test/x.swf">', ''],
  ['<base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=https://evil.test">', ''],
  ['<link rel="stylesheet" href="https://evil.test/x.css">', ''],
  ['<img src="x" srcset="https://evil.test/a.png 1x">', '<img src="x" />'],
  // Styles.
  ['<div style="background:url(javascript:alert(1))">d</div>', '<div>d</div>'],
  ['<style>body{display:none}</style>ok', 'ok'],
  // Clobbering the page's own ids and names (`sx-data` holds the page's data).
  ['<div id="sx-data">{"evil":1}</div>', '<div id="user-content-sx-data">{"evil":1}</div>'],
  ['<img name="sx-data" src="x"><form name="sx-root"></form>', '<img src="x" />'],
  [
    '<a id="sx-data" name="sx-data" href="#sx-data">x</a>',
    '<a id="user-content-sx-data" href="#user-content-sx-data">x</a>',
  ],
  ['<p id="__proto__">p</p>', '<p id="user-content-__proto__">p</p>'],
  // Links the author opens apart: the site decides `rel` and `target`.
  [
    '<a href="https://x.test" rel="opener" target="_self">x</a>',
    '<a href="https://x.test" rel="noopener noreferrer nofollow" target="_blank">x</a>',
  ],
  ['<a href="/docs" target="_blank" rel="opener">x</a>', '<a href="/docs">x</a>'],
  // Classes: the site's, the highlighter's and GFM's only.
  [
    '<span class="sx-badge evil" tabindex="0" role="note">b</span>',
    '<span class="sx-badge" tabindex="0" role="note">b</span>',
  ],
  ['<span class="evil">b</span>', '<span>b</span>'],
];

describe('sanitize', () => {
  it.each(HOSTILE)('neutralises %s', (input, output) => {
    const html = sanitize(input);
    expect(html).toBe(output);
    expectInert(html);
    expectStable(html);
  });

  it('neutralises the same HTML written in markdown descriptions and pages', async () => {
    for (const [input] of HOSTILE) {
      const source = `Text\n\n${input}\n\n[link](${input.includes('href') ? 'javascript:alert(1)' : '/ok'}) and <b>${input}</b>\n`;
      const { html } = renderMarkdown(highlighter, source);
      expectInert(html);
      expectStable(html);
      const page = await withLanguages(highlighter, () =>
        renderPageContent(highlighter, source, { format: 'md' }),
      );
      expectInert(pageHtml(page.content));
    }
  });

  it('keeps the renderer heading ids it is given, and points same-page links at them', () => {
    const keep = new Set(['h-setup']);
    expect(sanitize('<h2 id="h-setup">S</h2><a href="#setup">a</a> <a href="#h-setup">b</a>', keep)).toBe(
      '<h2 id="h-setup">S</h2><a href="#h-setup">a</a> <a href="#h-setup">b</a>',
    );
  });

  it('cleans KaTeX output by the math rules: its MathML, no links, handlers or styles', () => {
    expect(sanitizeMath('<span class="katex" onclick="x()" style="color:red">x</span>')).toBe(
      '<span class="katex">x</span>',
    );
    expect(
      sanitizeMath(
        '<math xmlns="http://www.w3.org/1998/Math/MathML"><mi mathvariant="bold" href="javascript:alert(1)">x</mi><mtext><img src=x onerror=alert(1)><script>alert(1)</script></mtext></math>',
      ),
    ).toBe(
      '<math xmlns="http://www.w3.org/1998/Math/MathML"><mi mathvariant="bold">x</mi><mtext></mtext></math>',
    );
  });
});

/** The HTML leaves and elements of a page body (its islands left out). */
function pageHtml(nodes: unknown): string {
  const out: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node === 'string') out.push(node.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
    else if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const { e, a, h, c } = node as { e?: string; a?: Record<string, string>; h?: string; c?: unknown[] };
      if (!e) return;
      const attributes = Object.entries(a ?? {})
        .map(([k, v]) => ` ${k}="${v.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
        .join('');
      out.push(`<${e}${attributes}>`);
      if (h) out.push(h);
      if (c) visit(c);
      out.push(`</${e}>`);
    }
  };
  visit(nodes);
  return out.join('');
}
