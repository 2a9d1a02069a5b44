/**
 * Fenced code blocks of markdown pages: a box with a bar (title or language, and a Copy button),
 * highlighted by Shiki on the server. The info string's meta sets the rest, as Mintlify, Fern,
 * Docusaurus and Expressive Code write it:
 *
 * ```` ```ts client.ts {1,3-4} showLineNumbers wrap ````  or  ```` ```ts title="client.ts" ````
 *
 * `{…}` highlights lines, `showLineNumbers` numbers them, `wrap` wraps long lines, and `diff`
 * colours `+` and `-` lines. Line numbers are CSS counters, so Copy copies the code alone.
 */
import type { HighlighterCore } from 'shiki/core';
import { highlightLines } from '../highlight.js';

export interface CodeMeta {
  title?: string;
  /** 1-based line numbers to highlight. */
  highlight: Set<number>;
  lineNumbers: boolean;
  wrap: boolean;
}

const MAX_RANGE = 10_000;

/** The lines a `{1,3-4}` list names. */
function lineSet(list: string): Set<number> {
  const out = new Set<number>();
  for (const part of list.split(',')) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!range) continue;
    const from = Number(range[1]);
    const to = Math.min(Number(range[2] ?? range[1]), from + MAX_RANGE);
    for (let n = from; n <= to; n++) out.add(n);
  }
  return out;
}

/**
 * Reads a code block's meta string.
 * @example parseCodeMeta('client.ts {2} wrap') // { title: 'client.ts', highlight: Set {2}, lineNumbers: false, wrap: true }
 */
export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const out: CodeMeta = { highlight: new Set(), lineNumbers: false, wrap: false };
  const words: string[] = [];
  // Tokens: {ranges}, key="value", key='value', key=value, or a bare word.
  const token = /\{([^}]*)\}|([\w-]+)=(?:"([^"]*)"|'([^']*)'|(\S+))|(\S+)/g;
  for (const match of (meta ?? '').matchAll(token)) {
    const [, ranges, key, double, single, bare, word] = match;
    if (ranges !== undefined) for (const n of lineSet(ranges)) out.highlight.add(n);
    else if (key !== undefined) {
      const value = double ?? single ?? bare ?? '';
      const name = key.toLowerCase();
      if (name === 'title' || name === 'filename') out.title = value;
      else if (name === 'highlight' || name === 'lines' || name === 'mark')
        for (const n of lineSet(value.replace(/^\{|\}$/g, ''))) out.highlight.add(n);
      else if (name === 'shownumbers' || name === 'showlinenumbers' || name === 'linenumbers')
        out.lineNumbers = value !== 'false';
      else if (name === 'wrap' || name === 'wordwrap') out.wrap = value !== 'false';
    } else if (word !== undefined) {
      const flag = word.toLowerCase();
      if (flag === 'showlinenumbers' || flag === 'linenumbers' || flag === 'shownumbers')
        out.lineNumbers = true;
      else if (flag === 'wrap' || flag === 'wordwrap') out.wrap = true;
      else words.push(word);
    }
  }
  if (out.title === undefined && words.length > 0) out.title = words.join(' ');
  return out;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Human names of the languages a bar shows when a block has no title. */
const LANGUAGE_NAMES: Record<string, string> = {
  bash: 'Bash',
  sh: 'Shell',
  shell: 'Shell',
  zsh: 'Shell',
  console: 'Console',
  json: 'JSON',
  ts: 'TypeScript',
  typescript: 'TypeScript',
  tsx: 'TSX',
  js: 'JavaScript',
  javascript: 'JavaScript',
  jsx: 'JSX',
  py: 'Python',
  python: 'Python',
  yaml: 'YAML',
  yml: 'YAML',
  http: 'HTTP',
  html: 'HTML',
  go: 'Go',
  java: 'Java',
  ruby: 'Ruby',
  rb: 'Ruby',
  xml: 'XML',
  diff: 'Diff',
  curl: 'cURL',
  text: 'Text',
};

/** What a code block's bar and tab say: its title, else its language's name. */
export function codeLabel(lang: string | null | undefined, meta: CodeMeta): string {
  if (meta.title) return meta.title;
  const key = (lang ?? '').toLowerCase();
  return LANGUAGE_NAMES[key] ?? (key || 'Code');
}

/**
 * The `<pre>` of a code block: highlighted, lines wrapped in spans when any line is marked,
 * numbered or coloured by a diff (otherwise as plain as the reference's blocks).
 */
export function codePre(
  highlighter: HighlighterCore,
  code: string,
  lang: string | null | undefined,
  meta: CodeMeta,
): string {
  const text = code.replace(/\n$/, '');
  const isDiff = (lang ?? '').toLowerCase() === 'diff';
  const { lang: langAttr, lines } = highlightLines(highlighter, text, isDiff ? 'text' : (lang ?? undefined));
  const classes = ['sx-code'];
  if (meta.lineNumbers) classes.push('sx-code-numbered');
  if (meta.wrap) classes.push('sx-code-wrap');
  const perLine = meta.lineNumbers || meta.highlight.size > 0 || isDiff;
  if (perLine) classes.push('sx-code-lines');
  const source = text.split('\n');
  const body = perLine
    ? lines
        .map((html, i) => {
          const lineClasses = ['sx-line'];
          if (meta.highlight.has(i + 1)) lineClasses.push('sx-line-marked');
          const first = source[i]?.[0];
          if (isDiff && first === '+') lineClasses.push('sx-line-add');
          if (isDiff && first === '-') lineClasses.push('sx-line-del');
          return `<span class="${lineClasses.join(' ')}">${html}</span>`;
        })
        .join('\n')
    : lines.join('\n');
  return `<pre class="${classes.join(' ')}" data-lang="${isDiff ? 'diff' : langAttr}" tabindex="0"><code>${body}</code></pre>`;
}

/**
 * A whole code block: the box, its bar (label and `copy`, the Copy button's placeholder) and the
 * code.
 */
export function codeBlockHtml(
  highlighter: HighlighterCore,
  code: string,
  lang: string | null | undefined,
  metaText: string | null | undefined,
  copy: string,
): string {
  const meta = parseCodeMeta(metaText);
  const label = codeLabel(lang, meta);
  return `<figure class="sx-codeblock${meta.title ? ' sx-codeblock-titled' : ''}"><figcaption class="sx-codeblock-bar"><span class="sx-codeblock-title">${escapeHtml(label)}</span>${copy}</figcaption>${codePre(highlighter, code, lang, meta)}</figure>`;
}
