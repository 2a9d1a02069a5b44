/**
 * Markdown pages split at their h2/h3 headings, with the anchors the docs site renders
 * (`h-<slug>`, `-2`, `-3`… on repeats), and markdown reduced to plain text for indexing. No
 * markdown parser: this runs wherever the index is built (server, CLI, browser tests) and only
 * needs the words.
 */
import { slugify } from '@sextant/definition';

export interface MarkdownSection {
  /** The heading as the reader sees it; undefined for the text before the first heading. */
  heading?: string;
  /** `h-<slug>` as the site renders the heading's id. */
  anchor?: string;
  /** The section's markdown, without its heading line. */
  text: string;
}

/** Heading text as the reader sees it: inline markdown (code, emphasis, links) removed. */
export function headingText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~]/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/**
 * The sections of a markdown page: the text before the first h2/h3, then one per h2/h3 heading
 * with its anchor. h4 headings get an anchor (so numbering matches the site) but stay inside their
 * section; headings inside fenced code are text.
 * @example splitMarkdownSections('Intro\n## Setup\nRun it') // [{ text: 'Intro' }, { heading: 'Setup', anchor: 'h-setup', text: 'Run it' }]
 */
export function splitMarkdownSections(markdown: string): MarkdownSection[] {
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
      if ((heading[1] ?? '').length <= 3) {
        sections.push({ heading: text, anchor, lines: [] });
        continue;
      }
    }
    sections.at(-1)?.lines.push(line);
  }
  return sections
    .map(({ heading, anchor, lines }) => ({
      ...(heading !== undefined ? { heading } : {}),
      ...(anchor !== undefined ? { anchor } : {}),
      text: lines.join('\n').trim(),
    }))
    .filter((section) => section.heading !== undefined || section.text !== '');
}

/** An HTML or JSX tag, whose quoted or `{…}` attribute values may hold `>` (`<Tooltip tip="a > b">`). */
const TAG = /<(?:[^>"'{]|"[^"]*"|'[^']*'|\{[^}]*\})*>/g;

/**
 * Markdown as plain words: code fences, tags, link targets and markup characters removed.
 * @example markdownText('Use **`tokens`**, see [auth](/auth).') // 'Use tokens , see auth.'
 */
export function markdownText(markdown: string): string {
  return markdown
    .replace(/^(?:import|export)\s.*$/gm, ' ')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(TAG, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
