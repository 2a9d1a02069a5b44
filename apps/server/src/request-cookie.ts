/**
 * Reading a cookie of a request: the one parser of `Cookie` headers in the server (the docs
 * login, the API-key injection session and the dashboard session all read theirs here). Parsing
 * is `cookie`'s: the first of two same-named cookies wins, quoted values keep their quotes, and a
 * value that is not valid percent-encoding stays as sent instead of throwing. `@fastify/cookie`
 * (the same parser as a plugin) is not used: it would parse the Cookie header of every request,
 * proxied ones included, for three readers of one cookie each, and the dashboard reads its
 * session from headers without a Fastify request.
 */
import { parseCookie } from 'cookie';

/**
 * The value of cookie `name` in a `Cookie` header, percent-decoded; undefined when absent.
 * @example readCookie('theme=dark; sid=a%20b', 'sid') // 'a b'
 */
export function readCookie(header: string | string[] | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join('; ') : header;
  return text === '' ? undefined : parseCookie(text)[name];
}
