/**
 * Which links in an AI answer may be links: only pages of this site. The model writes the
 * answer, so its URLs are untrusted: a same-site path (under the base path) or an absolute URL
 * of this very origin becomes a relative link; anything else (other hosts, `javascript:`,
 * protocol-relative `//x`, backslashes) is shown as text.
 */

/**
 * The same-site relative URL `url` names, or undefined.
 * @example siteLink('/docs/pets', { origin: 'https://a.test', basePath: '/docs' }) // '/docs/pets'
 * @example siteLink('https://evil.test/docs', { origin: 'https://a.test', basePath: '/docs' }) // undefined
 */
export function siteLink(url: string, site: { origin: string; basePath: string }): string | undefined {
  const raw = url.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in a URL are refused outright
  if (!raw || /[\\\u0000-\u001f\s]/.test(raw)) return undefined;
  let path: string;
  if (raw.startsWith('/')) {
    if (raw.startsWith('//')) return undefined;
    path = raw;
  } else if (/^https?:\/\//i.test(raw)) {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      return undefined;
    }
    if (parsed.origin !== site.origin) return undefined;
    path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } else {
    return undefined;
  }
  const pathname = path.split(/[?#]/)[0] ?? '';
  const { basePath } = site;
  if (basePath && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return undefined;
  return path;
}
