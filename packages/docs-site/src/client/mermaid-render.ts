/**
 * Draws Mermaid diagrams in the browser (a lazy chunk: only pages with a diagram load it), under
 * the page's Content-Security-Policy, which allows no inline style attribute and no `<style>`
 * element without the page's nonce. Mermaid writes both while it draws (d3's
 * `attr('style', …)`, a `<style>` of its theme), so for the time of a draw:
 * - `setAttribute('style', v)` becomes `element.style.cssText = v` (the CSSOM, which CSP allows);
 * - a `<style>` element it creates gets the page's nonce.
 * - markup parsed by `DOMParser` (DOMPurify's, which Mermaid runs on its SVG, and ours): such a
 *   document inherits the page's CSP and reports every style it parses, so its style attributes
 *   arrive as `data-sx-style` and its `<style>` elements as `<desc data-sx-css>`.
 * The SVG then enters the page with those turned back: styles through the CSSOM, the stylesheet
 * as a `<style>` with the nonce. `securityLevel: 'strict'` keeps diagram text as text (no
 * clicks, no HTML).
 */

import mermaid from 'mermaid';
import { MermaidNoSvgError } from '../errors.js';

/** The page's CSP nonce (the docs page puts it on its entry script; the DOM hides the attribute). */
function pageNonce(): string {
  for (const script of document.querySelectorAll('script[nonce]'))
    if (script instanceof HTMLScriptElement && script.nonce) return script.nonce;
  return '';
}

function isDark(): boolean {
  const theme = document.documentElement.dataset.theme;
  if (theme) return theme === 'dark';
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Markup with its styles renamed so that parsing it applies (and reports) none. */
function inert(markup: string): string {
  return markup
    .replace(/<style\b[^>]*>([\s\S]*?)<\/style>/gi, '<desc data-sx-css="">$1</desc>')
    .replace(/(\s)style=(["'])/gi, '$1data-sx-style=$2');
}

/** Runs `draw` with style attributes and `<style>` elements made CSP-safe; undone afterwards. */
async function underCsp<T>(draw: () => Promise<T>): Promise<T> {
  const nonce = pageNonce();
  const element = Element.prototype;
  const setAttribute = element.setAttribute;
  const setAttributeNS = element.setAttributeNS;
  const createElement = Document.prototype.createElement;
  const createElementNS = Document.prototype.createElementNS;
  const parseFromString = DOMParser.prototype.parseFromString;
  const styled = (target: Element, value: string) => {
    const style = (target as HTMLElement | SVGElement).style;
    if (style) style.cssText = value;
  };
  element.setAttribute = function (this: Element, name: string, value: string) {
    if (name.toLowerCase() === 'style') styled(this, String(value));
    else setAttribute.call(this, name, value);
  };
  element.setAttributeNS = function (this: Element, ns: string | null, name: string, value: string) {
    if (!ns && name.toLowerCase() === 'style') styled(this, String(value));
    else setAttributeNS.call(this, ns, name, value);
  };
  const withNonce = <E extends Element>(created: E): E => {
    if (created.localName === 'style') (created as unknown as HTMLStyleElement).nonce = nonce;
    return created;
  };
  Document.prototype.createElement = function (
    this: Document,
    ...args: Parameters<Document['createElement']>
  ) {
    return withNonce(createElement.apply(this, args));
  } as Document['createElement'];
  Document.prototype.createElementNS = function (this: Document, ...args: [string | null, string]) {
    return withNonce(createElementNS.apply(this, args as never));
  } as Document['createElementNS'];
  DOMParser.prototype.parseFromString = function (
    this: DOMParser,
    text: string,
    type: DOMParserSupportedType,
  ) {
    return parseFromString.call(this, inert(String(text)), type);
  } as DOMParser['parseFromString'];
  try {
    return await draw();
  } finally {
    DOMParser.prototype.parseFromString = parseFromString;
    element.setAttribute = setAttribute;
    element.setAttributeNS = setAttributeNS;
    Document.prototype.createElement = createElement;
    Document.prototype.createElementNS = createElementNS;
  }
}

/** Puts the SVG markup `svg` into `target` with its styles moved to the CSSOM and its `<style>` nonced. */
function insertSvg(svg: string, target: HTMLElement): void {
  const parsed = new DOMParser().parseFromString(inert(svg), 'text/html');
  const root = parsed.querySelector('svg');
  if (!root) throw new MermaidNoSvgError();
  const sheets: string[] = [];
  for (const sheet of root.querySelectorAll('desc[data-sx-css]')) {
    sheets.push(sheet.textContent ?? '');
    sheet.remove();
  }
  const inline: [string, string][] = [];
  let count = 0;
  for (const node of [root, ...root.querySelectorAll('[data-sx-style]')]) {
    const value = node.getAttribute('data-sx-style');
    if (value === null) continue;
    const mark = `s${count++}`;
    node.setAttribute('data-sx-style', mark);
    inline.push([mark, value]);
  }
  const adopted = document.importNode(root, true);
  const nonce = pageNonce();
  for (const css of sheets) {
    const style = document.createElement('style');
    style.nonce = nonce;
    style.textContent = css;
    adopted.insertBefore(style, adopted.firstChild);
  }
  target.replaceChildren(adopted);
  for (const [mark, value] of inline) {
    const node = target.querySelector(`[data-sx-style="${mark}"]`);
    if (!(node instanceof HTMLElement || node instanceof SVGElement)) continue;
    node.removeAttribute('data-sx-style');
    node.style.cssText = value;
  }
  adopted.setAttribute('role', 'img');
}

let queue: Promise<void> = Promise.resolve();
let nextId = 0;

/**
 * Draws `source` into `target` now and again when the reader switches the theme; `done` says
 * whether it worked (the caller keeps showing the source when it did not). Returns a stop function.
 */
export function drawMermaid(source: string, target: HTMLElement, done: (ok: boolean) => void): () => void {
  let stopped = false;
  const draw = () => {
    queue = queue.then(async () => {
      if (stopped) return;
      try {
        mermaid.initialize({
          startOnLoad: false,
          securityLevel: 'strict',
          theme: isDark() ? 'dark' : 'default',
          htmlLabels: false,
          flowchart: { htmlLabels: false },
          fontFamily: getComputedStyle(document.body).fontFamily,
        });
        nextId += 1;
        const { svg } = await underCsp(() => mermaid.render(`sx-mermaid-${nextId}`, source));
        if (stopped) return;
        insertSvg(svg, target);
        done(true);
      } catch {
        // Mermaid leaves its scratch element behind on a syntax error.
        document.getElementById(`dsx-mermaid-${nextId}`)?.remove();
        if (!stopped) done(false);
      }
    });
  };
  draw();
  const observer = new MutationObserver(draw);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', draw);
  return () => {
    stopped = true;
    observer.disconnect();
    media.removeEventListener('change', draw);
  };
}
