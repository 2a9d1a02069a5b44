/**
 * The Content-Security-Policy of docs pages: scripts and styles only from this origin (plus
 * the origins of scripts a docs author configured), no inline script, no inline style but the
 * page's own stylesheets named by hash, no plugins, no framing, no base-URI tricks. Images may
 * come from https and data: URLs (logos, markdown).
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
 * page's inline `<style>` elements and nothing else inline.
 */
export function contentSecurityPolicy(config: DocsConfig, styleHashes: string[] = []): string {
  const scriptOrigins = origins(config.scripts.map((s) => (s.src.type === 'url' ? s.src.url : undefined)));
  const fontOrigins = origins(
    Object.values(config.fonts).map((f) => (f?.src.type === 'url' ? f.src.url : undefined)),
  );
  return [
    "default-src 'self'",
    `script-src 'self'${scriptOrigins.map((o) => ` ${o}`).join('')}`,
    `style-src 'self'${styleHashes.map((hash) => ` ${hash}`).join('')}`,
    "img-src 'self' data: https:",
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

/** Headers every docs response carries. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;
