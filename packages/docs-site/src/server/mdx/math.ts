/**
 * `$…$` and `$$…$$` typeset on the server with KaTeX as MathML only, which browsers lay out
 * natively (MathML Core): no glyph spans, no inline styles, no KaTeX stylesheet or fonts; the
 * browser runs nothing. KaTeX runs with `trust: false`: no `\href`, `\htmlClass` or other command
 * that would carry author HTML, and its output is sanitised by the math rule set.
 */
import katex from 'katex';
import { sanitizeMath } from '../sanitize.js';

/**
 * The MathML of `tex` typeset (inline or display), sanitised. A TeX error shows the source
 * (`.katex-error`, in the error colour by content.css).
 * @example renderMath('E=mc^2', false) // '<span class="katex"><math …'
 */
export function renderMath(tex: string, display: boolean): string {
  const html = katex.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    output: 'mathml',
    trust: false,
    strict: 'ignore',
    maxSize: 50,
    maxExpand: 500,
  });
  return sanitizeMath(html);
}
