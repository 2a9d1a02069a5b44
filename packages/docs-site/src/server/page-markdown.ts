/**
 * The `.md` variant of every page (page actions copyPage and viewAsMarkdown, llms-full.txt, MCP,
 * Ask AI): markdown pages as written, their links and files resolved as their HTML page resolves
 * them; reference pages as markdown generated from the definition slice.
 */
import {
  type ApiDefinition,
  type Callback,
  cookieParametersOf,
  type Endpoint,
  inlineObjectProperties,
  isRequired,
  type MarkdownPage,
  type ObjectProperty,
  objectProperties,
  type Parameter,
  type TypeId,
  type TypeReference,
  unionSharedProperties,
  unionVariants,
} from '@sextant/definition';
import type { HighlighterCore } from 'shiki/core';
import { enumValuesOf } from '../components/constraints.js';
import { pathText, prettyJson, typeLabel } from '../shared/format.js';
import type { PageView } from '../shared/page-data.js';
import { pageLinkRewriter } from './links/site-links.js';
import { resolveProjectPath, rewriteMarkdownUrls } from './markdown-files.js';
import { markdownFor } from './mdx/audience-markdown.js';
import { pageFormat } from './mdx/parse-page.js';
import { leadingHeading } from './mdx/render-page-content.js';
import type { DocsSite } from './site.js';

const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function parameterTable(
  title: string,
  parameters: readonly (Parameter | ObjectProperty)[],
  definition: ApiDefinition,
  level = '##',
): string {
  if (parameters.length === 0) return '';
  const rows = parameters.map(
    (p) =>
      `| \`${p.key}\` | ${cell(typeCell(p.valueShape, definition))} | ${isRequired(p.valueShape, definition.types) ? 'yes' : 'no'} | ${cell(p.description)} |`,
  );
  return `${level} ${title}\n\n| Name | Type | Required | Description |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n\n`;
}

/**
 * Headers, request body, responses and errors of an endpoint (headings at `level`) or of a
 * callback (one level down, under its own heading).
 */
function exchangeMarkdown(
  exchange: Pick<Endpoint, 'requestHeaders' | 'requests' | 'responses' | 'errors'>,
  d: ApiDefinition,
  level: '##' | '####',
  withHeaders = false,
): string {
  let md = withHeaders ? parameterTable('Headers', exchange.requestHeaders, d, level) : '';
  const request = exchange.requests[0];
  if (request) {
    md += `${level} Request body\n\n\`${request.contentType}\`${request.body.type === 'alias' ? ` — ${typeLabel(request.body.shape, d)}` : ''}\n\n`;
    if (request.body.type === 'object') {
      md += parameterTable('Body properties', inlineObjectProperties(request.body, d.types), d, level);
    }
  }
  for (const response of exchange.responses) {
    md += `${level} Response ${response.statusCode}\n\n${response.description ? `${response.description}\n\n` : ''}`;
    if (response.body.type === 'alias') md += `Type: ${typeLabel(response.body.shape, d)}\n\n`;
  }
  if (exchange.errors.length > 0) {
    md += `${level} Errors\n\n${exchange.errors.map((e) => `- ${e.statusCode || 'default'}${e.name ? ` ${e.name}` : ''}${e.description ? `: ${cell(e.description)}` : ''}`).join('\n')}\n\n`;
  }
  return md;
}

/** An operation's callbacks: each one's name, method and URL expression, then its exchange. */
function callbacksMarkdown(callbacks: Callback[], d: ApiDefinition): string {
  if (callbacks.length === 0) return '';
  let md = '## Callbacks\n\n';
  for (const callback of callbacks) {
    md += `### ${callback.name}${callback.title ? ` — ${callback.title}` : ''}\n\n\`${callback.method} ${callback.expression}\`\n\n`;
    if (callback.description) md += `${callback.description}\n\n`;
    md += exchangeMarkdown(callback, d, '####', true);
  }
  return md;
}

/** Most enum values a table cell lists. */
const MAX_CELL_VALUES = 12;

/** A type label, with the allowed values of an enum: `PetState (one of "open", "closed")`. */
function typeCell(shape: TypeReference, definition: ApiDefinition): string {
  const label = typeLabel(shape, definition);
  const values = enumValuesOf(shape, definition);
  if (!values?.length) return label;
  const shown = values.slice(0, MAX_CELL_VALUES).map((v) => JSON.stringify(v.value));
  return `${label} (one of ${shown.join(', ')}${values.length > MAX_CELL_VALUES ? ', …' : ''})`;
}

/** A union type: the properties every variant has, then each variant with its properties. */
function unionMarkdown(typeId: TypeId, definition: ApiDefinition): string {
  const variants = unionVariants(typeId, definition.types);
  if (!variants) return '';
  const shared = unionSharedProperties(typeId, definition.types);
  let md = parameterTable('Properties of every variant', shared, definition);
  md += '## Variants\n\n';
  for (const variant of variants) {
    const title = variant.displayName ?? typeLabel(variant.shape, definition);
    const when = variant.discriminantValue !== undefined ? ` (\`${variant.discriminantValue}\`)` : '';
    md += `### ${title}${when}\n\n${variant.description ? `${variant.description}\n\n` : ''}`;
    if (variant.properties) md += parameterTable('Properties', variant.properties, definition, '####');
  }
  return md;
}

