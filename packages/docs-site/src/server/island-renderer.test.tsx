/**
 * Kept subtrees (issue #30): a page showing property rows another page of the site version
 * rendered gets them from the render cache, byte for byte what it would render itself, with its
 * own island id prefixes (counted on in its order) and its own full view URL in the expanders.
 */
import { importDefinition, objectProperties } from '@sextant/definition';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CodeTabsIsland } from '../components/code-tabs.js';
import { TryIt } from '../components/explorer.js';
import { HeaderTools } from '../components/header-tools.js';
import { defineIsland, IslandRendererProvider } from '../components/island.js';
import { PageActions } from '../components/page-actions.js';
import { PageFeedback } from '../components/page-feedback.js';
import { ResponseTabs } from '../components/response-tabs.js';
import { PropertyRows, type Row } from '../components/type-view.js';
import type { SnippetView } from '../shared/page-data.js';
import { islandRenderer } from './island-renderer.js';
import { boundedRenderCache } from './render-cache.js';
import type { RenderCache } from './site.js';

const Owner = { type: 'object', properties: { name: { type: 'string' }, since: { type: 'integer' } } };
const petProperties = {
  name: { type: 'string', description: 'The **name**.', maxLength: 40 },
  owner: { $ref: '#/components/schemas/Owner' },
  friends: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
  kind: { type: 'string', enum: ['cat', 'dog'] },
};
const Pet = { type: 'object', required: ['name'], properties: petProperties };
const info = { title: 'Pets', version: '1' };
const spec = { openapi: '3.1.0', info, paths: {}, components: { schemas: { Owner, Pet } } };
const text = JSON.stringify(spec);
const { definition } = importDefinition({ entry: 'pets.json', read: () => text });
const rows = objectProperties('Pet', definition.types);

/** An island before the rows, so theirs are not the page's first. */
const Before = defineIsland('before', ({ label }: { label: string }) => (
  <button type="button">{label}</button>
));

function page(fullPageUrl: string, kept?: RenderCache): string {
  return renderToStaticMarkup(
    <IslandRendererProvider value={islandRenderer(kept)}>
      <Before label="first" />
      <PropertyRows rows={rows} ctx={{ definition, fullPageUrl }} />
      <PropertyRows rows={rows} ctx={{ definition, fullPageUrl }} seen={['Pet']} />
      <Before label="last" />
    </IslandRendererProvider>,
  );
}

/**
 * A render cache that counts the entries set, and those of each kind (`prop-row`, `kept-island:expander`):
 * keys that begin with it, or JSON arrays whose first item it is.
 */
function countingCache(): RenderCache & { sets: number; setsOf: (kind: string) => number } {
  const inner = boundedRenderCache(1 << 20);
  const keys: string[] = [];
  const cache = {
    sets: 0,
    setsOf: (kind: string) =>
      keys.filter((key) => key.startsWith(kind) || key.startsWith(JSON.stringify([kind]).slice(0, -1)))
        .length,
    get: inner.get,
    set: (key: string, entry: { value: unknown }, bytes: number) => {
      cache.sets += 1;
      keys.push(key);
      inner.set(key, entry, bytes);
    },
    clear: inner.clear,
  };
  return cache;
}

describe('property rows kept for the site version', () => {
  it('are the HTML the page renders itself, with its island prefixes and full view URL', () => {
    const kept = countingCache();
    const first = '/_sextant/page.json?slug=pets%2Fget';
    const second = '/docs/_sextant/page.json?slug=pets%2Flist';
    expect(page(first, kept)).toBe(page(first));
    const rowsKept = kept.sets;
    // Every row once per `seen`: the second page renders none.
    expect(kept.setsOf('prop-row')).toBe(2 * rows.length);
    const fromKept = page(second, kept);
    expect(kept.sets).toBe(rowsKept);
    expect(fromKept).toBe(page(second));
    expect(fromKept).toContain('data-sx-id="sx4-"');
    expect(fromKept).toContain('pets%2Flist');
    expect(fromKept).not.toContain('pets%2Fget');
  });

  it('rendered together the first time, are each the HTML of its own row on a page showing others', () => {
    const kept = countingCache();
    page('/_sextant/page.json?slug=pets%2Fget', kept);
    // Rows of the first page's batch, alone, in another order, with new rows and islands around them.
    const reordered = (fullPageUrl: string, cache?: RenderCache) =>
      renderToStaticMarkup(
        <IslandRendererProvider value={islandRenderer(cache)}>
          <Before label="first" />
          <Before label="second" />
          <PropertyRows rows={[...rows].reverse()} ctx={{ definition, fullPageUrl }} />
          <PropertyRows
            rows={[rows[2], rows[0]].filter((row) => row !== undefined)}
            ctx={{ definition, fullPageUrl }}
            seen={['Pet']}
          />
          <PropertyRows
            rows={objectProperties('Owner', definition.types)}
            ctx={{ definition, fullPageUrl }}
          />
        </IslandRendererProvider>,
      );
    const url = '/_sextant/page.json?slug=pets%2Fput';
    const before = kept.setsOf('prop-row');
    expect(reordered(url, kept)).toBe(reordered(url));
    expect(kept.setsOf('prop-row')).toBe(before + 2);
    expect(reordered(url, kept)).toContain('data-sx-id="sx4-"');
  });

  it("are kept apart when one row's name reads as another's fields (hostile names and descriptions)", () => {
    const kept = countingCache();
    const valueShape = { type: 'unknown' } as const;
    // Joined with a separator, both rows' fields read `n`, `{"type":"unknown"}`, `x`, … alike.
    const named: Row = { key: 'n\0{"type":"unknown"}\0x', valueShape };
    const described: Row = { key: 'n', valueShape, description: 'x\0{"type":"unknown"}\0' };
    const rowsPage = (shown: Row[], cache?: RenderCache) =>
      renderToStaticMarkup(
        <IslandRendererProvider value={islandRenderer(cache)}>
          <PropertyRows rows={shown} ctx={{ definition, fullPageUrl: '/p.json' }} />
        </IslandRendererProvider>,
      );
    expect(rowsPage([named], kept)).toBe(rowsPage([named]));
    expect(rowsPage([described], kept)).toBe(rowsPage([described]));
    expect(kept.setsOf('prop-row')).toBe(2);
  });

  it('are rendered by the page when its full view URL would need escaping', () => {
    const kept = countingCache();
    const odd = `/a"b/_sextant/page.json?slug=pets%2Fget`;
    expect(page(odd, kept)).toBe(page(odd));
    expect(kept.setsOf('prop-row')).toBe(0);
  });
});

