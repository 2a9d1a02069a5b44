/**
 * The Content-Security-Policy of docs pages: scripts and styles only from this origin (plus
 * the origins of scripts a docs author configured), no inline script, no inline style but the
 * page's own stylesheets named by hash, no plugins, no framing, no base-URI tricks. Images may
 * come from https and data: URLs (logos, markdown) and blob: URLs (the playground's previews of
 * image responses, like its audio, video and PDF previews under media-src and frame-src).
 */
import type { DocsConfig } from '@sextant/definition';

function origins(urls: (string | undefined)[]): string[] {
  const out = new Set<string>();
  for (const url of urls) {
    if (!url || !/^https:\/\//.test(url)) continue;
    try {
      out.add(new URL(url).origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  return [...out];
}

/**
 * The CSP header value for pages of a site with `config`; `styleHashes` (`'sha256-…'`) allow the
 * page's inline `<style>` elements, `scriptHashes` its inline theme script, and `nonce` (one per
 * rendered page, `cached-page.ts`) the `<style>` elements the page's own scripts insert
 * (CodeMirror's). No inline style attribute is allowed: the server's HTML has none, and the
 * client sets styles through the CSSOM (`element.style`), which CSP allows.
 */
export function contentSecurityPolicy(
  config: DocsConfig,
  styleHashes: string[] = [],
  nonce?: string,
  scriptHashes: string[] = [],
): string {
  const scriptOrigins = origins(config.scripts.map((s) => (s.src.type === 'url' ? s.src.url : undefined)));
  const fontOrigins = origins(
    Object.values(config.fonts).map((f) => (f?.src.type === 'url' ? f.src.url : undefined)),
  );
  return [
    "default-src 'self'",
    `script-src 'self'${[...scriptOrigins, ...scriptHashes].map((o) => ` ${o}`).join('')}`,
    `style-src 'self'${styleHashes.map((hash) => ` ${hash}`).join('')}${nonce ? ` 'nonce-${nonce}'` : ''}`,
    "img-src 'self' data: blob: https:",
    `font-src 'self' data:${fontOrigins.map((o) => ` ${o}`).join('')}`,
    "connect-src 'self' ws: wss:",
    "media-src 'self' blob: data:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The CSP of every docs response that is not a page (files, the favicon, JSON, redirects, plain
 * errors): opened directly, an SVG or HTML file (or a favicon declared as HTML) runs nothing.
 */
export const FILE_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/** The local error page: no inline script, only this origin's (the dev server's live reload). */
export const ERROR_PAGE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Headers every docs response carries. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;
