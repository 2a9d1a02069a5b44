/**
 * The machine-readable docs of a site (llmstxt.org): `llms.txt`, the site's title, summary and a
 * link to the markdown of every page and endpoint grouped like the navigation, and
 * `llms-full.txt`, every page's markdown concatenated. Both are built from the docs site the
 * docs host serves (`renderDocsPageMarkdown`, `searchDocuments`), so they say what the pages say.
 *
 * URLs are absolute: `siteUrl` is the request's origin plus the site's base path.
 */
import { type NavItem, pageTitle } from '@sextant/definition';
import {
  type DocsSite,
  renderDocsPageMarkdown,
  searchDocuments,
  siteRootOf,
  versionBase,
  viewNoun,
} from '@sextant/docs-site';
import type { SearchDocument } from '@sextant/search';

const DESCRIPTION_CHARS = 160;
/** llms-full.txt stops adding pages past this size (a note says the rest is in llms.txt). */
export const LLMS_FULL_MAX_CHARS = 16 * 1024 * 1024;

type Container = Extract<NavItem, { children: NavItem[] }>;

/** One linked page of llms.txt. */
export interface LlmsEntry {
  slug: string;
  title: string;
  description?: string;
  /** A link to a text of this site other than a page's `.md` (`/llms-types.txt?api=rest`). */
  path?: string;
}

/**
 * An API with more schema types than this is large: llms.txt links one index of its types
 * (`/llms-types.txt?api=…`) instead of each type, and its own llms-full.txt (`?api=…`).
 */
export const LLMS_TYPE_LINKS_MAX = 100;

type ApiItem = Extract<NavItem, { type: 'apiReference' }>;

/** Whether an entry holds schema types only (a "Types" section and its letter groups). */
function typesOnly(item: NavItem): boolean {
  if (item.type === 'type') return true;
  return isContainer(item) && item.children.length > 0 && item.children.every(typesOnly);
}

/** The API reference entries of the navigation whose APIs are large, by slug. */
export function largeApis(site: DocsSite): Map<string, { item: ApiItem; types: number }> {
  const found = new Map<string, { item: ApiItem; types: number }>();
  const visit = (items: NavItem[]) => {
    for (const item of items) {
      if (item.type === 'link' || item.hidden) continue;
      if (item.type === 'apiReference') {
        let types = 0;
        const count = (children: NavItem[]) => {
          for (const child of children) {
            if (child.type === 'type' && !child.hidden) types++;
            if (isContainer(child) && !child.hidden) count(child.children);
          }
        };
        count(item.children);
        if (types > LLMS_TYPE_LINKS_MAX) found.set(item.slug, { item, types });
      }
      if (isContainer(item)) visit(item.children);
    }
  };
  visit(site.definition.navigation);
  return found;
}

/** A `## Section` of llms.txt with its pages. */
export interface LlmsSection {
  title: string;
  entries: LlmsEntry[];
}

const isContainer = (item: NavItem): item is Container => 'children' in item;

/** `https://docs.acme.com/docs/guides/intro.md` (the home page is `index.md`). */
export function markdownUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}/${slug || 'index'}.md`;
}

/** A one-line description: the first sentences of `text` within the limit, cut at a word. */
function shortDescription(text: string | undefined): string | undefined {
  // Plain text joins inline markdown with spaces ("to **Acme**." reads "to Acme ."): close them up.
  const flat = text
    ?.replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1')
    .trim();
  if (!flat) return undefined;
  if (flat.length <= DESCRIPTION_CHARS) return flat;
  const cut = flat.slice(0, DESCRIPTION_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_CHARS / 2))}…`;
}

