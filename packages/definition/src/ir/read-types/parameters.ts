/** Parameter lists of an operation that the IR may leave out when empty. */
import type { Endpoint, Parameter } from '../endpoint.js';

const NONE: readonly Parameter[] = Object.freeze([]);

/**
 * The operation's cookie parameters (OpenAPI `in: cookie`), empty when it declares none.
 * @example cookieParametersOf(endpoint).map((p) => p.key); // ['session']
 */
export function cookieParametersOf(operation: Pick<Endpoint, 'cookieParameters'>): readonly Parameter[] {
  return operation.cookieParameters ?? NONE;
}
