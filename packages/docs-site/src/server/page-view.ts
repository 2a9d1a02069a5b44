/**
 * Builds the view of one page (what it renders and hydrates with) from the site's docs
 * definition: markdown pages, overview pages of sections, API references and groups, and
 * endpoint, channel, webhook and type pages from a slice of their API definition.
 */
import {
  type ApiDefinition,
  CHANGELOG_PAGE_SIZE,
  type ChangelogItem,
  changelogEntries,
  changelogPageAt,
  changelogPageCount,
  type Endpoint,
  exampleLabel,
  exampleProblemNote,
  type MarkdownPage,
  type NavItem,
  pageTitle,
  type RoutableNavItem,
  responseExamples,
  sliceDefinition,
  TypeCollector,
  typeClosures,
} from '@sextant/definition';
import { findEndpoint, parseEndpointReference } from '@sextant/request';
import { markdownText } from '@sextant/search';
import type { HighlighterCore } from 'shiki/core';
import { pageActionsOf } from '../components/ask-ai/ask-ai-events.js';
import { pathText, prettyJson } from '../shared/format.js';
import {
  type ExampleView,
  type PageView,
  type SafeHtml,
  type SnippetView,
  snippetTab,
} from '../shared/page-data.js';
import { safeHtml } from '../shared/safe-html.js';
import { highlight } from './highlight.js';
import { pageLinkRewriter } from './links/site-links.js';
import { renderMarkdown } from './markdown.js';
import { resolveProjectPath } from './markdown-files.js';
import { pageFormat } from './mdx/parse-page.js';
import { renderPageContent } from './mdx/render-page-content.js';
import { editPageUrl } from './page-furniture.js';
import type { DocsSite } from './site.js';
import { endpointSnippets } from './snippets.js';

const MAX_EXAMPLES = 3;
/** Lines of an example highlighted in the page; the rest comes with the full view on demand. */
export const EXAMPLE_PREFIX_LINES = 40;

export interface PageViewOptions {
  /** Highlight only this many lines of each example (the view records the whole count). */
  exampleLines?: number;
  /** The site's base path ('' or '/docs'): links between pages are written under it. */
  basePath?: string;
}

/** A value's JSON and its highlighted HTML, cut to the view's lines (`lines`: its whole count, when cut). */
type ExampleJson = (value: unknown) => { code: string; html: SafeHtml; lines?: number };

/**
 * {@link ExampleJson} for one page view, each value written and highlighted once: the spec's
 * response example is the same value in the response tabs and in the examples (issue #30: doing it
 * twice was ~0.5-1 % of the hosted server's cold walk). Each use is wrapped anew, so it has its own
 * id, as before. Kept per view, not per process, so no example's HTML outlives its page.
 */
export function exampleJson(highlighter: HighlighterCore, limit: number): ExampleJson {
  const written = new Map<unknown, { code: string; html: string; lines?: number }>();
  return (value) => {
    let known = written.get(value);
    if (!known) {
      const code = prettyJson(value);
      known = { code, ...jsonHtml(highlighter, code, limit) };
      written.set(value, known);
    }
    const { code, html, lines } = known;
    return { code, html: safeHtml(html), ...(lines === undefined ? {} : { lines }) };
  };
}

/** `json` highlighted, cut to its first `limit` lines; `lines` (its whole count) is set when it was cut. */
function jsonHtml(
  highlighter: HighlighterCore,
  json: string,
  limit: number,
): { html: string; lines?: number } {
  // The end of line `limit`, found without splitting the whole text (a body can be thousands of lines).
  let cut = -1;
  for (let line = 0; line < limit; line++) {
    cut = json.indexOf('\n', cut + 1);
    if (cut === -1) return { html: highlight(highlighter, json, 'json') };
  }
  let lines = 1;
  for (let at = json.indexOf('\n'); at !== -1; at = json.indexOf('\n', at + 1)) lines++;
  return { html: highlight(highlighter, json.slice(0, Math.max(cut, 0)), 'json'), lines };
}

