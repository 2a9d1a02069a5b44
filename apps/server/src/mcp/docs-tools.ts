/**
 * What the MCP tools of a docs site answer, as plain functions over the site (no MCP types):
 * search the docs, read a page's markdown, describe an endpoint. Each returns markdown text, or
 * a `ToolProblem` with a code and the caller's next step (an unknown page is an answer, never a
 * crash). Pages are the docs host's own `.md` variants (`renderDocsPageMarkdown`): an endpoint's
 * description holds its parameters and the cURL example the reference page shows, built by
 * `@sextant/request` with placeholder credentials; `describe_endpoint` adds the bodies' fields
 * with nested types expanded (`body-fields.ts`). `search_docs` ranks with the site's one index and
 * names an endpoint by its method and path first.
 */
import {
  type ApiDefinition,
  type AuthScheme,
  describeOAuthFlows,
  type Endpoint,
  pathMatches,
  type RoutableNavItem,
} from '@sextant/definition';
import { type DocsSite, renderDocsPageMarkdown, siteRootOf, versionBase, viewNoun } from '@sextant/docs-site';
import { type Passage, retrievePassages } from '../ai/index.js';
import { markdownUrl } from '../llms/index.js';
import { bodyFieldsMarkdown } from './body-fields.js';

export type ToolAnswer = { ok: true; text: string } | { ok: false; problem: ToolProblem };

export interface ToolProblem {
  code:
    | 'PAGE_NOT_FOUND'
    | 'ENDPOINT_NOT_FOUND'
    | 'ENDPOINT_AMBIGUOUS'
    | 'NOTHING_FOUND'
    | 'VERSION_NOT_FOUND';
  message: string;
}

const problem = (code: ToolProblem['code'], message: string): ToolAnswer => ({
  ok: false,
  problem: { code, message },
});

/** Where a tool answers from: the site, and its absolute URL (origin + base path). */
export interface ToolSite {
  site: DocsSite;
  siteUrl: string;
}

/** How much of a passage's text a search result quotes (read_page gives the whole page). */
const QUOTE_CHARS = 600;

function passageText({ site, siteUrl }: ToolSite, passage: Passage, index: number): string {
  const slug = passage.url.replace(/^\/+/, '').split('#')[0] ?? '';
  const text = passage.text.replace(/\s+/g, ' ').trim();
  const quote = text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS)}…` : text;
  // An endpoint is named by its method and path first: what a caller of the API needs.
  const labels = [
    passage.kind,
    ...(passage.api ? [passage.api] : []),
    ...(passage.docsVersion ? [`${viewNoun(site)} ${passage.docsVersion}`] : []),
  ].join(', ');
  const head =
    passage.method && passage.path
      ? `${index + 1}. \`${passage.method} ${passage.path}\` **${passage.title}** (${labels})`
      : `${index + 1}. **${passage.title}** (${labels})`;
  return [
    head,
    `   URL: ${siteUrl}${passage.url}`,
    `   Markdown: ${markdownUrl(siteUrl, slug)}`,
    ...(quote ? [`   ${quote}`] : []),
  ].join('\n');
}

/**
 * `search_docs`: the best passages for `query` (the Ask AI retrieval) in the site's version (or
 * `version`, on a versioned site), with titles, URLs and, on a versioned site, their version.
 */
export async function searchDocs(
  given: ToolSite,
  query: string,
  limit: number,
  version?: string,
): Promise<ToolAnswer> {
  const scoped = toolSiteForVersion(given, version);
  if ('ok' in scoped) return scoped;
  const passages = await retrievePassages(scoped.site, query, limit);
  if (passages.length === 0)
    return problem('NOTHING_FOUND', `Nothing in the docs matches "${query}": try other words, or fewer.`);
  return { ok: true, text: passages.map((p, i) => passageText(scoped, p, i)).join('\n\n') };
}

/**
 * The slug a reader's reference names: a slug (`guides/intro`), a path (`/guides/intro`,
 * `/guides/intro.md`, `/index.md`) or an absolute URL of this site.
 */
