/**
 * Endpoint references of the snippet API and `sextant snippet`: `METHOD /path`, with METHOD one of
 * GET, POST, PUT, DELETE, PATCH and the path made of letters, digits, `/`, `{`, `}`, `_` and `-`
 * (SPEC §5); `anyPath` accepts any path a spec can hold (the CLI). Finding the endpoint matches the
 * path literally, then with any parameter names.
 */
import { type Endpoint, type HttpMethod, pathTemplate } from '@sextant/definition';
import { EndpointNotFoundError, InvalidEndpointReferenceError } from '../errors.js';

export interface EndpointReference {
  method: HttpMethod;
  path: string;
}

const REFERENCE = /^(GET|POST|PUT|DELETE|PATCH) ([A-Za-z0-9/{}_-]+)$/;
/** Any method of the IR and any path without spaces or control characters (`/chat.postMessage`, `/a=b`, `/v1/x:batch`). */
const ANY_PATH_REFERENCE = /^(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|TRACE)\s+(\/\S*)$/i;
const CONTROL = /\p{Cc}/u;

export interface ParseReferenceOptions {
  /**
   * Accept every path a spec can have and every IR method (the CLI, which reads the author's own
   * spec). Without it the SPEC §5 format holds: the registry's snippet calls keep that rule.
   */
  anyPath?: boolean;
}

/**
 * @example
 * parseEndpointReference('POST /pets/{petId}'); // { method: 'POST', path: '/pets/{petId}' }
 * parseEndpointReference('FETCH /pets'); // throws InvalidEndpointReferenceError
 * parseEndpointReference('POST /chat.postMessage', { anyPath: true }); // { method: 'POST', path: '/chat.postMessage' }
 */
export function parseEndpointReference(
  reference: string,
  options: ParseReferenceOptions = {},
): EndpointReference {
  const match = (options.anyPath ? ANY_PATH_REFERENCE : REFERENCE).exec(
    options.anyPath ? reference.trim() : reference,
  );
  if (!match?.[1] || !match[2] || CONTROL.test(match[2])) throw new InvalidEndpointReferenceError(reference);
  return { method: match[1].toUpperCase() as HttpMethod, path: match[2] };
}

/** The endpoint's path as written in references: `/pets/{petId}`. */
export function endpointPathTemplate(endpoint: Pick<Endpoint, 'path'>): string {
  return pathTemplate(endpoint.path);
}

const normalise = (path: string) => `/${path.replace(/^\/+|\/+$/g, '')}`;
const shape = (path: string) => normalise(path).replace(/\{[^}]*\}/g, '{}');

/**
 * The endpoint a reference names; throws `EndpointNotFoundError` ("Failed to find endpoint identified by POST /pets").
 * @example
 * findEndpoint(Object.values(definition.endpoints), 'GET /pets/{id}');
 */
export function findEndpoint(
  endpoints: readonly Endpoint[],
  reference: string | EndpointReference,
): Endpoint {
  const { method, path } = typeof reference === 'string' ? parseEndpointReference(reference) : reference;
  const candidates = endpoints.filter((e) => e.method === method);
  const found =
    candidates.find((e) => normalise(endpointPathTemplate(e)) === normalise(path)) ??
    candidates.find((e) => shape(endpointPathTemplate(e)) === shape(path));
  if (!found) throw new EndpointNotFoundError(`${method} ${path}`);
  return found;
}
