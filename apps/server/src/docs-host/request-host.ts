/**
 * The host a hosted docs request addresses: its Host header, when that is a host name (any case,
 * a trailing dot allowed) with an optional port, in lower case. Anything else (userinfo, a path,
 * spaces, brackets, an empty header) addresses no site. The registry normalises the rest (no
 * trailing dot, no default port: registry/urls.ts) and serves a URL only for the owner of its
 * host name, on whatever port.
 */

const HOST_HEADER =
  /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?(?::\d{1,5})?$/i;

/**
 * The Host header of a docs request in lower case, or undefined when it names no docs host.
 * @example requestHost('Docs.Acme.test.:8080') // 'docs.acme.test.:8080'
 */
export function requestHost(header: string | undefined): string | undefined {
  const host = header?.trim() ?? '';
  return host.length <= 260 && HOST_HEADER.test(host) ? host.toLowerCase() : undefined;
}
