/** A stored docs URL (`{ domain, basePath }`) as text: host and base path, e.g. `docs.acme.com/v2`. */
export function docsUrlText(url: { domain: string; basePath: string }): string {
  return `${url.domain}${url.basePath === '/' ? '' : url.basePath}`;
}
