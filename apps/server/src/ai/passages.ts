/**
 * What Ask AI and MCP quote from a docs site: a passage per search hit. A markdown page section
 * is its markdown under its heading (the URL carries the heading's anchor, `#h-<slug>`, as the
 * site renders it); an endpoint, channel, webhook or type is its reference markdown (parameters,
 * body, responses: what `renderDocsPageMarkdown` gives, the text of llms.txt and "view as
 * markdown"). Reference passages carry their API's label and version; every passage of a versioned
 * site carries the docs version it belongs to (`v1`). Text is made for the hits
 * a question retrieves only, so indexing a large API renders nothing.
 * URLs are relative to the site's base path: `/guides/authentication#h-oauth-client-credentials`.
 */
import { pageTitle, pathTemplate, plainTitle } from '@sextant/definition';
import { type DocsSite, renderDocsPageMarkdown } from '@sextant/docs-site';
import { type SearchKind, type StoredDocument, splitMarkdownSections } from '@sextant/search';

export type PassageKind = SearchKind;

export interface Passage {
  title: string;
  /** Relative to the site's base path, starting with `/`, with `#anchor` for a page section. */
  url: string;
  kind: PassageKind;
  text: string;
  /** The API it documents (its navigation label), for reference passages. */
  api?: string;
  /** The API's version. */
  version?: string;
  /** The docs version (docs.yml `versions` name) of a versioned site. */
  docsVersion?: string;
  /** An endpoint's method and path template (a webhook's method and event name). */
  method?: string;
  path?: string;
}

/** Longest text of one passage; a reference page's long examples are cut. */
export const MAX_PASSAGE_CHARS = 3000;

const clip = (text: string) =>
  text.length > MAX_PASSAGE_CHARS ? `${text.slice(0, MAX_PASSAGE_CHARS)}…` : text;

const labels = (doc: Pick<StoredDocument, 'api' | 'version' | 'docsVersion' | 'method' | 'path'>) => ({
  ...(doc.api ? { api: doc.api } : {}),
  ...(doc.version ? { version: doc.version } : {}),
  ...(doc.docsVersion ? { docsVersion: doc.docsVersion } : {}),
  ...(doc.method ? { method: doc.method } : {}),
  ...(doc.path ? { path: doc.path } : {}),
});

/** The passage of one search hit, or undefined when its page is gone. */
export async function passageOf(site: DocsSite, hit: StoredDocument): Promise<Passage | undefined> {
  const path = `/${hit.slug}`;
  const entry = site.bySlug.get(hit.slug);
  if (!entry) return undefined;
  if (entry.item.type === 'page') {
    const page = site.definition.pages[entry.item.pageId];
    if (!page) return undefined;
    const section = splitMarkdownSections(page.markdown).find((s) => s.anchor === hit.anchor);
    const text = section ? (section.heading ? `${section.heading}\n${section.text}` : section.text) : '';
    // Cited by the page's own title (its heading or front matter), not its sidebar label.
    const title = plainTitle(pageTitle(entry.item, site.definition, site.apis));
    return {
      title: hit.page ? `${title} › ${hit.title}` : title,
      url: hit.anchor ? `${path}#${hit.anchor}` : path,
      kind: 'page',
      text: clip(text),
      ...labels({ docsVersion: hit.docsVersion }),
    };
  }
  const markdown = await renderDocsPageMarkdown(site, hit.slug);
  if (markdown === undefined) return undefined;
  return { title: hit.title, url: path, kind: hit.kind, text: clip(markdown), ...labels(hit) };
}

/**
 * The page at `slug` as one passage (the reader's page, when they ask about it): a markdown
 * page's text from its start, a reference page's markdown.
 */
export async function pagePassage(site: DocsSite, slug: string): Promise<Passage | undefined> {
  const entry = site.bySlug.get(slug);
  if (!entry) return undefined;
  const { item } = entry;
  const path = `/${slug}`;
  if (item.type === 'page') {
    const page = site.definition.pages[item.pageId];
    return page
      ? {
          title: plainTitle(page.title || item.title),
          url: path,
          kind: 'page',
          text: clip(page.markdown.trim()),
          ...labels({ docsVersion: site.currentVersion?.name }),
        }
      : undefined;
  }
  const kind = ({ endpoint: 'endpoint', channel: 'channel', webhook: 'webhook', type: 'type' } as const)[
    item.type as 'endpoint'
  ];
  const markdown = kind ? await renderDocsPageMarkdown(site, slug) : undefined;
  if (!kind || markdown === undefined) return undefined;
  const api = 'apiId' in item ? site.apis[item.apiId] : undefined;
  const root = entry.ancestors.find((a) => a.type === 'apiReference');
  const endpoint = item.type === 'endpoint' ? api?.endpoints[item.endpointId] : undefined;
  return {
    // The operation's whole summary, not its short sidebar label.
    title: plainTitle(pageTitle(item, site.definition, site.apis)),
    url: path,
    kind,
    text: clip(markdown),
    ...labels({
      ...(root && 'title' in root ? { api: root.title } : api ? { api: api.title } : {}),
      ...(api?.version ? { version: api.version } : {}),
      docsVersion: site.currentVersion?.name,
      ...(endpoint ? { method: endpoint.method, path: pathTemplate(endpoint.path) } : {}),
    }),
  };
}
