/**
 * Highlighted tokens as HTML: each token's text escaped, in a span of its colours' classes (one
 * class per theme colour, highlight.ts' CSS) unless it has the themes' default colours.
 */
import { flatString } from '@sextant/definition';
import type { LineTokens } from './line-tokens.js';

/** Default text colours of the two themes: tokens in them need no span. */
let defaults = { light: '', dark: '' };

/** Sets the themes' default text colours (highlight.ts, once the themes are loaded). */
export function setDefaultColours(colours: { light: string; dark: string }): void {
  defaults = colours;
  tokenClasses.clear();
}

/** Most tokens hold none of these: they are written as they are, without four passes of `replace`. */
const NEEDS_ESCAPE = /[&<>"]/;
/** Of those, the ones a JSON string token (two quotes and its text) seldom holds. */
const MARKUP = /[&<>]/;
export const escapeHtml = (text: string): string => {
  if (!NEEDS_ESCAPE.test(text)) return text;
  // Only quotes: one replacement, not four passes (issue #30: JSON's keys and strings are most tokens).
  if (!MARKUP.test(text)) return text.replaceAll('"', '&quot;');
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
};

/** The class of a theme's colour: `l` or `d` and the colour's hex digits. */
export const colorClass = (prefix: string, color: string | undefined): string =>
  color ? `${prefix}${color.replace('#', '').toLowerCase()}` : '';

/** The class attribute's value of a token by its light, then its dark colour; '' for the default colours. */
const tokenClasses = new Map<string, Map<string, string>>();

export function tokenClass(light: string | undefined, dark: string | undefined): string {
  let byDark = tokenClasses.get(light ?? '');
  if (!byDark) {
    byDark = new Map();
    tokenClasses.set(light ?? '', byDark);
  }
  let classes = byDark.get(dark ?? '');
  if (classes === undefined) {
    const lower = { light: light?.toLowerCase(), dark: dark?.toLowerCase() };
    classes =
      (!lower.light || lower.light === defaults.light) && (!lower.dark || lower.dark === defaults.dark)
        ? ''
        : [colorClass('l', light), colorClass('d', dark)].filter(Boolean).join(' ');
    // Colours come from the two themes alone: a few dozen pairs.
    byDark.set(dark ?? '', classes);
  }
  return classes;
}

/**
 * The HTML of remembered lines by their tokens (frozen: line-tokens.ts keeps one array per line
 * and grammar state, weighed with this HTML), so a line endpoint pages share (`import requests`,
 * `-H 'Accept: …' \`, an error body's lines) is written once per process, not once per page.
 */
const rememberedHtml = new WeakMap<LineTokens, string>();

/** `line` as HTML: each token's text escaped, in a span of its colours' classes unless it has the defaults. */
export function lineHtml(line: string, tokens: LineTokens): string {
  const remembered = Object.isFrozen(tokens);
  const known = remembered ? rememberedHtml.get(tokens) : undefined;
  if (known !== undefined) return known;
  let html = '';
  let at = 0;
  for (let x = 0; x < tokens.length; x += 3) {
    const end = tokens[x] as number;
    const content = escapeHtml(line.slice(at, end));
    const classes = tokenClass(
      (tokens[x + 1] as string) || undefined,
      (tokens[x + 2] as string) || undefined,
    );
    html += classes ? `<span class="${classes}">${content}</span>` : content;
    at = end;
  }
  if (!remembered) return html;
  const kept = flatString(html);
  rememberedHtml.set(tokens, kept);
  return kept;
}