/** The pages of the site grouped by top-level navigation entry, hidden ones left out. */
export function llmsSections(site: DocsSite): LlmsSection[] {
  const { definition, apis } = site;
  // A page's first document (its text before the first heading) describes it.
  const documents = new Map<string, SearchDocument>();
  for (const doc of searchDocuments(site)) if (!documents.has(doc.slug)) documents.set(doc.slug, doc);
  const entry = (item: Exclude<NavItem, { type: 'link' }>): LlmsEntry => {
    const doc = documents.get(item.slug);
    const page = item.type === 'page' ? definition.pages[item.pageId] : undefined;
    const signature = doc?.method && doc.path ? `\`${doc.method} ${doc.path}\`` : undefined;
    const text = shortDescription(page?.description ?? doc?.text);
    const description = [signature, text].filter(Boolean).join(' ');
    // The page's full title (an operation's whole summary), not its short sidebar label.
    return {
      slug: item.slug,
      title: pageTitle(item, definition, apis),
      ...(description ? { description } : {}),
    };
  };
  const large = largeApis(site);
  // A large API's types are one index and its full text one file, linked after its endpoints.
  const apiLinks = (item: NavItem): LlmsEntry[] => {
    if (item.type !== 'apiReference') return [];
    const api = large.get(item.slug);
    if (!api) return [];
    const name = inline(item.title);
    const query = `?api=${encodeURIComponent(item.slug)}`;
    return [
      {
        slug: item.slug,
        title: `Types of ${name}`,
        path: `/llms-types.txt${query}`,
        description: `An index of its ${api.types.toLocaleString('en')} schema types, each linked to its page's markdown`,
      },
      {
        slug: item.slug,
        title: `${name}: full text`,
        path: `/llms-full.txt${query}`,
        description: "Every endpoint page's markdown in one file",
      },
    ];
  };
  const collect = (items: NavItem[], into: LlmsEntry[], skipTypes: boolean) => {
    for (const item of items) {
      if (item.type === 'link' || item.hidden || (skipTypes && typesOnly(item))) continue;
      into.push(entry(item));
      if (isContainer(item)) {
        collect(item.children, into, skipTypes || large.has(item.slug));
        into.push(...apiLinks(item));
      }
    }
  };
  const sections: LlmsSection[] = [];
  let loose: LlmsSection | undefined;
  for (const item of definition.navigation) {
    if (item.type === 'link' || item.hidden) continue;
    if (isContainer(item)) {
      const entries: LlmsEntry[] = [entry(item)];
      collect(item.children, entries, large.has(item.slug));
      entries.push(...apiLinks(item));
      sections.push({ title: item.title, entries });
      loose = undefined;
    } else {
      if (!loose) {
        loose = { title: 'Docs', entries: [] };
        sections.push(loose);
      }
      loose.entries.push(entry(item));
    }
  }
  return sections;
}

/** Markdown text on one line (titles in link text, the summary). */
const inline = (text: string) => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string) => inline(text).replace(/([[\]\\])/g, '\\$1');

/** The site's summary: docs.yml's metadata description, else the first API's description. */
function summary(site: DocsSite): string | undefined {
  const fromConfig = site.definition.config.metadata.description;
  if (fromConfig) return inline(fromConfig);
  const api = Object.values(site.apis).find((a) => a.description);
  return shortDescription(api?.description);
}

/**
 * The title line and summary; a versioned site's name their version and where the others are
 * (`# Pets Docs (v1)`, `Versions: v2 (default): https://…/llms.txt, …`).
 */
function header(site: DocsSite, siteUrl: string): string {
  const text = summary(site);
  const version = site.currentVersion;
  const title = inline(site.definition.config.title);
  const versions = version ? versionsLine(site, siteUrl) : '';
  return `# ${version ? `${title} (${inline(version.name)})` : title}\n\n${text ? `> ${text}\n\n` : ''}${versions}`;
}

/** `Versions: …` (`Products: …`) of a versioned site: each listed one and its llms.txt. */
function versionsLine(site: DocsSite, siteUrl: string): string {
  const own = site.currentVersion;
  if (!own || !site.versions) return '';
  const root = siteRootOf(site, siteUrl);
  const listed = site.versions.filter((v) => !v.hidden || v === own);
  const entries = listed.map(
    (v) =>
      `${inline(v.name)}${v.default ? ' (default)' : ''}${v.deprecated ? ' (deprecated)' : ''}: ${root}${versionBase(v)}/llms.txt`,
  );
  return `${viewNoun(site) === 'product' ? 'Products' : 'Versions'}: ${entries.join(', ')}\n\n`;
}

/**
 * llms.txt of the site at `siteUrl` (origin + base path, no trailing slash).
 * @example llmsIndex(site, 'https://docs.acme.com') // "# Acme\n\n> …\n\n## Guides\n\n- [Intro](https://docs.acme.com/intro.md): …"
 */
export function llmsIndex(site: DocsSite, siteUrl: string): string {
  const body = llmsSections(site)
    .map(
      (section) =>
        `## ${inline(section.title)}\n\n${section.entries
          .map(
            (e) =>
              `- [${linkText(e.title)}](${e.path ? `${siteUrl}${e.path}` : markdownUrl(siteUrl, e.slug)})${e.description ? `: ${e.description}` : ''}`,
          )
          .join('\n')}\n`,
    )
    .join('\n');
  return `${header(site, siteUrl)}${body}`;
}

/** The pages' markdown for llms-full.txt; `truncated` when the size bound stopped it. */
export interface LlmsPages {
  pages: { slug: string; markdown: string }[];
  truncated: boolean;
}

