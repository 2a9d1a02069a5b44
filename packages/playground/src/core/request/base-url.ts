/**
 * The playground's base URL rules: a server given relative to the spec (`servers: [{ url: '/' }]`,
 * as the registry's own `/openapi.json` has) is resolved against the page's origin, and a base URL
 * is checked before Send so a typo is named in the reader's words instead of coming back as the
 * proxy's 400.
 */
import { InvalidBaseUrlError } from '../../errors.js';

export { InvalidBaseUrlError };

/**
 * The base URL with a relative server (`/`, `/v1`) made absolute on `origin`; others unchanged.
 *
 * @example
 * absoluteBaseUrl('/', 'https://docs.example.com') // 'https://docs.example.com'
 * absoluteBaseUrl('/v1', 'https://docs.example.com') // 'https://docs.example.com/v1'
 */
export function absoluteBaseUrl(baseUrl: string, origin: string | undefined): string {
  if (!origin || !baseUrl.startsWith('/') || baseUrl.startsWith('//')) return baseUrl;
  try {
    const url = new URL(baseUrl, origin).toString();
    return url.endsWith('/') ? url.slice(0, -1) : url;
  } catch {
    return baseUrl;
  }
}

/**
 * Why `baseUrl` cannot be sent to, or undefined when it is an absolute http(s) URL with a host.
 *
 * @example
 * baseUrlProblem('htp//api.example.com')?.message // 'The base URL "htp//api.example.com" is not an absolute URL. …'
 */
export function baseUrlProblem(baseUrl: string): InvalidBaseUrlError | undefined {
  const text = baseUrl.trim();
  if (text === '') return new InvalidBaseUrlError(baseUrl, 'is empty.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return new InvalidBaseUrlError(baseUrl, 'is not an absolute URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return new InvalidBaseUrlError(
      baseUrl,
      `uses ${url.protocol.slice(0, -1)}: only http and https can be sent.`,
    );
  if (!url.hostname) return new InvalidBaseUrlError(baseUrl, 'has no host.');
  if (/\s/.test(text)) return new InvalidBaseUrlError(baseUrl, 'contains spaces.');
  return undefined;
}
