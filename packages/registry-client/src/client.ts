/**
 * The typed registry client: one method per call of the route table, named after it
 * (`client.registerApiDefinition({ body })`). It sends the bearer token when it has one, names
 * its language and runtime in headers, and uses the transport's retries, timeout and abort.
 * Isomorphic: it needs only `fetch` (injectable).
 */
import { fillPath, type RouteInput, type RouteName, type RouteOutput, routes } from './contract/routes.js';
import { type RetryOptions, send } from './transport.js';

/** Options of `createRegistryClient`. */
export interface RegistryClientOptions extends RetryOptions {
  /** Base URL of the registry, e.g. `http://127.0.0.1:4000`. */
  baseUrl: string;
  /** Bearer token; a function is called per request (for rotating tokens). */
  token?: string | (() => string | undefined);
  /** Default per-request timeout in seconds; none when absent. */
  timeoutInSeconds?: number;
  /** fetch implementation; the global one by default. */
  fetch?: typeof fetch;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

/** Per-call options. */
export interface CallOptions {
  timeoutInSeconds?: number;
  signal?: AbortSignal;
  maxRetries?: number;
  headers?: Record<string, string>;
}

/** The client: one typed method per registry call. */
export type RegistryClient = {
  [N in RouteName]: (input: RouteInput<N>, options?: CallOptions) => Promise<RouteOutput<N>>;
};

function runtime(): { name: string; version: string } {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process;
  if (proc?.versions?.node) return { name: 'node', version: proc.versions.node };
  if (typeof navigator !== 'undefined') return { name: 'browser', version: navigator.userAgent };
  return { name: 'unknown', version: 'unknown' };
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Creates a registry client.
 *
 * @example
 * const client = createRegistryClient({ baseUrl: 'http://127.0.0.1:4000', token });
 * const { apiDefinitionId } = await client.registerApiDefinition({ body: { orgId, apiId: 'pets', definition } });
 * const definition = await client.loadApiDefinition({ params: { id: apiDefinitionId } });
 */
export function createRegistryClient(options: RegistryClientOptions): RegistryClient {
  if (!/^https?:\/\//.test(options.baseUrl)) {
    throw new TypeError(`baseUrl must be an http(s) URL, got "${options.baseUrl}"`);
  }
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const env = runtime();
  const fixedHeaders: Record<string, string> = {
    'X-Sextant-Language': 'typescript',
    'X-Sextant-Runtime': env.name,
    'X-Sextant-Runtime-Version': env.version,
    ...options.headers,
  };
  const client: Record<string, (input: Record<string, unknown>, call?: CallOptions) => Promise<unknown>> = {};
  for (const [name, spec] of Object.entries(routes)) {
    client[name] = (input, call = {}) => {
      const headers: Record<string, string> = { ...fixedHeaders, ...call.headers };
      const token = typeof options.token === 'function' ? options.token() : options.token;
      if (token) headers.Authorization = `Bearer ${token}`;
      const raw = 'rawBody' in spec && spec.rawBody === true;
      const hasBody = 'body' in spec || raw;
      if (hasBody) headers['Content-Type'] = raw ? 'application/octet-stream' : 'application/json';
      const path = fillPath(spec.path, input?.params as Record<string, unknown> | undefined);
      const timeoutInSeconds = call.timeoutInSeconds ?? options.timeoutInSeconds;
      return send(
        fetchFn,
        {
          method: spec.method,
          url: `${baseUrl}${path}${queryString(input?.query as Record<string, unknown> | undefined)}`,
          headers,
          ...(hasBody ? { body: raw ? (input?.body as Uint8Array) : JSON.stringify(input?.body ?? {}) } : {}),
          ...(timeoutInSeconds === undefined ? {} : { timeoutInSeconds }),
          ...(call.signal ? { signal: call.signal } : {}),
        },
        { ...options, ...(call.maxRetries === undefined ? {} : { maxRetries: call.maxRetries }) },
      );
    };
  }
  return client as unknown as RegistryClient;
}