describe('type expanders, kept by their label', () => {
  it('are rendered once per label, in rows kept or not, each with the id prefix and full view URL of its page', () => {
    const kept = countingCache();
    const odd = `/a"b/_sextant/page.json?slug=pets%2Fget`;
    expect(page(odd, kept)).toBe(page(odd));
    // `owner` (2 properties) and `friends` (4 properties, recursive once `Pet` is seen).
    expect(kept.setsOf('kept-island:expander')).toBe(2);
    const url = '/_sextant/page.json?slug=pets%2Flist';
    const inRows = page(url, kept);
    expect(kept.setsOf('kept-island:expander')).toBe(2);
    expect(inRows).toBe(page(url));
    expect(inRows).toContain('Show<!-- --> <!-- -->2 properties');
    expect(inRows).toContain('data-sx-id="sx4-"');
    expect(inRows).toContain(`&quot;fullPageUrl&quot;:&quot;${url}&quot;`);
  });
});

function chrome(islandsBefore: number, kept?: RenderCache): string {
  return renderToStaticMarkup(
    <IslandRendererProvider value={islandRenderer(kept)}>
      {Array.from({ length: islandsBefore }, (_, i) => `before ${i}`).map((label) => (
        <Before key={label} label={label} />
      ))}
      <HeaderTools searchIndexUrl="/_sextant/search-index.json" basePath="/docs" />
    </IslandRendererProvider>,
  );
}

describe('the header tools, kept by their props', () => {
  it('is rendered once per site version and holds the id prefix of the page', () => {
    const kept = countingCache();
    expect(chrome(0, kept)).toBe(chrome(0));
    expect(kept.sets).toBe(1);
    const later = chrome(3, kept);
    expect(kept.sets).toBe(1);
    expect(later).toBe(chrome(3));
    expect(later).toContain('data-sx-id="sx4-"');
  });
});

/** A page's "Try it" and feedback buttons, after `islandsBefore` other islands. */
function pageIslands(slug: string, islandsBefore: number, kept?: RenderCache): string {
  const site = {
    title: 'Pets <&> "API"',
    mode: 'hosted' as const,
    proxyBaseUrl: '',
    searchIndexUrl: '/_sextant/search-index.json',
    basePath: '',
  };
  return renderToStaticMarkup(
    <IslandRendererProvider value={islandRenderer(kept)}>
      {Array.from({ length: islandsBefore }, (_, i) => `before ${i}`).map((label) => (
        <Before key={label} label={label} />
      ))}
      <TryIt id={slug} site={site} fullPageUrl={`/_sextant/page.json?slug=${encodeURIComponent(slug)}`} />
      <PageFeedback slug={slug} url="/_sextant/feedback" />
    </IslandRendererProvider>,
  );
}

describe('"Try it" and the feedback buttons, the same HTML on every page', () => {
  it('are rendered once per site version, each page with its own props and id prefixes', () => {
    const kept = countingCache();
    expect(pageIslands('pets/get', 0, kept)).toBe(pageIslands('pets/get', 0));
    expect(kept.sets).toBe(2);
    const hostile = `pets/"<script>&'`;
    const later = pageIslands(hostile, 2, kept);
    expect(kept.sets).toBe(2);
    expect(later).toBe(pageIslands(hostile, 2));
    expect(later).toContain('data-sx-id="sx3-"');
    expect(later).toContain('data-sx-id="sx4-"');
    expect(later).toContain('&quot;pets/\\&quot;&lt;script&gt;&amp;&#x27;&quot;');
  });
});