/**
 * The response tabs of an endpoint page: one per status (and content type when a status has
 * several). `api` is the endpoint's whole API, not its page's slice: examples are built from the
 * types the endpoint reaches either way, and what holds a spec example is found once per API.
 */
export function responseTabs(endpoint: Endpoint, api: ApiDefinition, json: ExampleJson): SnippetView[] {
  const examples = responseExamples(endpoint, api.types);
  const statuses = examples.map((example) => example.statusCode);
  return examples.map((example, i) => {
    const status = example.statusCode === 0 ? 'default' : String(example.statusCode);
    const shared = statuses.filter((s) => s === example.statusCode).length > 1;
    // A long body shows its first lines (the card offers the whole); Copy copies it whole.
    const { code, html, lines } = json(example.value);
    const note = exampleProblemNote(example.problems);
    return {
      id: `response-${i}`,
      label: shared && example.contentType ? `${status} ${example.contentType}` : status,
      code,
      html,
      ...(lines === undefined ? {} : { lines }),
      ...(note ? { note } : {}),
    };
  });
}

function markdownHtml(highlighter: HighlighterCore, markdown: string | undefined): SafeHtml | undefined {
  return markdown?.trim() ? safeHtml(renderMarkdown(highlighter, markdown).html) : undefined;
}

/** The view of the page at `slug`, or undefined when the site has none. */
export function buildPageView(
  site: DocsSite,
  highlighter: HighlighterCore,
  slug: string,
  options: PageViewOptions = {},
): PageView | undefined {
  const limit = options.exampleLines ?? Number.POSITIVE_INFINITY;
  const entry = site.bySlug.get(slug);
  if (!entry) {
    // `changelog/page/2`: a later page of a changelog.
    const at = changelogPageAt(site.definition, slug);
    if (!at) return undefined;
    const base = {
      slug,
      title: `${at.item.title} (page ${at.page})`,
      actions: pageActionsOf(site.definition.config),
      markdownUrl: `/${slug}.md`,
    };
    return changelogView(site, highlighter, at.item, at.page, base, options.basePath ?? '');
  }
  const { item } = entry;
  const base = {
    slug: item.slug,
    // The full title (an operation's whole summary); the sidebar keeps the short label.
    title: pageTitle(item, site.definition, site.apis),
    actions: pageActionsOf(site.definition.config),
    markdownUrl: `/${item.slug || 'index'}.md`,
  };
  switch (item.type) {
    case 'page': {
      const page = site.definition.pages[item.pageId];
      if (!page) return undefined;
      const rendered = renderMarkdownPage(site, highlighter, page, options.basePath ?? '');
      const changelog = page.date ? entry.ancestors.findLast((a) => a.type === 'changelog') : undefined;
      const { editThisPage } = site.definition.config;
      return {
        ...base,
        // One H1: the page's leading `# Title` when it has one, else its title (not its sidebar label).
        title: rendered.title ?? page.title,
        kind: 'markdown',
        layout: page.layout,
        content: rendered.content,
        toc: rendered.toc,
        ...(page.lastUpdated ? { lastUpdated: page.lastUpdated } : {}),
        ...(editThisPage && page.sourcePath
          ? { editUrl: editPageUrl(editThisPage.url, page.sourcePath) }
          : {}),
        ...(page.date && changelog?.type === 'changelog'
          ? {
              entry: {
                date: page.date,
                tags: page.tags ?? [],
                changelog: { title: changelog.title, slug: changelog.slug },
              },
            }
          : {}),
      };
    }
    case 'changelog':
      return changelogView(site, highlighter, item, 1, base, options.basePath ?? '');
    case 'section':
    case 'tab':
    case 'apiReference':
    case 'group': {
      const api = 'apiId' in item ? site.apis[item.apiId] : undefined;
      const description =
        item.type === 'apiReference'
          ? api?.description
          : item.type === 'group'
            ? api?.subpackages[item.subpackageId]?.description
            : undefined;
      return {
        ...base,
        kind: 'overview',
        description: description ? safeHtml(renderMarkdown(highlighter, description).html) : undefined,
        items: overviewItems(site, item.children),
      };
    }
    case 'endpoint':
    case 'channel':
    case 'webhook':
    case 'type':
      return apiPageView(site, highlighter, item, base, limit);
  }
}

