/**
 * The proxy's allowlist from the registry: with `allowlistFromRegistry`, a target must be the
 * host and port of an environment (server) of some API definition registered in this server's
 * registry, or match the static `allowlist`. Others are refused with ProxyTargetNotRegisteredError.
 *
 * Why every registered API rather than the API of the docs site a request comes from: the only
 * signal of that site is the Origin / Referer header, which any non-browser client sets to
 * whatever it likes, so a per-site list would not narrow what an abuser can reach (the union of
 * all registered hosts, chosen by header); it would only refuse honest readers whose browser
 * omits the header (same-origin GETs carry no Origin; privacy settings drop Referer). What the
 * list does stop is using the proxy as an open relay: only hosts an organization member
 * registered are reachable, and the private-address checks still apply to them.
 */
import type { FastifyInstance } from 'fastify';
import { requirePart } from '../lifecycle/index.js';
import type { ServerMode } from '../options.js';
import type { EnvironmentHosts } from '../registry/index.js';
import type { Allowlist } from './allowlist.js';
import {
  type ProxyOptions,
  type ResolvedProxyOptions,
  resolveProxyOptions,
  withAllowlist,
} from './options.js';

/**
 * An allowlist over the registered environment hosts; a miss reloads them once (a definition
 * registered a moment ago, possibly on another replica, is found then).
 * @example registryAllowlist(app.registry.environmentHosts()).allows('api.example.com', 443)
 */
export function registryAllowlist(hosts: EnvironmentHosts): Allowlist {
  return {
    refusal: 'ProxyTargetNotRegisteredError',
    allows: (host, port) => hosts.has(host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`),
    reload: () => hosts.reload(),
  };
}

/**
 * The proxy options of a plugin instance: defaults applied, and the registry's list added when
 * `allowlistFromRegistry` is on (which needs `app.environmentHosts`: environment-hosts-source.ts).
 */
export function resolvePluginProxyOptions(
  app: FastifyInstance,
  mode: ServerMode,
  options: ProxyOptions | undefined,
): ResolvedProxyOptions {
  const resolved = resolveProxyOptions(mode, options);
  if (!resolved.allowlistFromRegistry) return resolved;
  const hosts = requirePart(
    app,
    'environmentHosts',
    "The proxy allowlist from the registry needs the registry's API definitions: mount the registry in this server, or give the proxy the registry's DATABASE_URL, or list the hosts with --allowlist instead.",
  );
  return withAllowlist(resolved, registryAllowlist(hosts));
}