/** A tab of code whose highlighted HTML has the id `h${n}`. */
function tab(id: string, label: string, code: string, n: number, lines?: number): SnippetView {
  return { id, label, code, html: { __html: `<pre><code>${code}</code></pre>`, id: `h${n}` }, lines };
}

/** A page's request and response cards. */
interface Cards {
  request: SnippetView[];
  responses: SnippetView[];
  fullPageUrl: string;
  /** Other islands before the cards. */
  islandsBefore: number;
}

function cards({ request, responses, fullPageUrl, islandsBefore }: Cards, kept?: RenderCache): string {
  return renderToStaticMarkup(
    <IslandRendererProvider value={islandRenderer(kept)}>
      {Array.from({ length: islandsBefore }, (_, i) => `before ${i}`).map((label) => (
        <Before key={label} label={label} />
      ))}
      <CodeTabsIsland title="Request" tabs={request} />
      <ResponseTabs tabs={responses} fullPageUrl={fullPageUrl} />
    </IslandRendererProvider>,
  );
}

describe('the request and response cards, kept by their tabs', () => {
  it('are rendered once for pages with the same tabs, each with its own code, ids and highlighted HTML', () => {
    const kept = countingCache();
    const first: Cards = {
      request: [tab('curl', 'cURL', 'curl /pets', 1), tab('python', 'Python', 'requests.get()', 2)],
      responses: [tab('response-0', '200', '{"id": 1}', 3, 40), tab('response-1', '404', '{}', 4)],
      fullPageUrl: '/_sextant/page.json?slug=pets%2Fget',
      islandsBefore: 0,
    };
    expect(cards(first, kept)).toBe(cards(first));
    expect(kept.sets).toBe(2);
    // Another page: other code (with what a replacement pattern would read as `$&`), other ids, after an island.
    const second: Cards = {
      request: [
        tab('curl', 'cURL', "curl '/owners?q=$&amp;$1'", 7),
        tab('python', 'Python', 'requests.post()', 8),
      ],
      responses: [
        tab('response-0', '200', '{"name": "$$"}', 9, 40),
        tab('response-1', '404', '{"x": 2}', 10),
      ],
      fullPageUrl: '/_sextant/page.json?slug=owners%2Flist',
      islandsBefore: 1,
    };
    const fromKept = cards(second, kept);
    expect(kept.sets).toBe(2);
    expect(fromKept).toBe(cards(second));
    expect(fromKept).toContain("<pre><code>curl '/owners?q=$&amp;$1'</code></pre>");
    expect(fromKept).toContain('data-h="h9"');
    expect(fromKept).toContain('id="_sx2-R_0_-tab-0"');
    expect(fromKept).toContain('Show full example (40 lines)');
    expect(fromKept).not.toContain('h3"');
  });

  it('are rendered again for other tabs: other labels, another count of lines', () => {
    const kept = countingCache();
    const page = (label: string, lines: number): Cards => ({
      request: [tab('curl', label, 'curl /', 1)],
      responses: [tab('response-0', '201', '{}', 2, lines)],
      fullPageUrl: '/p.json',
      islandsBefore: 0,
    });
    cards(page('cURL', 30), kept);
    expect(cards(page('<cURL & co>', 30), kept)).toBe(cards(page('<cURL & co>', 30)));
    expect(cards(page('cURL', 31), kept)).toBe(cards(page('cURL', 31)));
    expect(kept.sets).toBe(4);
  });
});

/** A page's actions, its markdown at `markdownUrl`. */
function pageActions(markdownUrl: string, kept?: RenderCache): string {
  return renderToStaticMarkup(
    <IslandRendererProvider value={islandRenderer(kept)}>
      <PageActions actions={['copyPage', 'viewAsMarkdown', 'claude']} markdownUrl={markdownUrl} />
    </IslandRendererProvider>,
  );
}

describe('the page actions, kept by their actions', () => {
  it("put in each page's markdown URL, escaped; a URL that is no site path is rendered by its page", () => {
    const kept = countingCache();
    expect(pageActions('/pets/get.md', kept)).toBe(pageActions('/pets/get.md'));
    expect(kept.sets).toBe(1);
    const odd = `/pets/"<&>'.md`;
    expect(pageActions(odd, kept)).toBe(pageActions(odd));
    expect(pageActions(odd, kept)).toContain('href="/pets/&quot;&lt;&amp;&gt;&#x27;.md"');
    // React blocks a javascript: URL; the page's own render does.
    const script = 'javascript:alert(1)';
    expect(pageActions(script, kept)).toBe(pageActions(script));
    expect(pageActions(script, kept)).toContain('href="javascript:throw new Error(');
    expect(kept.sets).toBe(1);
  });
});