/** A markdown page's text with its links and files resolved as its HTML page resolves them. */
function resolvedMarkdown(
  site: DocsSite,
  page: MarkdownPage,
  highlighter: HighlighterCore,
  basePath: string,
): string {
  const { fileUrl } = site;
  return rewriteMarkdownUrls(markdownFor('agents', page.markdown, pageFormat(page.sourcePath)), {
    file: (url) => {
      const path = fileUrl ? resolveProjectPath(page.sourcePath, url) : undefined;
      return path === undefined ? undefined : fileUrl?.(path);
    },
    link: pageLinkRewriter(site.definition, page, basePath, highlighter),
  });
}

/** The markdown of a page view; links are site paths under `basePath`. */
export function pageMarkdown(
  site: DocsSite,
  view: PageView,
  highlighter: HighlighterCore,
  basePath = '',
): string {
  const title = `# ${view.title}\n\n`;
  switch (view.kind) {
    case 'markdown': {
      const entry = site.bySlug.get(view.slug);
      const page = entry?.item.type === 'page' ? site.definition.pages[entry.item.pageId] : undefined;
      if (!page) return title;
      // One H1: a page that starts with its own `# heading` gets no second one.
      const heading = leadingHeading(page.markdown, pageFormat(page.sourcePath)) ? '' : title;
      return `${heading}${resolvedMarkdown(site, page, highlighter, basePath)}`;
    }
    case 'changelog': {
      // Each entry under its date and title, as written.
      const entries = view.entries.map((shown) => {
        const entry = site.bySlug.get(shown.slug);
        const page = entry?.item.type === 'page' ? site.definition.pages[entry.item.pageId] : undefined;
        const body = page
          ? resolvedMarkdown(site, page, highlighter, basePath)
              .replace(/^\s*#\s[^\n]*\n/, '')
              .trim()
          : '';
        const tags = shown.tags.length > 0 ? ` (${shown.tags.join(', ')})` : '';
        return `## ${shown.date}: ${shown.title}${tags}\n\n${body}\n`;
      });
      return `${title}${entries.join('\n')}`;
    }
    case 'overview':
      return `${title}${view.items.map((item) => `- [${item.title}](/${item.slug})${item.method ? ` \`${item.method}\`` : ''}`).join('\n')}\n`;
    case 'endpoint': {
      const endpoint = view.definition.endpoints[view.endpointId];
      if (!endpoint) return title;
      const d = view.definition;
      let md = `${title}\`${endpoint.method} ${pathText(endpoint.path)}\`\n\n${endpoint.description ? `${endpoint.description}\n\n` : ''}`;
      md += parameterTable('Path parameters', endpoint.pathParameters, d);
      md += parameterTable('Query parameters', endpoint.queryParameters, d);
      md += parameterTable('Cookies', cookieParametersOf(endpoint), d);
      md += exchangeMarkdown(endpoint, d, '##');
      md += callbacksMarkdown(endpoint.callbacks ?? [], d);
      const curl = view.snippets.find((s) => s.id === 'curl');
      if (curl) md += `## Example request\n\n\`\`\`bash\n${curl.code}\n\`\`\`\n\n`;
      const example = endpoint.examples[0];
      if (example?.responseBody !== undefined)
        md += `## Example response\n\n\`\`\`json\n${prettyJson(example.responseBody)}\n\`\`\`\n`;
      return md;
    }
    case 'channel': {
      const channel = view.definition.websockets[view.channelId];
      if (!channel) return title;
      let md = `${title}\`WSS ${pathText(channel.path)}\`\n\n${channel.description ? `${channel.description}\n\n` : ''}`;
      md += parameterTable('Query parameters', channel.queryParameters, view.definition);
      md += `## Messages\n\n${channel.messages.map((m) => `- \`${m.type}\` (${m.origin}): ${typeLabel(m.body, view.definition)}`).join('\n')}\n`;
      if (channel.replies?.length)
        md += `\n## Replies\n\n${channel.replies.map((r) => `- ${r.requests.map((t) => `\`${t}\``).join(', ')} → ${r.replies.map((t) => `\`${t}\``).join(', ')} (${r.origin}; operation \`${r.operation}\`${r.channel ? `; on channel \`${r.channel}\`` : ''}${r.address?.location ? `; sent to \`${r.address.location}\`` : ''})${r.address?.description ? `: ${cell(r.address.description)}` : ''}`).join('\n')}\n`;
      return md;
    }
    case 'webhook': {
      const webhook = view.definition.webhooks[view.webhookId];
      if (!webhook) return title;
      return `${title}\`${webhook.method} ${webhook.name}\`\n\n${webhook.description ? `${webhook.description}\n\n` : ''}Payload: ${typeLabel(webhook.payload.shape, view.definition)}\n`;
    }
    case 'type': {
      const type = view.definition.types[view.typeId];
      if (!type) return title;
      let md = `# ${type.name}\n\n${type.description ? `${type.description}\n\n` : ''}`;
      if (type.shape.type === 'object')
        md += parameterTable('Properties', objectProperties(type.id, view.definition.types), view.definition);
      if (type.shape.type === 'discriminatedUnion' || type.shape.type === 'undiscriminatedUnion')
        md += unionMarkdown(type.id, view.definition);
      if (type.shape.type === 'enum')
        md += `Values: ${type.shape.values.map((v) => `\`${JSON.stringify(v.value)}\``).join(', ')}\n`;
      return md;
    }
  }
}
