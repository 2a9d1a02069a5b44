import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Content } from '../../components/content/content.js';
import { IslandRendererProvider } from '../../components/island.js';
import { withPageHtmlIds } from '../../shared/safe-html.js';
import { loadHighlighter, withLanguages } from '../highlight.js';
import { islandRenderer } from '../island-renderer.js';
import { parseCodeMeta } from './code-block.js';
import { leadingHeading, type PageContentOptions, renderPageContent } from './render-page-content.js';

const highlighter = await loadHighlighter();

/** The page body's HTML as the page renders it (islands as containers), and what else came out. */
async function render(source: string, options: PageContentOptions = {}) {
  const result = await withLanguages(highlighter, () =>
    withPageHtmlIds(() => renderPageContent(highlighter, source, { file: 'pages/p.mdx', ...options })),
  );
  const html = renderToStaticMarkup(
    createElement(
      IslandRendererProvider,
      { value: islandRenderer() },
      createElement(Content, { nodes: result.content }),
    ),
  );
  const errors = result.problems.filter((p) => p.severity === 'error');
  return { ...result, html, errors };
}
const mdx = (source: string) => render(source, { format: 'mdx' });
/** The HTML inside the page body's flow container. */
const flowHtml = (html: string) => html.replace(/^<div class="sx-flow" data-h="\w+">(.*)<\/div>$/s, '$1');

