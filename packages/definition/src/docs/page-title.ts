/**
 * The full title of a page of a docs site: a markdown page's own title (its leading heading or
 * front matter), an operation's whole summary, a channel's or webhook's title. Navigation items
 * carry the short sidebar label (`navLabel`, the docs.yml `page:` label); everything that names
 * a page outside the sidebar (`<title>`, social cards, llms.txt, `.md` pages, MCP, Ask AI
 * sources) takes this one.
 */
import type { ApiDefinition } from '../ir/definition.js';
import type { DocsDefinition, RoutableNavItem } from './docs-definition.js';

/**
 * The page's full title (inline markdown kept; `plainTitle` makes it text).
 * @example pageTitle(endpointItem, definition, apis) // 'Get a repository ruleset for an organization'
 */
export function pageTitle(
  item: RoutableNavItem,
  definition: Pick<DocsDefinition, 'pages'>,
  apis: Readonly<Record<string, ApiDefinition>>,
): string {
  switch (item.type) {
    case 'page':
      return definition.pages[item.pageId]?.title || item.title;
    case 'endpoint':
      return apis[item.apiId]?.endpoints[item.endpointId]?.title || item.title;
    case 'channel':
      return apis[item.apiId]?.websockets[item.channelId]?.title || item.title;
    case 'webhook':
      return apis[item.apiId]?.webhooks[item.webhookId]?.title || item.title;
    default:
      return item.title;
  }
}
