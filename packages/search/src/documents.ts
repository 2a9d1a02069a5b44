/**
 * What a docs site puts in its index: one document per markdown page section (the text before
 * the first heading, then each h2/h3 with its anchor) and one per endpoint, WebSocket channel,
 * webhook and type, in navigation order. An endpoint is found by its whole summary (never the
 * sidebar's short label), method, path template, operationId, tags (the groups it sits in),
 * description and parameter names; a type by its name, property names and description.
 * Hidden pages, and everything under a hidden entry, stay out.
 */
import {
  type ApiDefinition,
  type DocsDefinition,
  type Endpoint,
  inlineObjectProperties,
  isHiddenNavItem,
  type MarkdownPage,
  type NavItem,
  objectProperties,
  pathTemplate,
  plainTitle,
  propertiesOfReference,
  unionSharedProperties,
  walkNavigation,
} from '@sextant/definition';
import { markdownText, splitMarkdownSections } from './markdown-sections.js';

export type SearchKind = 'page' | 'endpoint' | 'channel' | 'webhook' | 'type';

/** What a result shows and links to: the fields of a {@link SearchDocument} the index keeps. */
export interface StoredDocument {
  /** The page's slug (no leading slash; '' is the home page). */
  slug: string;
  /** The heading anchor of a page section (`h-oauth`), without `#`. */
  anchor?: string;
  kind: SearchKind;
  /** What the result shows: the section's heading, the endpoint's summary, the type's name. */
  title: string;
  /** For a page section: the page's title. */
  page?: string;
  /** Where it sits: the navigation section, or the endpoint's tags (its groups). */
  section?: string;
  /** The API's label (its navigation title) for reference documents. */
  api?: string;
  /** The API's own version (`info.version`). */
  version?: string;
  /** The docs version (docs.yml `versions` name, `v1`) of a versioned site: every document of its index. */
  docsVersion?: string;
  method?: string;
  /** A path template (`/repos/{owner}/{repo}`), a channel's address or a webhook's event name. */
  path?: string;
}

/** The optional fields of a {@link StoredDocument}, which the index keeps where a document has them. */
export const STORED_OPTIONAL_FIELDS = [
  'anchor',
  'page',
  'section',
  'api',
  'version',
  'docsVersion',
  'method',
  'path',
] as const satisfies readonly (keyof StoredDocument)[];

/** One thing the index finds: what it shows, and the text it is found by (not stored). */
export interface SearchDocument extends StoredDocument {
  operationId?: string;
  /** Parameter and body field names (endpoints), property names (types), message names (channels). */
  params?: string;
  /** The description's first sentence: the summary a spec without summaries has (Stripe's). */
  lead?: string;
  /** Plain text: the page section's words, the operation's or type's description. */
  text?: string;
}

/** Longest text indexed per document: the words that decide a ranking come first. */
export const MAX_DOCUMENT_TEXT = 2000;
/** Longest list of parameter and field names per document. */
const MAX_PARAMS = 60;

const clip = (text: string | undefined) =>
  text ? (text.length > MAX_DOCUMENT_TEXT ? text.slice(0, MAX_DOCUMENT_TEXT) : text) : undefined;

function endpointParams(endpoint: Endpoint, api: ApiDefinition): string {
  const names = [...endpoint.pathParameters.map((p) => p.key), ...endpoint.queryParameters.map((p) => p.key)];
  const body = endpoint.requests[0]?.body;
  if (body?.type === 'object')
    names.push(...inlineObjectProperties(body, api.types, { direction: 'request' }).map((p) => p.key));
  else if (body?.type === 'alias')
    names.push(
      ...(propertiesOfReference(body.shape, api.types, { direction: 'request' }) ?? []).map((p) => p.key),
    );
  else if (body?.type === 'formData') names.push(...body.fields.map((f) => f.key));
  return [...new Set(names)].slice(0, MAX_PARAMS).join(' ');
}

/** The first sentence of a plain text, at most 200 characters. */
function firstSentence(text: string | undefined): string | undefined {
  const sentence = text?.split(/(?<=[.!?])\s/)[0]?.trim();
  return sentence ? sentence.slice(0, 200) : undefined;
}

