export type { InvalidatedUrls } from './docs-cache.js';
export type { EnvironmentHosts } from './environment-hosts.js';
export { RegistryError } from './errors.js';
export type { LocalAdmin } from './local-bootstrap.js';
export { buildOpenApiDocument } from './openapi.js';
export type { RegistryPluginOptions, RegistryService } from './plugin.js';
export { registryPlugin } from './plugin.js';