/** The markdown of every leaf page (containers' overview pages only list links), in navigation order. */
export function llmsPages(site: DocsSite): Promise<LlmsPages> {
  const slugs = llmsSections(site).flatMap((section) =>
    section.entries
      .map(({ slug }) => slug)
      .filter((slug) => {
        const item = site.bySlug.get(slug)?.item;
        return item !== undefined && !isContainer(item);
      }),
  );
  return pagesWithinBound(site, slugs);
}

/** The pages at `slugs` in order, rendered one by one until their markdown passes LLMS_FULL_MAX_CHARS. */
async function pagesWithinBound(site: DocsSite, slugs: readonly string[]): Promise<LlmsPages> {
  const pages: LlmsPages['pages'] = [];
  let size = 0;
  for (const slug of slugs) {
    const markdown = await renderDocsPageMarkdown(site, slug);
    if (markdown === undefined) continue;
    size += markdown.length;
    if (size > LLMS_FULL_MAX_CHARS) return { pages, truncated: true };
    pages.push({ slug, markdown });
  }
  return { pages, truncated: false };
}

/** llms-full.txt from the pages' markdown: each page under a `Source:` line with its absolute URL. */
export function llmsFull(site: DocsSite, siteUrl: string, { pages, truncated }: LlmsPages): string {
  const parts = pages.map(
    ({ slug, markdown }) => `Source: ${markdownUrl(siteUrl, slug)}\n\n${markdown.trim()}\n`,
  );
  const rest = truncated
    ? `\n---\n\nThe site has more pages than fit here: ${siteUrl}/llms.txt links to each page's markdown.\n`
    : '';
  return `${header(site, siteUrl)}${parts.join('\n---\n\n')}${rest}`;
}

/** The API reference entry at `slug`, or undefined when the site has none there. */
function apiItem(site: DocsSite, slug: string): ApiItem | undefined {
  const item = site.bySlug.get(slug)?.item;
  return item?.type === 'apiReference' && !item.hidden ? item : undefined;
}

/**
 * The markdown of one API's pages for its own llms-full.txt (`?api=<its slug>`): endpoints,
 * channels and webhooks, and its types unless the API is large (they are in its types index).
 * Undefined when `apiSlug` names no API of the site.
 */
export async function llmsApiPages(site: DocsSite, apiSlug: string): Promise<LlmsPages | undefined> {
  const api = apiItem(site, apiSlug);
  if (!api) return undefined;
  const skipTypes = largeApis(site).has(apiSlug);
  const slugs: string[] = [];
  const collect = (items: NavItem[]) => {
    for (const item of items) {
      if (item.type === 'link' || item.hidden || (skipTypes && typesOnly(item))) continue;
      if (isContainer(item)) collect(item.children);
      else slugs.push(item.slug);
    }
  };
  collect(api.children);
  return pagesWithinBound(site, slugs);
}

/** llms-full.txt of one API: its pages' markdown under a title naming the API. */
export function llmsApiFull(site: DocsSite, siteUrl: string, apiSlug: string, pages: LlmsPages): string {
  const api = apiItem(site, apiSlug);
  const text = llmsFull(site, siteUrl, pages);
  const types = largeApis(site).has(apiSlug)
    ? `> Its schema types are indexed at ${siteUrl}/llms-types.txt?api=${encodeURIComponent(apiSlug)}\n\n`
    : '';
  return text.replace(
    /^# ([^\n]*)\n\n/,
    (_, title: string) => `# ${title}: ${inline(api?.title ?? apiSlug)}\n\n${types}`,
  );
}

/**
 * The types index of one API (`/llms-types.txt?api=<its slug>`): every schema type, linked to
 * its page's markdown, in the navigation's order, in llms.txt's format. Undefined when
 * `apiSlug` names no API of the site.
 */
export function llmsTypesIndex(site: DocsSite, siteUrl: string, apiSlug: string): string | undefined {
  const api = apiItem(site, apiSlug);
  if (!api) return undefined;
  const lines: string[] = [];
  const collect = (items: NavItem[]) => {
    for (const item of items) {
      if (item.type === 'link' || item.hidden) continue;
      if (item.type === 'type') lines.push(`- [${linkText(item.title)}](${markdownUrl(siteUrl, item.slug)})`);
      if (isContainer(item)) collect(item.children);
    }
  };
  collect(api.children);
  const name = inline(api.title);
  return `# ${inline(site.definition.config.title)}: types of ${name}\n\n> The ${lines.length.toLocaleString('en')} schema types of ${name}, each linked to its page's markdown. The endpoints are listed in ${siteUrl}/llms.txt.\n\n## Types\n\n${lines.join('\n')}\n`;
}
