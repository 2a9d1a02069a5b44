/**
 * Site-relative links in API descriptions. Specs are written for their company's website:
 * Stripe's descriptions link `/docs/pagination`, which on a docs site of its own is a 404. With
 * docs.yml `apiLinkBase: https://stripe.com` such a link leads to `https://stripe.com/docs/pagination`
 * (unless this site has a page at that path); without it, `sextant check` reports each one.
 * The rewrite happens once per site (`createDocsSite`), on a copy of the descriptions that change,
 * so every reader of the definition (reference pages, the playground, `.md` pages, llms.txt, MCP,
 * Ask AI) sees the same links, and a definition shared by several sites is never modified.
 */
import type { ApiDefinition } from '@sextant/definition';
import { pathText } from '../../shared/format.js';

/** A site-relative URL in markdown (`](/docs/x)`, `](</docs/x>)`) or HTML (`href="/docs/x"`). */
const SITE_LINK = /(\]\(\s*<?|\bhref\s*=\s*["'])(\/(?!\/)[^\s)"'>]*)/g;
/** Values that are data, not prose: example payloads and defaults may hold a `description` key. */
const DATA_KEYS = new Set(['examples', 'default', 'codeSamples', 'value']);

/**
 * The site-relative link targets of a description, in order.
 * @example siteLinksIn('See [pagination](/docs/pagination).') // ['/docs/pagination']
 */
export function siteLinksIn(text: string): string[] {
  return [...text.matchAll(SITE_LINK)].map((match) => match[2] as string);
}

/**
 * `text` with each site-relative link the site does not serve prefixed by `base`.
 * @example rewriteApiLinks('[p](/docs/p)', 'https://stripe.com', () => false) // '[p](https://stripe.com/docs/p)'
 */
export function rewriteApiLinks(text: string, base: string, isSitePath: (path: string) => boolean): string {
  const root = base.replace(/\/+$/, '');
  return text.replace(SITE_LINK, (whole, before: string, url: string) =>
    isSitePath(url) ? whole : `${before}${root}${url}`,
  );
}

/** `value` with every `description` string mapped by `map`; unchanged parts are shared, not copied. */
function mapDescriptions<T>(value: T, map: (text: string) => string): T {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (const [index, item] of value.entries()) {
      const next = mapDescriptions(item, map);
      if (next !== item) {
        out ??= [...value];
        out[index] = next;
      }
    }
    return (out ?? value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    if (DATA_KEYS.has(key)) continue;
    const next = key === 'description' && typeof item === 'string' ? map(item) : mapDescriptions(item, map);
    if (next !== item) {
      out ??= { ...(value as Record<string, unknown>) };
      out[key] = next;
    }
  }
  return (out ?? value) as T;
}

/**
 * The APIs with site-relative description links the site does not serve resolved against
 * `base`; an API without such links is returned as is.
 * @example withApiLinkBase(apis, 'https://stripe.com', (path) => index.hasPage(path.slice(1)))
 */
export function withApiLinkBase(
  apis: Record<string, ApiDefinition>,
  base: string,
  isSitePath: (path: string) => boolean,
): Record<string, ApiDefinition> {
  const rewrite = (text: string) => (text.includes('/') ? rewriteApiLinks(text, base, isSitePath) : text);
  const out: Record<string, ApiDefinition> = {};
  for (const [id, api] of Object.entries(apis)) out[id] = mapDescriptions(api, rewrite);
  return out;
}

/** A site-relative link of an API description that leads nowhere on the site. */
export interface ApiLinkProblem {
  apiId: string;
  api: string;
  /** What the description belongs to: `GET /v1/charges`, `type Charge`, the API itself. */
  where: string;
  url: string;
}

/**
 * Every site-relative link of the APIs' descriptions the site does not serve, by where it is
 * written (none when docs.yml sets `apiLinkBase`: they lead there).
 * @example apiLinkProblems(apis, (path) => false) // [{ where: 'GET /v1/charges', url: '/docs/pagination', … }]
 */
export function apiLinkProblems(
  apis: Record<string, ApiDefinition>,
  isSitePath: (path: string) => boolean,
): ApiLinkProblem[] {
  const found: ApiLinkProblem[] = [];
  for (const [apiId, api] of Object.entries(apis)) {
    const scan = (value: unknown, where: string) =>
      mapDescriptions(value, (text) => {
        for (const url of siteLinksIn(text))
          if (!isSitePath(url)) found.push({ apiId, api: api.title, where, url });
        return text;
      });
    if (api.description) scan({ description: api.description }, api.title);
    for (const endpoint of Object.values(api.endpoints))
      scan(endpoint, `${endpoint.method} ${pathText(endpoint.path)}`);
    for (const channel of Object.values(api.websockets)) scan(channel, `channel ${pathText(channel.path)}`);
    for (const webhook of Object.values(api.webhooks)) scan(webhook, `webhook ${webhook.name}`);
    for (const type of Object.values(api.types)) scan(type, `type ${type.name}`);
    for (const sub of Object.values(api.subpackages)) scan({ description: sub.description }, sub.name);
    scan(api.globalHeaders, api.title);
    scan(api.auths, api.title);
  }
  return found;
}