export function slugOf({ site, siteUrl }: ToolSite, reference: string): string | undefined {
  let path = reference.trim();
  if (/^https?:\/\//i.test(path)) {
    let url: URL;
    try {
      url = new URL(path);
    } catch {
      return undefined;
    }
    const base = new URL(siteUrl);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (url.host !== base.host || (basePath && !`${url.pathname}/`.startsWith(`${basePath}/`)))
      return undefined;
    path = url.pathname.slice(basePath.length);
  }
  path = path.split(/[?#]/)[0] ?? '';
  let slug = path.replace(/^\/+|\/+$/g, '');
  try {
    slug = decodeURIComponent(slug);
  } catch {
    return undefined;
  }
  if (slug.endsWith('.md')) slug = slug.slice(0, -3);
  if (slug === 'index') slug = site.definition.homeSlug;
  return site.bySlug.has(slug) ? slug : undefined;
}

/** `read_page`: the markdown of the page a slug or URL names. */
export async function readPage(tool: ToolSite, reference: string): Promise<ToolAnswer> {
  const slug = slugOf(tool, reference);
  const markdown = slug === undefined ? undefined : await renderDocsPageMarkdown(tool.site, slug);
  if (slug === undefined || markdown === undefined)
    return problem(
      'PAGE_NOT_FOUND',
      `No page of this site is at "${reference}": search with search_docs, or read ${tool.siteUrl}/llms.txt for every page.`,
    );
  return { ok: true, text: `Source: ${markdownUrl(tool.siteUrl, slug)}\n\n${markdown}` };
}

export interface EndpointQuery {
  /** An endpoint's slug, page URL or id (the spec's operationId or Sextant's endpoint id). */
  endpoint?: string;
  method?: string;
  /** `/pets/{petId}` or a concrete path (`/pets/42`). */
  path?: string;
  /** A version of a versioned site (its name or slug, `v1`); the reader's version when absent. */
  version?: string;
}

type EndpointItem = Extract<RoutableNavItem, { type: 'endpoint' }>;

interface FoundEndpoint {
  item: EndpointItem;
  api: ApiDefinition;
  endpoint: Endpoint;
}

function endpointItems(site: DocsSite): FoundEndpoint[] {
  const found: FoundEndpoint[] = [];
  for (const { item } of site.bySlug.values()) {
    if (item.type !== 'endpoint') continue;
    const api = site.apis[item.apiId];
    const endpoint = api?.endpoints[item.endpointId];
    if (api && endpoint) found.push({ item, api, endpoint });
  }
  return found;
}

function selectEndpoints(tool: ToolSite, query: EndpointQuery): FoundEndpoint[] {
  const all = endpointItems(tool.site);
  if (query.endpoint) {
    const slug = slugOf(tool, query.endpoint);
    const reference = query.endpoint.trim();
    return all.filter(
      ({ item, endpoint }) =>
        item.slug === slug || endpoint.id === reference || endpoint.operationId === reference,
    );
  }
  const method = query.method?.toUpperCase();
  return all.filter(
    ({ endpoint }) =>
      (!method || endpoint.method === method) && (!query.path || pathMatches(endpoint.path, query.path)),
  );
}

function authLine(scheme: AuthScheme): string {
  switch (scheme.type) {
    case 'bearerAuth':
      return 'Bearer token: `Authorization: Bearer <token>`';
    case 'basicAuth':
      return 'HTTP Basic: `Authorization: Basic <base64 of username:password>`';
    case 'header':
      return `API key in the \`${scheme.headerWireValue}\` header${scheme.prefix ? ` (prefixed \`${scheme.prefix} \`)` : ''}`;
    case 'queryParameter':
      return `API key in the \`${scheme.queryParameterName}\` query parameter`;
    case 'oAuth':
      return `OAuth 2.0 ${describeOAuthFlows(scheme)}: \`Authorization: Bearer <token>\` from the token endpoint`;
  }
}

function authSection({ api, endpoint }: FoundEndpoint): string {
  if (endpoint.auth.length === 0) return '## Auth\n\nNone.\n';
  const lines = endpoint.auth.flatMap((id) => {
    const scheme = api.auths[id];
    return scheme
      ? [`- ${authLine(scheme)}${scheme.description ? `: ${scheme.description.replace(/\s+/g, ' ')}` : ''}`]
      : [];
  });
  return `## Auth\n\nAny one of:\n\n${lines.join('\n')}\n`;
}

/**
 * The tool site of another version of a versioned site (by name or slug), or a problem naming the
 * versions there are; the same tool site when no version is asked for.
 */
export function toolSiteForVersion(tool: ToolSite, version: string | undefined): ToolSite | ToolAnswer {
  if (version === undefined || version.trim() === '') return tool;
  const versions = tool.site.versions ?? [];
  const wanted = version.trim();
  const found = versions.find((v) => v.name === wanted || v.slug === wanted);
  if (!found)
    return problem(
      'VERSION_NOT_FOUND',
      versions.length === 0
        ? `This site has no versions: call the tool without "version".`
        : `No ${viewNoun(tool.site)} "${wanted}": the ${viewNoun(tool.site)}s are ${versions.map((v) => v.name).join(', ')}.`,
    );
  return { site: found.site, siteUrl: `${siteRootOf(tool.site, tool.siteUrl)}${versionBase(found)}` };
}

/** `describe_endpoint`: parameters, auth and an example request of one endpoint (of `query.version`). */
export async function describeEndpoint(given: ToolSite, query: EndpointQuery): Promise<ToolAnswer> {
  const scoped = toolSiteForVersion(given, query.version);
  if ('ok' in scoped) return scoped;
  const tool = scoped;
  const found = selectEndpoints(tool, query);
  const asked = query.endpoint ?? `${query.method ?? ''} ${query.path ?? ''}`.trim();
  if (found.length === 0)
    return problem(
      'ENDPOINT_NOT_FOUND',
      `No endpoint of this site matches "${asked}": find it with search_docs, then pass its slug or method and path.`,
    );
  if (found.length > 1)
    return problem(
      'ENDPOINT_AMBIGUOUS',
      `"${asked}" matches ${found.length} endpoints: ${found
        .slice(0, 10)
        .map(({ endpoint, item }) => `${endpoint.method} ${item.slug}`)
        .join(', ')}. Pass the method and path, or the slug.`,
    );
  const [one] = found as [FoundEndpoint];
  const markdown = (await renderDocsPageMarkdown(tool.site, one.item.slug)) ?? `# ${one.endpoint.title}\n`;
  const current = tool.site.currentVersion;
  const version = current
    ? `${viewNoun(tool.site) === 'product' ? 'Product' : 'Version'}: ${current.name}\n`
    : '';
  // The bodies' fields, nested types expanded: the page names a $ref body's type only.
  const fields = bodyFieldsMarkdown(one.endpoint, one.api);
  return {
    ok: true,
    text: `Source: ${markdownUrl(tool.siteUrl, one.item.slug)}\n${version}\n${markdown.trimEnd()}\n\n${fields ? `${fields.trimEnd()}\n\n` : ''}${authSection(one)}`,
  };
}
