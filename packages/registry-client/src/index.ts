/**
 * @sextant/registry-client — the typed client of the Sextant registry and its wire contract
 * (zod schemas, route table, error catalogue) shared with the server.
 */
export type { CallOptions, RegistryClient, RegistryClientOptions } from './client.js';
export { createRegistryClient } from './client.js';
export type { ClientErrorReason } from './client-errors.js';
export {
  errorFromResponse,
  isRegistryError,
  RegistryAbortError,
  RegistryClientError,
  RegistryNamedError,
  RegistryTimeoutError,
} from './client-errors.js';
export * from './contract/index.js';
export { registryClientErrors } from './errors.js';
export type { RetryOptions } from './transport.js';
export { backoffDelay, isRetryableStatus, retryAfterMs } from './transport.js';
