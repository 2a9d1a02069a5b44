/**
 * The data one docs page is rendered from, shared by the server renderer and the client (the
 * page's full view, `fullPageUrl`, has this shape): an endpoint page holds only its slice of the
 * API definition (never the whole API). The HTML page ships none of it but its islands' props.
 */
import type { ApiDefinition, HttpMethod } from '@sextant/definition';
import type { ContentNode } from './content-node.js';

/**
 * HTML the server produced (highlighted, sanitised). It is in the page's HTML; the copy in an
 * island's props is emptied (the client refills it from the server's DOM), so it is sent once.
 */
export type SafeHtml = { __html: string; id: string };

export interface SnippetView {
  /** `curl`, `typescript`, `python`. */
  id: string;
  label: string;
  code: string;
  html: SafeHtml;
  /** Set when `html` shows only the first lines of a longer body: its whole line count. */
  lines?: number;
  /** A spec example that breaks its schema: what is wrong (`exampleProblemNote`). */
  note?: string;
}

/** A snippet as its island carries it: its code only where Copy could not have it otherwise. */
export type SnippetTab = Omit<SnippetView, 'code'> & { code?: string };

/**
 * What a browser's text of the shown code would not give back: a CR (the highlighter splits
 * lines at CRLF, and a browser reads a CR as LF), NUL (a browser drops it) and a lone surrogate
 * (sent as U+FFFD in UTF-8).
 */
const NOT_READ_BACK = /[\r\0]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * `snippet` without the code its page already has (issue #30: it was carried twice, ~4 KB a
 * GitHub endpoint page): shown whole, Copy copies the panel's text, which is the code unless the
 * code holds what a browser reads otherwise; cut to its first lines (`lines` set), Copy copies the
 * whole from the page's full view.
 */
export function snippetTab({ code, ...tab }: SnippetView): SnippetTab {
  return tab.lines !== undefined || !NOT_READ_BACK.test(code) ? tab : { ...tab, code };
}

export interface ExampleView {
  name: string;
  /** Position in the endpoint's (or webhook's) `examples`: the client copies the JSON from there. */
  index: number;
  /** Highlighted JSON of the request body (or webhook payload), when there is one. */
  request?: SafeHtml;
  /** Set when `request` holds only the first lines: the example's whole line count. */
  requestLines?: number;
  responseStatus: number;
  response?: SafeHtml;
  /** Set when `response` holds only the first lines: the example's whole line count. */
  responseLines?: number;
  /** Set when the spec's example breaks its schema: what is wrong, shown beside it. */
  note?: string;
}

export interface SiteView {
  title: string;
  /** local: localhost targets allowed; hosted: multi-tenant. */
  mode: 'local' | 'hosted';
  /** Origin of the proxy, '' for this origin. */
  proxyBaseUrl: string;
  /** URL of the search index JSON. */
  searchIndexUrl: string;
  /** Base path the site is served under ('' or '/docs'). */
  basePath: string;
  /** The playground reports Try-it requests to the docs host (docs.yml `analytics.playground`). */
  analytics?: boolean;
}

interface PageBase {
  slug: string;
  title: string;
  /** Page actions to show (copyPage, viewAsMarkdown). */
  actions: string[];
  /** URL of the `.md` variant of the page. */
  markdownUrl: string;
}

export type PageView =
  | (PageBase & {
      kind: 'markdown';
      layout: string;
      /** The body: server HTML, and islands where it has tabs, code blocks or diagrams. */
      content: ContentNode[];
      toc: { id: string; text: string; depth: number }[];
      /** When the page's file last changed (ISO 8601), for "Last updated". */
      lastUpdated?: string;
      /** Where its source is edited (docs.yml `editThisPage`). */
      editUrl?: string;
      /** A changelog entry: its day, tags and the changelog it belongs to. */
      entry?: { date: string; tags: string[]; changelog: { title: string; slug: string } };
    })
  | (PageBase & {
      kind: 'changelog';
      /** The entries of this page of the changelog, newest first, each with its body. */
      entries: ChangelogEntryView[];
      /** This page's number (1-based) and how many there are. */
      page: number;
      pages: number;
      /** Slug of the changelog's first page (later pages are `{slug}/page/{n}`). */
      changelogSlug: string;
    })
  | (PageBase & {
      kind: 'endpoint';
      apiId: string;
      endpointId: string;
      method: HttpMethod;
      definition: ApiDefinition;
      description?: SafeHtml;
      snippets: SnippetView[];
      /** One tab per response status (and content type): the spec's example or a schema-valid one. */
      responseExamples: SnippetView[];
      examples: ExampleView[];
    })
  | (PageBase & {
      kind: 'channel';
      apiId: string;
      channelId: string;
      definition: ApiDefinition;
      description?: SafeHtml;
    })
  | (PageBase & {
      kind: 'webhook';
      apiId: string;
      webhookId: string;
      definition: ApiDefinition;
      description?: SafeHtml;
      examples: ExampleView[];
    })
  | (PageBase & {
      kind: 'type';
      apiId: string;
      typeId: string;
      definition: ApiDefinition;
      description?: SafeHtml;
    })
  | (PageBase & {
      kind: 'overview';
      description?: SafeHtml;
      items: { title: string; slug: string; method?: string; kind: string; summary?: string }[];
    });

/** One entry on a changelog's page. */
export interface ChangelogEntryView {
  title: string;
  slug: string;
  /** `YYYY-MM-DD`. */
  date: string;
  tags: string[];
  content: ContentNode[];
}

export interface PageData {
  site: SiteView;
  page: PageView;
}

/**
 * URL of the page's full view as JSON: the whole definition slice (every nested type, the
 * examples' values) and the examples highlighted in full. The islands' props hold only what
 * they first render; the client fetches this when a reader asks for more.
 */
export function fullPageUrl(site: Pick<SiteView, 'basePath'>, slug: string): string {
  return `${site.basePath}${FULL_PAGE_PATH}?slug=${encodeURIComponent(slug)}`;
}
export const FULL_PAGE_PATH = '/_sextant/page.json';

/** Id of the element the page content hydrates into. */
export const CONTENT_ROOT_ID = 'sx-content';
/** URL parameter that opens the playground (SPEC §2). */
export const EXPLORER_PARAM = 'explorer';
