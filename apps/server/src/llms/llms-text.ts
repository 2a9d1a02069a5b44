/**
 * The machine-readable docs of a site (llmstxt.org): `llms.txt`, the site's title, summary and a
 * link to the markdown of every page and endpoint grouped like the navigation, and
 * `llms-full.txt`, every page's markdown concatenated. Both are built from the docs site the
 * docs host serves (`renderDocsPageMarkdown`, `searchDocuments`), so they say what the pages say.
 *
 * URLs are absolute: `siteUrl` is the request's origin plus the site's base path.
 */
import { type NavItem, pageTitle } from '@sextant/definition';
import { type DocsSite, renderDocsPageMarkdown, searchDocuments } from '@sextant/docs';
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
  const collect = (items: NavItem[], into: LlmsEntry[]) => {
    for (const item of items) {
      if (item.type === 'link' || item.hidden) continue;
      into.push(entry(item));
      if (isContainer(item)) collect(item.children, into);
    }
  };
  const sections: LlmsSection[] = [];
  let loose: LlmsSection | undefined;
  for (const item of definition.navigation) {
    if (item.type === 'link' || item.hidden) continue;
    if (isContainer(item)) {
      const entries: LlmsEntry[] = [entry(item)];
      collect(item.children, entries);
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

function header(site: DocsSite): string {
  const text = summary(site);
  return `# ${inline(site.definition.config.title)}\n\n${text ? `> ${text}\n\n` : ''}`;
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
              `- [${linkText(e.title)}](${markdownUrl(siteUrl, e.slug)})${e.description ? `: ${e.description}` : ''}`,
          )
          .join('\n')}\n`,
    )
    .join('\n');
  return `${header(site)}${body}`;
}

/** The pages' markdown for llms-full.txt; `truncated` when the size bound stopped it. */
export interface LlmsPages {
  pages: { slug: string; markdown: string }[];
  truncated: boolean;
}

/** The markdown of every leaf page (containers' overview pages only list links), in navigation order. */
export async function llmsPages(site: DocsSite): Promise<LlmsPages> {
  const pages: LlmsPages['pages'] = [];
  let size = 0;
  for (const section of llmsSections(site))
    for (const { slug } of section.entries) {
      const item = site.bySlug.get(slug)?.item;
      if (!item || isContainer(item)) continue;
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
  return `${header(site)}${parts.join('\n---\n\n')}${rest}`;
}
