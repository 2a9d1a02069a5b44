/**
 * A docs site split into passages for Ask AI: each markdown page by its h2/h3 sections (the URL
 * carries the heading's anchor, `#h-<slug>`, as the site renders it), and each endpoint, channel,
 * webhook and type as one passage of its reference markdown (parameters, body, responses; what
 * `renderDocsPageMarkdown` gives, the text of llms.txt and "view as markdown").
 * URLs are relative to the site's base path: `/guides/authentication#h-oauth-client-credentials`.
 */
import { isHiddenNavItem, pageTitle, slugify } from '@sextant/definition';
import { type DocsSite, renderDocsPageMarkdown } from '@sextant/docs';

export type PassageKind = 'page' | 'endpoint' | 'channel' | 'type' | 'webhook';

export interface Passage {
  title: string;
  /** Relative to the site's base path, starting with `/`, with `#anchor` for a page section. */
  url: string;
  kind: PassageKind;
  text: string;
}

/** Longest text of one passage; a reference page's long examples are cut. */
export const MAX_PASSAGE_CHARS = 3000;
/** At most this many passages per site: a huge API still indexes in bounded time and memory. */
export const MAX_PASSAGES = 20_000;

const KINDS: Record<string, PassageKind | undefined> = {
  page: 'page',
  endpoint: 'endpoint',
  channel: 'channel',
  webhook: 'webhook',
  type: 'type',
};

const clip = (text: string) =>
  text.length > MAX_PASSAGE_CHARS ? `${text.slice(0, MAX_PASSAGE_CHARS)}…` : text;

/** Heading text as the reader sees it: inline markdown (code, emphasis, links) removed. */
function headingText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~]/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/**
 * The sections of a markdown page: the text before the first h2/h3, then one per h2/h3 heading
 * with its anchor (`h-` + slug, `-2`, `-3`… on repeats, like the site's renderer). Headings
 * inside fenced code are text.
 */
export function splitMarkdownSections(
  markdown: string,
): { heading?: string; anchor?: string; text: string }[] {
  const sections: { heading?: string; anchor?: string; lines: string[] }[] = [{ lines: [] }];
  const used = new Set<string>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fenceMark) {
      if (!fence) fence = fenceMark;
      else if (fenceMark.startsWith(fence)) fence = undefined;
    }
    const heading = fence ? undefined : /^(#{2,4})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[2]) {
      const text = headingText(heading[2]);
      let anchor = `h-${slugify(text)}`;
      for (let n = 2; used.has(anchor); n++) anchor = `h-${slugify(text)}-${n}`;
      used.add(anchor);
      // h4 gets an anchor too but stays inside its h2/h3 section.
      if ((heading[1] ?? '').length <= 3) {
        sections.push({ heading: text, anchor, lines: [] });
        continue;
      }
    }
    sections.at(-1)?.lines.push(line);
  }
  return sections
    .map(({ heading, anchor, lines }) => ({ heading, anchor, text: lines.join('\n').trim() }))
    .filter((section) => section.heading !== undefined || section.text !== '');
}

/** Every passage of the site, in navigation order. */
export async function sitePassages(site: DocsSite): Promise<Passage[]> {
  const passages: Passage[] = [];
  for (const [slug, { item, ancestors }] of site.bySlug) {
    if (passages.length >= MAX_PASSAGES) break;
    const kind = KINDS[item.type];
    // Hidden pages (and those under a hidden section) are reachable by URL, never retrieved.
    if (!kind || isHiddenNavItem(item, ancestors)) continue;
    const path = `/${slug}`;
    // Sources are cited by the page's full title, not its short sidebar label.
    const title = pageTitle(item, site.definition, site.apis);
    if (item.type === 'page') {
      const page = site.definition.pages[item.pageId];
      if (!page) continue;
      for (const section of splitMarkdownSections(page.markdown)) {
        passages.push({
          title: section.heading ? `${title} › ${section.heading}` : title,
          url: section.anchor ? `${path}#${section.anchor}` : path,
          kind,
          text: clip(section.heading ? `${section.heading}\n${section.text}` : section.text),
        });
      }
      continue;
    }
    const markdown = await renderDocsPageMarkdown(site, slug);
    if (markdown) passages.push({ title, url: path, kind, text: clip(markdown) });
  }
  return passages.slice(0, MAX_PASSAGES);
}
