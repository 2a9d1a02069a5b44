/** The HTTP proxy: plugin, target checks, address classifier, header rules and error table. */

export { type AccessLog, createAccessLog } from './access-log.js';
export { type Allowlist, compileAllowlist, eitherAllowlist } from './allowlist.js';
export { ClientLimiter } from './client-limiter.js';
export { cachingResolver } from './dns-cache.js';
export { PROXY_ERRORS, ProxyError, type ProxyErrorCode } from './errors.js';
export { type ForwardRecord, forwardRequest, toProxyError, writeProxyError } from './forward.js';
export { installFrontDoor } from './front-door.js';
export {
  isForwardableRequestHeader,
  PROXY_COOKIE,
  PROXY_FINAL_URL,
  PROXY_LOCATION,
  PROXY_ORIGIN_LATENCY,
  PROXY_REDIRECT_NOT_FOLLOWED,
  PROXY_REDIRECTS,
  PROXY_REQUEST_HEADERS,
  PROXY_RESPONSE_HEADERS,
  PROXY_SET_COOKIE,
} from './headers.js';
export {
  type AddressClass,
  type AddressVerdict,
  classifyAddress,
  classifyIpv4,
  classifyIpv6,
  parseIpv4,
  parseIpv6,
} from './ip-classifier.js';
export {
  optionsForRequest,
  type ProxyLimits,
  type ProxyOptions,
  type ResolvedProxyOptions,
  type Resolver,
  resolveProxyOptions,
  systemResolver,
  type WsProxyLimits,
} from './options.js';
export { PROXY_PREFIX, type ProxyPluginOptions, proxyPlugin } from './proxy-plugin.js';
export { REDIRECT_STATUSES, type RedirectStep, redirectStep } from './redirects.js';
export { registryAllowlist, resolvePluginProxyOptions } from './registry-allowlist.js';
export { RequestBody } from './request-body.js';
export { type CheckedTarget, checkTarget, parseProxyTarget } from './target-guard.js';
export { createUpstreamAgent, guardedLookup } from './upstream-agent.js';
