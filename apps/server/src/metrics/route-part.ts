/**
 * Which part of the server a route pattern belongs to (the `part` label): the registry's
 * contract routes and its own extras, the proxy, the server's probes, else the docs host (sites,
 * llms.txt, MCP, analytics, auth injection, dashboard). Patterns, never raw URLs.
 */
import { routes } from '@sextant/registry-client';
import type { ServerPart } from './server-metrics.js';

const REGISTRY_EXTRAS = ['/openapi.json', '/docs-cache/events'];
const SERVER_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

let registryPaths: Set<string> | undefined;

/** The part serving `route` (a Fastify route pattern such as `/v2/registry/docs/:id`). */
export function partOfRoute(route: string): ServerPart {
  registryPaths ??= new Set([
    ...Object.values(routes).map((spec) => spec.path.replace(/\{(\w+)\}/g, ':$1')),
    ...REGISTRY_EXTRAS,
  ]);
  if (route.startsWith('/proxy/')) return 'proxy';
  if (SERVER_ROUTES.has(route)) return 'server';
  if (registryPaths.has(route)) return 'registry';
  return 'docs';
}