/** A markdown page's body rendered for the site: its files, links and endpoint snippets resolved. */
export function renderMarkdownPage(
  site: DocsSite,
  highlighter: HighlighterCore,
  page: MarkdownPage,
  basePath: string,
): ReturnType<typeof renderPageContent> {
  const { fileUrl } = site;
  return renderPageContent(highlighter, page.markdown, {
    format: pageFormat(page.sourcePath),
    file: page.sourcePath,
    bodyLine: page.sourceLine,
    headerTitle: page.layout !== 'custom',
    ...(fileUrl
      ? {
          rewriteFileUrl: (url: string) => {
            const path = resolveProjectPath(page.sourcePath, url);
            return path === undefined ? undefined : fileUrl(path);
          },
        }
      : {}),
    endpointSnippet: (reference, kind) => endpointSnippet(site, highlighter, reference, kind),
    rewriteLink: pageLinkRewriter(site.definition, page, basePath, highlighter),
  });
}

/** Page `n` of a changelog: its entries (newest first), each with its body. */
function changelogView(
  site: DocsSite,
  highlighter: HighlighterCore,
  item: ChangelogItem,
  n: number,
  base: { slug: string; title: string; actions: string[]; markdownUrl: string },
  basePath: string,
): PageView {
  const all = changelogEntries(site.definition, item);
  const shown = all.slice((n - 1) * CHANGELOG_PAGE_SIZE, n * CHANGELOG_PAGE_SIZE);
  const entries = shown.map(({ slug, title, page }) => {
    const rendered = renderMarkdownPage(site, highlighter, page, basePath);
    return {
      title: rendered.title ?? title,
      slug,
      date: page.date,
      tags: page.tags ?? [],
      content: rendered.content,
    };
  });
  return {
    ...base,
    kind: 'changelog',
    entries,
    page: n,
    pages: changelogPageCount(all.length),
    changelogSlug: item.slug,
  };
}

/**
 * `<EndpointRequestSnippet endpoint="POST /pets">` and its response twin: the endpoint's request
 * snippets or response examples as the reference shows them (the code tabs island), from the
 * first of the site's APIs that has the endpoint; else why not.
 */
export function endpointSnippet(
  site: Pick<DocsSite, 'apis'>,
  highlighter: HighlighterCore,
  reference: string,
  kind: 'request' | 'response',
): { island: string; props: Record<string, unknown> } | string {
  let parsed: ReturnType<typeof parseEndpointReference>;
  try {
    parsed = parseEndpointReference(reference, { anyPath: true });
  } catch {
    return 'write the endpoint as METHOD /path, e.g. "POST /pets"';
  }
  for (const api of Object.values(site.apis)) {
    let endpoint: Endpoint;
    try {
      endpoint = findEndpoint(Object.values(api.endpoints), parsed);
    } catch {
      continue;
    }
    const definition = sliceDefinition(api, { endpointId: endpoint.id });
    const tabs =
      kind === 'request'
        ? endpointSnippets(highlighter, definition, endpoint)
        : responseTabs(endpoint, api, exampleJson(highlighter, Number.POSITIVE_INFINITY));
    if (tabs.length === 0) return `the endpoint has no ${kind} example`;
    return {
      island: 'code-tabs',
      props: {
        title: kind === 'request' ? 'Request' : 'Response',
        tabs: tabs.map(snippetTab),
      },
    };
  }
  return `no API of this site has the endpoint ${parsed.method} ${parsed.path}`;
}