/** Nothing that runs, loads or styles survives in rendered HTML. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<object|<embed|<form|<style/i);
  // In a tag (the error messages quote the source, as text).
  expect(html).not.toMatch(/<[^>]*\s(on[a-z]+|style)=/i);
  expect(html).not.toMatch(/<[^>]*\s(href|src|action)="\s*javascript:/i);
}

describe('components', () => {
  it.each([
    ['Note', 'note'],
    ['Tip', 'tip'],
    ['Info', 'info'],
    ['Warning', 'warning'],
    ['Check', 'check'],
  ])('<%s> is a %s callout', async (name, kind) => {
    const { html, errors } = await mdx(`<${name}>Mind **this**.</${name}>`);
    expect(errors).toEqual([]);
    expect(html).toContain(`<aside class="sx-callout sx-callout-${kind}"><p class="sx-callout-title">`);
    expect(html).toContain('<p>Mind <strong>this</strong>.</p></aside>');
  });

  it('<Callout icon> draws the icon before its title (Mintlify)', async () => {
    const { html, problems } = await mdx('<Callout icon="key" title="Keys">Rotate them.</Callout>');
    expect(problems).toEqual([]);
    expect(html).toMatch(
      /<p class="sx-callout-title"><span class="sx-icon" data-h="\w+"><svg width="16" height="16" aria-hidden="true"><use href="\/_sextant\/assets\/assets\/icons\.svg\?v=[0-9a-f]{10}#key"\/><\/svg><\/span>Keys<\/p>/,
    );
  });

  it('<Callout> takes its kind from intent (Fern) and a title', async () => {
    const { html } = await mdx('<Callout intent="warning" title="Rate limits">Slow down.</Callout>');
    expect(html).toContain('sx-callout-warning');
    expect(html).toContain('<p class="sx-callout-title">Rate limits</p>');
  });

  it('<Success>, <Error> and <Launch> are callouts (Mintlify, Fern), and Fern\'s intent="warn" a warning', async () => {
    const { html, problems } = await mdx(
      '<Success>Saved.</Success>\n\n<Error>Failed.</Error>\n\n<Launch>Live.</Launch>\n\n<Callout intent="warn">Careful.</Callout>',
    );
    expect(problems).toEqual([]);
    for (const [kind, title] of [
      ['success', 'Success'],
      ['error', 'Error'],
      ['launch', 'Launch'],
      ['warning', 'Warning'],
    ])
      expect(html).toContain(
        `<aside class="sx-callout sx-callout-${kind}"><p class="sx-callout-title">${title}</p>`,
      );
  });

  it('a <Callout> of a kind Sextant does not know is an info callout, and a located warning', async () => {
    const { html, problems } = await mdx('Text.\n\n<Callout intent="urgent">Now.</Callout>');
    expect(html).toContain('<aside class="sx-callout sx-callout-info"><p class="sx-callout-title">Info</p>');
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'warning',
        line: 3,
        message: expect.stringMatching(
          /^<Callout> of kind "urgent": not a callout kind \(note, tip, info, warning/,
        ),
      }),
    ]);
  });

  it('<RequestExample> and <ResponseExample> are tabbed code (Mintlify), <Columns> a grid of cards', async () => {
    const { html, problems } = await mdx(
      '<RequestExample>\n\n```bash cURL\ncurl https://api.acme.com\n```\n\n</RequestExample>\n\n<ResponseExample>\n\n```json 200\n{"ok": true}\n```\n\n</ResponseExample>\n\n<Columns cols={3}>\n<Card title="A">a</Card>\n</Columns>',
    );
    expect(problems).toEqual([]);
    expect(html).toContain('&quot;labels&quot;:[&quot;cURL&quot;]');
    expect(html).toContain('&quot;labels&quot;:[&quot;200&quot;]');
    expect(html).toContain('<div class="sx-cards sx-cols-3">');
  });

  it('Docusaurus admonitions are callouts, with their label as title; other colons stay text', async () => {
    const { html, problems } = await render(
      ':::danger[Careful]\nIt is 10:30 at note:x.\n:::\n\n:::tip\nHi\n:::',
    );
    expect(problems).toEqual([]);
    expect(html).toContain(
      '<aside class="sx-callout sx-callout-danger"><p class="sx-callout-title">Careful</p>',
    );
    expect(html).toContain('It is 10:30 at note:x.');
    expect(html).toContain('<aside class="sx-callout sx-callout-tip"><p class="sx-callout-title">Tip</p>');
  });

  it('Docusaurus titles without brackets (`:::note Title`) are titles too, in every admonition kind', async () => {
    const kinds = ['note', 'tip', 'info', 'warning', 'danger', 'caution'];
    const source = kinds.map((kind) => `:::${kind} Read [this] first\nBody of ${kind}.\n:::`).join('\n\n');
    const { html, problems } = await render(source);
    expect(problems).toEqual([]);
    for (const kind of kinds)
      expect(html).toContain(
        `<aside class="sx-callout sx-callout-${kind}"><p class="sx-callout-title">Read [this] first</p><p>Body of ${kind}.</p></aside>`,
      );
  });

  it('a `:::note Title` line inside a code block or after text stays as written', async () => {
    const { html } = await render('```md\n:::note Not a callout\n:::\n```\n\n:::tip[Bracketed] x\n:::');
    expect(html).toContain(':::note Not a callout');
    expect(html).not.toContain('sx-callout-note');
  });

  it('`:::note Title` keeps later positions: a problem below it is on its own line', async () => {
    const { problems } = await mdx(':::warning Heads up\nText\n:::\n\n<Nope />');
    expect(problems.map((p) => [p.line, p.column])).toEqual([[5, 1]]);
  });

  it('<Tabs> is an island with every panel in the page, the first active', async () => {
    const { html, errors } = await mdx(
      '<Tabs>\n  <Tab title="npm">Run npm</Tab>\n  <Tab title="yarn">\n    Run **yarn**\n  </Tab>\n</Tabs>',
    );
    expect(errors).toEqual([]);
    expect(html).toContain('data-sx-island="content-tabs"');
    expect(html).toMatch(/role="tab" aria-selected="true"[^>]*>npm<\/button>/);
    expect(html).toMatch(/role="tab" aria-selected="false"[^>]*>yarn<\/button>/);
    expect(html).toMatch(
      /data-state="active" data-label="npm" class="sx-ctabs-panel"><p data-h="h\w+">Run npm<\/p>/,
    );
    expect(html).toMatch(
      /data-state="inactive" data-label="yarn"[^>]*><p data-h="h\w+">Run <strong>yarn<\/strong><\/p>/,
    );
  });

  it.each(['CodeGroup', 'CodeBlocks'])('<%s> tabs its code blocks by title, with one Copy', async (name) => {
    const { html } = await mdx(
      `<${name}>\n\n\`\`\`bash npm\nnpm i x\n\`\`\`\n\n\`\`\`ts title="client.ts"\nconst a = 1;\n\`\`\`\n\n</${name}>`,
    );
    expect(html).toContain('sx-ctabs sx-ctabs-code');
    expect(html).toMatch(/>npm<\/button>.*>client.ts<\/button>/s);
    expect(html).toMatch(/aria-label="Copy npm"/);
    expect(html).toMatch(/data-lang="bash".*>npm<.*>i<.*>x</s);
  });

  it.each(['<CodeGroup></CodeGroup>', '<CodeBlocks>\n\nJust text.\n\n</CodeBlocks>', '<Tabs></Tabs>'])(
    '%s without a tab is left out with a located warning',
    async (source) => {
      const { html, errors, problems } = await mdx(`# Page\n\n${source}\n\nAfter.`);
      expect(errors).toEqual([]);
      expect(problems.map((problem) => problem.message)).toContainEqual(expect.stringMatching(/holds no/));
      expect(html).not.toContain('sx-ctabs');
      expect(html).toContain('After.');
    },
  );

  it('<Card> links (icon, title, body) and <CardGroup cols> lays them out', async () => {
    const { html, errors } = await mdx(
      '<CardGroup cols={3}>\n  <Card title="Quickstart" icon="rocket" href="/guides/quickstart">Start here.</Card>\n  <Card title="External" href="https://example.com">Out</Card>\n</CardGroup>',
    );
    expect(errors).toEqual([]);
    expect(html).toContain('<div class="sx-cards sx-cols-3">');
    expect(html).toMatch(
      /<a class="sx-ccard sx-ccard-link" href="\/guides\/quickstart"><span class="sx-icon sx-ccard-icon" data-h="\w+"><svg[^>]*aria-hidden="true"/,
    );
    expect(html).toMatch(/<p class="sx-ccard-title" data-h="\w+">Quickstart<\/p>/);
    expect(html).toContain('href="https://example.com" rel="noopener noreferrer nofollow" target="_blank"');
  });

  it('<Cards> is a card group too (Fern)', async () => {
    expect((await mdx('<Cards>\n<Card title="A">a</Card>\n</Cards>')).html).toContain('sx-cards sx-cols-2');
  });

  it('<Steps> numbers <Step>s, and Fern-style headings', async () => {
    const { html } = await mdx(
      '<Steps>\n  <Step title="Install">Run it.</Step>\n  <Step title="Call">Call it.</Step>\n</Steps>',
    );
    expect(html).toMatch(/<ol class="sx-steps"><li class="sx-step"><p class="sx-step-title">Install<\/p>/);
    const fern = await mdx('<Steps>\n\n### Install\n\nRun it.\n\n### Call\n\nCall it.\n\n</Steps>');
    expect(fern.html).toMatch(
      /<p class="sx-step-title">Install<\/p><div class="sx-step-body"><p>Run it.<\/p>.*<p class="sx-step-title">Call<\/p>/s,
    );
  });

  it('<Accordion> is a native <details>; <AccordionGroup> groups them', async () => {
    const { html } = await mdx(
      '<AccordionGroup>\n  <Accordion title="Why?" defaultOpen>Because.</Accordion>\n  <Accordion title="How?">So.</Accordion>\n</AccordionGroup>',
    );
    expect(html).toMatch(/<div class="sx-accordion-group"><details class="sx-accordion" open(="")?>/);
    expect(html).toContain('<summary class="sx-accordion-title">Why?</summary>');
    expect(html).toContain(
      '<details class="sx-accordion"><summary class="sx-accordion-title">How?</summary>',
    );
  });

  it('<Frame> captions its image; <Tooltip> explains a word; <Icon> draws a bundled icon', async () => {
    const frame = await mdx('<Frame caption="The dashboard">![Dashboard](/img/d.png)</Frame>');
    expect(frame.html).toMatch(
      /<figure class="sx-frame">.*<img src="\/img\/d.png" alt="Dashboard".*<figcaption>The dashboard<\/figcaption><\/figure>/s,
    );
    const tip = await mdx('An <Tooltip tip="Application programming interface">API</Tooltip> key.');
    expect(tip.html).toContain(
      '<span class="sx-tooltip" tabindex="0">API<span class="sx-tooltip-tip" role="tooltip">Application programming interface</span></span>',
    );
    const icon = await mdx('Fast <Icon icon="fa-solid fa-bolt" size={20} />.');
    expect(icon.html).toMatch(/<span class="sx-icon" data-h="\w+"><svg[^>]*width="20" height="20"/);
    const unknown = await mdx('<Icon icon="no-such-icon" />');
    expect(unknown.problems).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('unknown icon') }),
    ]);
  });

  it('<ParamField>, <ResponseField> and <Expandable> render like the reference fields', async () => {
    const { html } = await mdx(
      '<ParamField path="pet_id" type="string" required default="abc">The pet.</ParamField>\n\n<ResponseField name="pets" type="Pet[]">\n  Pets.\n  <Expandable title="properties">\n    <ResponseField name="id" type="integer" deprecated />\n  </Expandable>\n</ResponseField>',
    );
    expect(html).toContain(
      '<div class="sx-prop sx-field"><div class="sx-prop-head"><code class="sx-prop-name">pet_id</code><span class="sx-type">string</span><span class="sx-badge">path</span><span class="sx-badge sx-required">required</span><span class="sx-constraint">default: abc</span>',
    );
    expect(html).toContain('<details class="sx-expandable"><summary>Show properties</summary>');
    expect(html).toContain('<span class="sx-badge sx-warn">deprecated</span>');
  });

  it('<Update> is a dated changelog entry', async () => {
    const { html } = await mdx(
      '<Update label="2025-03-01" description="v1.2.0" tags={["API"]}>\n  Added pets.\n</Update>',
    );
    expect(html).toContain(
      '<section class="sx-update" id="user-content-update-2025-03-01"><div class="sx-update-meta"><p class="sx-update-label">2025-03-01</p><p class="sx-update-description">v1.2.0</p><span class="sx-badge">API</span></div>',
    );
  });

  it("<Badge> is an inline label in Mintlify's colours, sizes and shapes; an unknown colour is gray and a warning", async () => {
    const { html, problems } = await mdx(
      'Status: <Badge color="green" size="sm" shape="pill" stroke icon="check">Stable</Badge> and <Badge>Beta</Badge>.',
    );
    expect(problems).toEqual([]);
    expect(html).toMatch(
      /<p>Status: <span class="sx-badge sx-badge-label sx-badge-green sx-badge-sm sx-badge-pill sx-badge-stroke"( data-h="\w+")?><span class="sx-icon" data-h="\w+"><svg[^>]*width="12"[^>]*>.*<\/svg><\/span>Stable<\/span> and <span class="sx-badge sx-badge-label sx-badge-gray sx-badge-md"( data-h="\w+")?>Beta<\/span>\.<\/p>/,
    );
    const odd = await mdx('<Badge color="hotpink" size="huge" disabled>Old</Badge>');
    expect(odd.html).toMatch(
      /<p><span class="sx-badge sx-badge-label sx-badge-gray sx-badge-md sx-badge-disabled"( data-h="\w+")?>Old<\/span><\/p>/,
    );
    expect(odd.problems.map((p) => [p.severity, p.message])).toEqual([
      ['warning', expect.stringContaining('<Badge color="hotpink">: use one of gray, blue')],
      ['warning', expect.stringContaining('<Badge size="huge">: use one of xs, sm, md, lg')],
    ]);
  });

  it('<Tree> lists folders (native <details>, defaultOpen, openable={false}) and files, nested; <FileTree> too', async () => {
    const { html, problems } = await mdx(
      [
        '<Tree>',
        '  <Tree.Folder name="app" defaultOpen>',
        '    <Tree.File name="layout.tsx" highlight />',
        '    <Tree.Folder name="api">',
        '      <Tree.File name="route.ts" />',
        '    </Tree.Folder>',
        '  </Tree.Folder>',
        '  <Tree.Folder name="fixed" openable={false}>',
        '    <Tree.File name="a.txt" />',
        '  </Tree.Folder>',
        '  <Tree.File name="package.json" />',
        '</Tree>',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    const name = (kind: string, value: string, extra = '') =>
      `<span class="sx-tree-name sx-tree-${kind}-name${extra}">${value}</span>`;
    expect(flowHtml(html)).toBe(
      `<ul class="sx-tree"><li class="sx-tree-folder"><details open><summary>${name('folder', 'app')}</summary><ul class="sx-tree-list">` +
        `<li class="sx-tree-file">${name('file', 'layout.tsx', ' sx-tree-highlight')}</li>` +
        `<li class="sx-tree-folder"><details><summary>${name('folder', 'api')}</summary><ul class="sx-tree-list"><li class="sx-tree-file">${name('file', 'route.ts')}</li></ul></details></li>` +
        `</ul></details></li>` +
        `<li class="sx-tree-folder">${name('folder', 'fixed')}<ul class="sx-tree-list"><li class="sx-tree-file">${name('file', 'a.txt')}</li></ul></li>` +
        `<li class="sx-tree-file">${name('file', 'package.json')}</li></ul>`,
    );
    const nextra = await mdx('<FileTree>\n  <FileTree.File name="index.mdx" />\n</FileTree>');
    expect(flowHtml(nextra.html)).toBe(
      `<ul class="sx-tree"><li class="sx-tree-file">${name('file', 'index.mdx')}</li></ul>`,
    );
  });

  it('<Tree> refuses what it cannot show: entries outside it, text among entries, hostile nesting', async () => {
    const outside = await mdx('<Tree.File name="stray.txt" />');
    expect(outside.problems.map((p) => p.message)).toContainEqual(
      expect.stringContaining('<Tree.File> belongs inside <Tree>'),
    );
    const text = await mdx('<Tree>\n  Some words\n  <Tree.File name="a" />\n</Tree>');
    expect(text.problems.map((p) => p.message)).toEqual([
      expect.stringContaining('<Tree> holds <Tree.Folder>'),
    ]);
    expect(text.html).not.toContain('Some words');
    const deep = `<Tree>${'<Tree.Folder name="d">'.repeat(200)}<Tree.File name="bottom" />${'</Tree.Folder>'.repeat(200)}</Tree>`;
    const nested = await mdx(deep);
    expect(nested.html).not.toContain('bottom');
    expect(nested.html.match(/<details>/g)).toHaveLength(33);
    expect(nested.problems.map((p) => p.message)).toEqual([expect.stringContaining('deeper than 32')]);
    expectInert(
      (
        await mdx(
          '<Tree><Tree.File name="<script>alert(1)</script>" /><Tree.Folder name={"x\\" onclick=\\"y"} /></Tree>',
        )
      ).html,
    );
  });

  it('<Panel> sets content apart; <Visibility> shows content for humans and leaves out content for agents', async () => {
    const panel = await mdx('<Panel>\n  Rate limits: **100/min**.\n</Panel>');
    expect(flowHtml(panel.html)).toBe(
      '<aside class="sx-panel"><p>Rate limits: <strong>100/min</strong>.</p></aside>',
    );
    const { html, problems } = await mdx(
      '<Visibility for="humans">\n  Click **Get started**.\n</Visibility>\n\n<Visibility for="agents">\n  Call `POST /v1/accounts`.\n</Visibility>\n\nBoth.',
    );
    expect(problems).toEqual([]);
    expect(flowHtml(html)).toBe('<p>Click <strong>Get started</strong>.</p>\n<p>Both.</p>');
    const wrong = await mdx('<Visibility for="robots">Hidden?</Visibility>');
    expect(wrong.errors.map((p) => p.message)).toEqual(['<Visibility> needs for="humans" or for="agents"']);
    expect(wrong.html).not.toContain('Hidden?');
  });

  it('<EndpointRequestSnippet> and <EndpointResponseSnippet> come from the site (or are located errors)', async () => {
    const asked: string[] = [];
    const { html, errors } = await render(
      '<EndpointRequestSnippet endpoint="POST /pets" />\n\n<EndpointResponseSnippet endpoint="GET /nope" />',
      {
        format: 'mdx',
        endpointSnippet: (reference, kind) => {
          asked.push(`${kind} ${reference}`);
          return reference === 'POST /pets'
            ? { island: 'code-tabs', props: { title: 'Request', tabs: [] } }
            : 'no API of this site has the endpoint GET /nope';
        },
      },
    );
    expect(asked).toEqual(['request POST /pets', 'response GET /nope']);
    expect(html).toContain('data-sx-island="code-tabs"');
    expect(errors).toEqual([
      {
        severity: 'error',
        line: 3,
        column: 1,
        message:
          '<EndpointResponseSnippet endpoint="GET /nope">: no API of this site has the endpoint GET /nope',
      },
    ]);
  });

  it('lowercase HTML in MDX is kept and sanitised (no class, no style)', async () => {
    const { html, problems } = await mdx(
      'Press <kbd>/</kbd>.\n\n<details>\n<summary>More</summary>\n\nHidden text\n</details>\n\n<img src="/a.png" alt="A" className="x" style={{ width: 10 }} />',
    );
    expect(html).toContain('<kbd>/</kbd>');
    expect(html).toContain('<details><summary>More</summary>');
    expect(html).toContain('<img src="/a.png" alt="A" />');
    expect(problems.map((p) => p.severity)).toEqual(['warning', 'warning']);
  });
});

describe('props a component does not use', () => {
  it('are located warnings naming the component and the prop; the component still renders', async () => {
    const { html, problems } = await mdx(
      '<Note>Hi</Note>\n\n<Card title="Pets" href="/pets" titel="typo" colour="red">\n  Go.\n</Card>',
    );
    expect(html).toContain('<p class="sx-ccard-title"');
    expect(problems).toEqual([
      {
        severity: 'warning',
        line: 3,
        column: 33,
        message: '<Card titel>: Sextant does not use this prop; it is ignored',
      },
      {
        severity: 'warning',
        line: 3,
        column: 46,
        message: '<Card colour>: Sextant does not use this prop; it is ignored',
      },
    ]);
  });

  it('count for child components (<Tab>, <Step>) and lines after front matter', async () => {
    const { problems } = await render(
      '<Tabs>\n  <Tab title="npm" sync="x">A</Tab>\n</Tabs>\n\n<Steps>\n  <Step title="One" bogus={1}>Go</Step>\n</Steps>',
      { format: 'mdx', bodyLine: 4 },
    );
    expect(problems.map((p) => `${p.line}:${p.column} ${p.message}`)).toEqual([
      '5:20 <Tab sync>: Sextant does not use this prop; it is ignored',
      '9:21 <Step bogus>: Sextant does not use this prop; it is ignored',
    ]);
  });

  it('props a component tests for (ParamField path/query/body) or reads are not reported', async () => {
    const { problems } = await mdx(
      '<ParamField path="id" type="string" required default="x">\n  The id.\n</ParamField>\n\n<Callout intent="warning" title="T">x</Callout>',
    );
    expect(problems).toEqual([]);
  });

  it('hostile prop names are reported like any other, and nothing of them reaches the page', async () => {
    const { html, problems } = await mdx('<Note constructor="x" toString="y" __proto__="z">Hi</Note>');
    expect(problems.map((p) => p.message)).toEqual([
      '<Note constructor>: Sextant does not use this prop; it is ignored',
      '<Note toString>: Sextant does not use this prop; it is ignored',
    ]);
    expect(html).not.toMatch(/constructor|toString|__proto__/);
    expectInert(html);
  });

  it('unknown components and HTML elements are not reported twice', async () => {
    const { problems } = await mdx('<Nope a="1" />\n\n<img src="a.png" alt="A" width="10" />');
    expect(problems.map((p) => p.severity)).toEqual(['error']);
  });
});

describe('code blocks', () => {
  it('are boxes with a bar (title or language) and a Copy island', async () => {
    const { html } = await render('```ts client.ts\nconst a = 1;\n```\n\n```bash\nls\n```');
    expect(html).toMatch(
      /<figure class="sx-codeblock sx-codeblock-titled"><figcaption class="sx-codeblock-bar"><span class="sx-codeblock-title" data-h="\w+">client.ts<\/span><div class="sx-island" data-sx-island="code-copy"[^>]*><span class="sx-codeblock-copy"><button[^>]*aria-label="Copy code"/,
    );
    expect(html).toContain('<span class="sx-codeblock-title" data-h');
    expect(html.match(/<figure class="sx-codeblock/g)).toHaveLength(2);
    expect(html).toMatch(/>Bash<\/span>/);
  });

  it('read title, highlighted lines, line numbers and wrap from the meta', () => {
    expect(parseCodeMeta('title="a b.ts" {1,3-4} showLineNumbers wrap')).toEqual({
      title: 'a b.ts',
      highlight: new Set([1, 3, 4]),
      lineNumbers: true,
      wrap: true,
    });
    expect(parseCodeMeta('client.ts {2}').title).toBe('client.ts');
    expect(parseCodeMeta(undefined)).toEqual({ highlight: new Set(), lineNumbers: false, wrap: false });
  });

  it('mark lines, number them, wrap, and colour diffs', async () => {
    const { html } = await render(
      '```js {2} showLineNumbers wrap\na\nb\nc\n```\n\n```diff\n-old\n+new\n same\n```',
    );
    expect(html).toContain(
      '<pre class="sx-code sx-code-numbered sx-code-wrap sx-code-lines" data-lang="javascript"',
    );
    expect(html).toMatch(/<span class="sx-line">a<\/span>\n<span class="sx-line sx-line-marked">b<\/span>/);
    expect(html).toContain(
      '<span class="sx-line sx-line-del">-old</span>\n<span class="sx-line sx-line-add">+new</span>\n<span class="sx-line"> same</span>',
    );
  });

  it('a mermaid block is a diagram island showing its source', async () => {
    const { html } = await render('```mermaid\ngraph TD; A-->B\n```');
    expect(html).toMatch(
      /data-sx-island="mermaid".*<pre class="sx-code sx-mermaid-source" data-h="\w+">graph TD; A--&gt;B<\/pre>/s,
    );
  });
});

describe('math', () => {
  it('typesets $…$ and $$…$$ on the server as MathML only: no glyph spans, no styles', async () => {
    const { html } = await render('Energy $E=mc^2$ here.\n\n$$\n\\frac{a}{b}\n$$');
    expect(html).toMatch(
      /<span class="sx-math" data-h="\w+"><span class="katex"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics><mrow><mi>E<\/mi><mo>=<\/mo>/,
    );
    expect(html).toMatch(
      /<div class="sx-math sx-math-display"[^>]*>.*<math [^>]*display="block">.*<mfrac><mi>a<\/mi><mi>b<\/mi><\/mfrac>/s,
    );
    expect(html).not.toContain('katex-html');
    expect(html).not.toContain('style=');
  });

  it('shows TeX that does not parse as its source, marked as an error, with no style', async () => {
    const { html } = await render('Broken $\\frac{a$ here.');
    expect(html).toMatch(/<span class="katex-error">\\frac\{a<\/span>/);
    expect(html).not.toContain('style=');
  });

  it('keeps prices as text ($5 and $10)', async () => {
    const { html } = await render('It costs $5 and $10.');
    expect(html).toContain('It costs $5 and $10.');
    expect(html).not.toContain('<math');
  });

  it('refuses TeX that would reach the page as HTML (trust is off)', async () => {
    const { html } = await render('$\\href{javascript:alert(1)}{x}$ $\\htmlStyle{color:red}{y}$');
    expectInert(html);
  });
});

describe('hostile MDX: refused with located errors, nothing runs', () => {
  it.each([
    ['import x from "y"', 1, 1, '`import` and `export` are not allowed'],
    ['Text\n\nexport const a = 1', 3, 1, '`import` and `export` are not allowed'],
    ['Hi {alert(1)}', 1, 4, 'JavaScript expressions are not allowed'],
    ['{globalThis.__xss = 1}', 1, 1, 'JavaScript expressions are not allowed'],
    ['<script>{"window.__xss = 1"}</script>', 1, 1, '<script> is not allowed'],
    ['<Note onClick={() => alert(1)}>x</Note>', 1, 7, 'event-handler props are not allowed'],
    ['<Note onmouseover="alert(1)">x</Note>', 1, 7, 'event-handler props are not allowed'],
    [
      '<Card title="x" href="javascript:alert(1)">x</Card>',
      1,
      1,
      'only http(s), mailto:, site paths and relative links',
    ],
    [
      '<Card title="x" href="java\tscript:alert(1)">x</Card>',
      1,
      1,
      'only http(s), mailto:, site paths and relative links',
    ],
    ['<a href="javascript:alert(1)">x</a>', 1, 1, 'only http(s), mailto:, site paths and relative URLs'],
    ['<Card {...props}>x</Card>', 1, 7, 'spread props'],
    ['<Card title={window.name}>x</Card>', 1, 7, 'props are literals only'],
    ['<Card title={`${x}`}>x</Card>', 1, 7, 'props are literals only'],
    ['<Exploit />', 1, 1, 'unknown component <Exploit>'],
    ['<iframe src="https://evil.test" />', 1, 1, '<iframe> is not allowed'],
    ['<div dangerouslySetInnerHTML={{ __html: "<img src=x onerror=alert(1)>" }} />', 1, 1, ''],
  ])('%s', async (source, line, column, message) => {
    // The body starts on line 5 of its file (after front matter): lines count in the file.
    const { html, errors } = await render(source, { format: 'mdx', bodyLine: 5 });
    if (message) {
      expect(errors[0]).toMatchObject({ severity: 'error', line: line + 4, column });
      expect(errors[0]?.message).toContain(message);
      // The error shows in place, with file, line and column.
      expect(html).toContain(`pages/p.mdx:${line + 4}:${column}:`);
    }
    expectInert(html);
    expect(html).not.toContain('<img src="x"');
  });

  it('an .mdx page that is not MDX is one located error', async () => {
    const { html, errors } = await render('Hello\n\n<Note>\n', { format: 'mdx' });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/^not valid MDX: /);
    expect(html).toContain('class="sx-mdx-error"');
  });

  it('an author cannot forge an island placeholder', async () => {
    const { html } = await render(
      '<p>x</p>\n\n<sx-x data-k="a-0"><sx-slot>slot</sx-slot></sx-x>\n\n<div data-sx-island="try-it" data-sx-props="{}">x</div>',
      { format: 'md' },
    );
    expect(html).not.toContain('data-sx-island');
    expect(html).not.toContain('sx-x');
  });
});

describe('.md pages written for GitHub keep working', () => {
  it.each([
    ['a < b and c > d', 'a &#x3C; b and c > d'],
    ['GET /users/{id}', 'GET /users/{id}'],
    ['line<br>break', 'line<br />break'],
    ['<!-- hidden -->\nshown', 'shown'],
    ['<details><summary>S</summary>\n\nBody\n</details>', '<details><summary>S</summary>'],
    ['    indented code', '<code>indented code</code></pre></figure>'],
    ['<https://example.com>', 'href="https://example.com"'],
    ['Use `{a}` and {b}', 'Use <code>{a}</code> and {b}'],
  ])('%s', async (source, expected) => {
    const { html, problems } = await render(source, { format: 'md' });
    expect(problems).toEqual([]);
    expect(html).toContain(expected);
  });

  it('a .md page using components is MDX; braces there stay text', async () => {
    const { html, problems } = await render('<Note>Path {id}</Note>', { format: 'md' });
    expect(problems).toEqual([]);
    expect(html).toContain('sx-callout-note');
    expect(html).toContain('Path {id}');
  });

  it('a .md page with components that is not MDX falls back to markdown, with a located warning', async () => {
    const { html, problems } = await render('<Note>Hi</Note>\n\nSee <img src="a.png">', { format: 'md' });
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'warning',
        line: 3,
        message: expect.stringContaining('rendered as plain markdown'),
      }),
    ]);
    expect(html).toContain('<img src="a.png"');
  });

  it('every page of examples/ and of the e2e fixture projects renders without a problem', async () => {
    const root = join(import.meta.dirname, '../../../../..');
    const pages = join(root, 'examples/pages');
    for (const name of await readdir(pages)) {
      const text = await readFile(join(pages, name), 'utf8');
      const { problems, html } = await render(text.replace(/^---[\s\S]*?---\n/, ''), { format: 'md' });
      expect(problems, name).toEqual([]);
      expect(html.length, name).toBeGreaterThan(100);
    }
  });
});

describe('one H1', () => {
  it('a leading # heading is the title and leaves the body; later H1s become H2', async () => {
    const { title, html, toc } = await render('# Welcome to `Acme`\n\nIntro\n\n# Part two\n\nText');
    expect(title).toBe('Welcome to `Acme`');
    expect(html).not.toContain('<h1');
    expect(html).toContain('<h2 id="h-part-two">Part two</h2>');
    expect(toc).toEqual([{ id: 'h-part-two', text: 'Part two', depth: 2 }]);
    expect(leadingHeading('<!-- c -->\n# T\n')).toBe('T');
    expect(leadingHeading('Text\n\n# T\n')).toBeUndefined();
  });

  it('a page without a header (custom layout) keeps its H1s', async () => {
    const { title, html } = await render('# Mine\n\nText', { headerTitle: false });
    expect(title).toBeUndefined();
    expect(html).toContain('<h1>Mine</h1>');
  });
});