/** The lead sentence and text of a markdown description. */
function described(description: string | undefined): Pick<SearchDocument, 'lead' | 'text'> {
  const text = description ? markdownText(description) : undefined;
  return { ...optional('lead', firstSentence(text)), ...optional('text', clip(text)) };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

/** What `siteSearchDocuments` may be told besides the definitions. */
export interface SiteSearchOptions {
  /** The docs version the definition is a view of (`v1`): every document is labelled with it. */
  docsVersion?: string;
  /** A page's markdown as its readers see it (default: as written); e.g. without agents-only parts. */
  readersMarkdown?: (page: MarkdownPage) => string;
}

/**
 * The documents of a docs site, in navigation order.
 * @example siteSearchDocuments(definition, { api }) // [{ slug: '', kind: 'page', title: 'Welcome', text: '…' }, { slug: 'api/create-a-plant', kind: 'endpoint', method: 'POST', path: '/plants', … }]
 */
export function siteSearchDocuments(
  definition: DocsDefinition,
  apis: Record<string, ApiDefinition>,
  options: SiteSearchOptions = {},
): SearchDocument[] {
  const { docsVersion, readersMarkdown = (page: MarkdownPage) => page.markdown } = options;
  const docs = definitionDocuments(definition, apis, readersMarkdown);
  return docsVersion ? docs.map((doc) => ({ ...doc, docsVersion })) : docs;
}

function definitionDocuments(
  definition: DocsDefinition,
  apis: Record<string, ApiDefinition>,
  readersMarkdown: (page: MarkdownPage) => string,
): SearchDocument[] {
  const docs: SearchDocument[] = [];
  walkNavigation(definition.navigation, (item, ancestors) => {
    if (item.type === 'link' || isHiddenNavItem(item, ancestors)) return;
    const apiRoot = ancestors.find(
      (a): a is Extract<NavItem, { type: 'apiReference' }> => a.type === 'apiReference',
    );
    const groups = ancestors
      .filter((a) => a.type === 'group' || a.type === 'section')
      .map((a) => ('slug' in a ? plainTitle(a.title) : ''))
      .filter(Boolean);
    const section = groups.length > 0 ? groups.join(' › ') : undefined;
    const api = 'apiId' in item ? apis[item.apiId] : undefined;
    const reference = {
      slug: item.slug,
      ...optional('section', section),
      ...optional('api', apiRoot ? plainTitle(apiRoot.title) : api?.title),
      ...optional('version', api?.version),
    };
    switch (item.type) {
      case 'section':
      case 'apiReference':
      case 'group':
        return;
      case 'page': {
        const page = definition.pages[item.pageId];
        const title = plainTitle(item.title);
        const sections = page ? splitMarkdownSections(readersMarkdown(page)) : [];
        if (sections.length === 0 || sections[0]?.heading !== undefined) sections.unshift({ text: '' });
        sections.forEach((part, index) => {
          const text = [index === 0 ? page?.description : undefined, markdownText(part.text)]
            .filter(Boolean)
            .join(' ');
          docs.push({
            slug: item.slug,
            ...(part.anchor ? { anchor: part.anchor } : {}),
            kind: 'page',
            title: part.heading ?? title,
            ...(part.heading ? { page: title } : {}),
            ...optional('section', section),
            ...optional('text', clip(text)),
          });
        });
        return;
      }
      case 'endpoint': {
        const endpoint = api?.endpoints[item.endpointId];
        if (!api || !endpoint) return;
        docs.push({
          ...reference,
          kind: 'endpoint',
          title: plainTitle(endpoint.title || item.title),
          method: endpoint.method,
          path: pathTemplate(endpoint.path),
          ...optional('operationId', endpoint.operationId ?? endpoint.protocol?.methodName),
          ...optional('params', endpointParams(endpoint, api)),
          ...described(endpoint.description),
        });
        return;
      }
      case 'channel': {
        const channel = api?.websockets[item.channelId];
        if (!channel) return;
        docs.push({
          ...reference,
          kind: 'channel',
          title: plainTitle(channel.title || item.title),
          path: pathTemplate(channel.path),
          ...optional('params', channel.messages.map((m) => m.displayName ?? m.type).join(' ')),
          ...optional(
            'text',
            clip(
              [channel.description, ...channel.messages.map((m) => m.description)]
                .filter(Boolean)
                .map((t) => markdownText(t as string))
                .join(' '),
            ),
          ),
        });
        return;
      }
      case 'webhook': {
        const webhook = api?.webhooks[item.webhookId];
        if (!webhook) return;
        docs.push({
          ...reference,
          kind: 'webhook',
          title: plainTitle(webhook.title || item.title),
          method: webhook.method,
          path: webhook.name,
          ...optional(
            'params',
            (propertiesOfReference(webhook.payload.shape, api.types) ?? []).map((p) => p.key).join(' '),
          ),
          ...described(webhook.description),
        });
        return;
      }
      case 'type': {
        const type = api?.types[item.typeId];
        if (!api || !type) return;
        const properties =
          type.shape.type === 'object'
            ? objectProperties(type.id, api.types)
            : unionSharedProperties(type.id, api.types);
        const values = type.shape.type === 'enum' ? type.shape.values.map((v) => String(v.value)) : [];
        docs.push({
          ...reference,
          kind: 'type',
          title: plainTitle(item.title) || type.name,
          ...optional('params', [...properties.map((p) => p.key), ...values].slice(0, MAX_PARAMS).join(' ')),
          ...optional('text', clip(type.description && markdownText(type.description))),
        });
        return;
      }
    }
  });
  return docs;
}
