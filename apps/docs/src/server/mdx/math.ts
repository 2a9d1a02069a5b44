/**
 * `$…$` and `$$…$$` typeset on the server with KaTeX (HTML for the eye, MathML for assistive
 * technology); the browser runs nothing. KaTeX positions glyphs with inline `style` attributes,
 * which the page's CSP forbids: each distinct declaration list becomes a class (`sx-m…`) with
 * one rule in the page's own stylesheet, inlined and allowed by hash like the others. The
 * declarations are checked against a short list of properties and a value pattern, so nothing
 * else (no `url(…)`) can reach the stylesheet. KaTeX runs with `trust: false`: no `\href`,
 * `\htmlClass` or other command that would carry author HTML.
 */
import { createHash } from 'node:crypto';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import katex from 'katex';
import { sanitizeMath } from '../sanitize.js';

/** The properties KaTeX writes in `style` (and nothing else passes). */
const PROPERTIES = new Set([
  'height',
  'width',
  'min-width',
  'max-width',
  'vertical-align',
  'top',
  'bottom',
  'left',
  'right',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'padding-left',
  'padding-right',
  'padding-top',
  'padding-bottom',
  'position',
  'color',
  'background-color',
  'border-color',
  'border-style',
  'border-width',
  'border-top-width',
  'border-bottom-width',
  'border-right-width',
  'border-left-width',
  'display',
]);
const VALUE = /^[-#.%a-zA-Z0-9 ,()]+$/;

/** `height:1em;top:-2em` as checked declarations, or undefined when one does not pass. */
function declarations(style: string): string | undefined {
  const out: string[] = [];
  for (const part of style.split(';')) {
    if (!part.trim()) continue;
    const colon = part.indexOf(':');
    if (colon < 0) return undefined;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (!PROPERTIES.has(property) || !VALUE.test(value) || /url|expression|\\/i.test(value)) return undefined;
    out.push(`${property}:${value}`);
  }
  return out.join(';');
}

/** The styles of one page's math: declaration lists by class name. */
export class MathStyles {
  private readonly rules = new Map<string, string>();

  /** The class that carries `style` (added to the page's stylesheet), or undefined when refused. */
  classFor(style: string): string | undefined {
    const checked = declarations(style);
    if (!checked) return undefined;
    const name = `sx-m${createHash('sha256').update(checked).digest('hex').slice(0, 8)}`;
    this.rules.set(name, checked);
    return name;
  }

  /** The page's math stylesheet ('' when it has no math). */
  css(): string {
    return [...this.rules].map(([name, body]) => `.${name}{${body}}`).join('\n');
  }

  get size(): number {
    return this.rules.size;
  }
}

/** The part of a hast node this module reads. */
interface HastNode {
  type: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function moveStyles(node: HastNode, styles: MathStyles): void {
  if (node.type === 'element' && node.properties) {
    const element = node as HastNode & { properties: Record<string, unknown> };
    const style = element.properties.style;
    if (typeof style === 'string') {
      delete element.properties.style;
      const name = styles.classFor(style);
      if (name) {
        const classes = Array.isArray(element.properties.className) ? element.properties.className : [];
        element.properties.className = [...classes, name];
      }
    }
  }
  for (const child of node.children ?? []) moveStyles(child, styles);
}

/**
 * The HTML of `tex` typeset (inline or display), its styles moved into `styles`, sanitised by
 * the math rule set. A TeX error shows the source in the error colour, as KaTeX does.
 * @example renderMath('E=mc^2', false, new MathStyles()) // '<span class="katex">…'
 */
export function renderMath(tex: string, display: boolean, styles: MathStyles): string {
  const html = katex.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    output: 'htmlAndMathml',
    trust: false,
    strict: 'ignore',
    maxSize: 50,
    maxExpand: 500,
  });
  const tree = fromHtml(html, { fragment: true });
  moveStyles(tree as HastNode, styles);
  return sanitizeMath(toHtml(tree));
}