function apiPageView(
  site: DocsSite,
  highlighter: HighlighterCore,
  item: Extract<RoutableNavItem, { type: 'endpoint' | 'channel' | 'webhook' | 'type' }>,
  base: { slug: string; title: string; actions: string[]; markdownUrl: string },
  limit: number,
): PageView | undefined {
  const api = site.apis[item.apiId];
  if (!api) return undefined;
  if (item.type === 'endpoint') {
    const definition = sliceDefinition(api, { endpointId: item.endpointId });
    const endpoint = definition.endpoints[item.endpointId];
    if (!endpoint) return undefined;
    const json = exampleJson(highlighter, limit);
    return {
      ...base,
      kind: 'endpoint',
      apiId: item.apiId,
      endpointId: endpoint.id,
      method: endpoint.method,
      definition,
      description: markdownHtml(highlighter, endpoint.description),
      snippets: endpointSnippets(highlighter, definition, endpoint),
      responseExamples: responseTabs(endpoint, api, json),
      examples: endpoint.examples.slice(0, MAX_EXAMPLES).map((example, i): ExampleView => {
        const request = example.requestBody === undefined ? undefined : json(example.requestBody);
        const response = example.responseBody === undefined ? undefined : json(example.responseBody);
        const note = exampleProblemNote(example.problems);
        return {
          name: exampleLabel(example, i),
          index: i,
          request: request?.html,
          requestLines: request?.lines,
          responseStatus: example.responseStatusCode,
          response: response?.html,
          responseLines: response?.lines,
          ...(note ? { note } : {}),
        };
      }),
    };
  }
  if (item.type === 'channel') {
    const definition = sliceDefinition(api, { channelId: item.channelId });
    return {
      ...base,
      kind: 'channel',
      apiId: item.apiId,
      channelId: item.channelId,
      definition,
      description: markdownHtml(highlighter, definition.websockets[item.channelId]?.description),
    };
  }
  if (item.type === 'webhook') {
    const definition = sliceDefinition(api, { webhookId: item.webhookId });
    const webhook = definition.webhooks[item.webhookId];
    const json = exampleJson(highlighter, limit);
    return {
      ...base,
      kind: 'webhook',
      apiId: item.apiId,
      webhookId: item.webhookId,
      definition,
      description: markdownHtml(highlighter, webhook?.description),
      examples: (webhook?.examples ?? []).slice(0, MAX_EXAMPLES).map((example, i): ExampleView => {
        const request = json(example.payload);
        const note = exampleProblemNote(example.problems);
        return {
          name: exampleLabel(example, i),
          index: i,
          responseStatus: 0,
          request: request.html,
          requestLines: request.lines,
          ...(note ? { note } : {}),
        };
      }),
    };
  }
  const definition = typeSlice(api, item.typeId);
  return {
    ...base,
    kind: 'type',
    apiId: item.apiId,
    typeId: item.typeId,
    definition,
    description: markdownHtml(highlighter, definition.types[item.typeId]?.description),
  };
}

/** A definition holding one type and the types it reaches (no endpoints). */
function typeSlice(api: ApiDefinition, typeId: string): ApiDefinition {
  const collector = new TypeCollector(api.types, typeClosures(api.types));
  collector.typeId(typeId);
  const types: ApiDefinition['types'] = {};
  for (const id of collector.close()) {
    const type = api.types[id];
    if (type) types[id] = type;
  }
  return {
    ...api,
    endpoints: {},
    websockets: {},
    webhooks: {},
    types,
    auths: {},
    rootPackage: { endpoints: [], websockets: [], webhooks: [], subpackages: [] },
    subpackages: {},
  };
}

function overviewItems(
  site: DocsSite,
  children: NavItem[],
): Extract<PageView, { kind: 'overview' }>['items'] {
  return children.flatMap((child) => {
    // A hidden child is reachable by its URL only, not listed on its section's overview.
    if (child.type === 'link' || child.hidden) return [];
    const summary = (() => {
      if (child.type === 'endpoint') {
        const endpoint = site.apis[child.apiId]?.endpoints[child.endpointId];
        return endpoint ? pathText(endpoint.path) : undefined;
      }
      if (child.type === 'page') {
        const page = site.definition.pages[child.pageId];
        return page ? (page.description ?? markdownText(page.markdown).slice(0, 160)) : undefined;
      }
      return undefined;
    })();
    const kind = child.type === 'apiReference' || child.type === 'group' ? 'section' : child.type;
    return [
      {
        title: child.title,
        slug: child.slug,
        method: child.type === 'endpoint' ? child.method : undefined,
        kind,
        summary,
      },
    ];
  });
}
