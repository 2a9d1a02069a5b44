/**
 * The per-site stylesheet: the site's colours (docs.yml `colors`) as overrides of the published
 * custom properties, its fonts as @font-face rules, and the highlighting classes. Served as a
 * file so the Content-Security-Policy needs no inline styles.
 */
import type { DocsConfig, DocsFont, ThemedColor } from '@sextant/definition';
import { assetUrl } from './document.js';
import { highlightCss } from './highlight.js';

const VARIABLES: Record<keyof DocsConfig['colors'], string> = {
  accentPrimary: '--sx-color-accent',
  background: '--sx-color-bg',
  border: '--sx-color-border',
  sidebarBackground: '--sx-color-sidebar-bg',
  headerBackground: '--sx-color-header-bg',
  cardBackground: '--sx-color-card-bg',
};

// Colours were validated by the loader; this keeps anything else out of the stylesheet anyway.
const safeColor = (value: string | undefined) =>
  value && /^[#a-zA-Z0-9(),.%\s/-]+$/.test(value) ? value : undefined;
const safeCssString = (value: string) => value.replace(/["\\\n\r<>]/g, '');

function colorRules(config: DocsConfig, theme: 'light' | 'dark'): string {
  return Object.entries(VARIABLES)
    .map(([key, variable]) => {
      const color = safeColor(
        (config.colors[key as keyof DocsConfig['colors']] as ThemedColor | undefined)?.[theme],
      );
      return color ? `${variable}:${color};` : '';
    })
    .join('');
}

function fontFace(font: DocsFont, fileUrl: (path: string) => string): string {
  const src = assetUrl(font.src, fileUrl) ?? '';
  return `@font-face{font-family:"${safeCssString(font.name)}";src:url("${safeCssString(src)}");font-display:${font.display};${font.weight ? `font-weight:${safeCssString(font.weight)};` : ''}${font.style ? `font-style:${font.style};` : ''}}`;
}

/** The stylesheet of a site. */
export function siteCss(config: DocsConfig, fileUrl: (path: string) => string): string {
  const light = colorRules(config, 'light');
  const dark = colorRules(config, 'dark');
  const out: string[] = [];
  // `html:root` outranks the bundled `:root` defaults wherever a sheet lands (a lazy chunk may
  // link the bundled stylesheet again after this one).
  if (light) out.push(`html:root{${light}}`);
  if (dark)
    out.push(
      `html:root[data-theme="dark"]{${dark}}`,
      `@media (prefers-color-scheme: dark){html:root:not([data-theme="light"]){${dark}}}`,
    );
  const { body, heading, code } = config.fonts;
  for (const font of [body, heading, code]) if (font) out.push(fontFace(font, fileUrl));
  if (body) out.push(`html:root{--sx-font-sans:"${safeCssString(body.name)}",system-ui,sans-serif}`);
  if (heading) out.push(`h1,h2,h3,h4{font-family:"${safeCssString(heading.name)}",var(--sx-font-sans)}`);
  if (code) out.push(`html:root{--sx-font-mono:"${safeCssString(code.name)}",ui-monospace,monospace}`);
  out.push(highlightCss());
  return out.join('\n');
}
