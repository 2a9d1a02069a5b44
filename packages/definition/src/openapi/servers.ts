/**
 * OpenAPI `servers` (with variables) and Swagger 2.0 `host` / `basePath` / `schemes` → IR
 * environments. The environment id is its base URL, so the same server is the same id everywhere.
 */
import type { Location } from '../document/document-set.js';
import type { Environment } from '../ir/endpoint.js';
import { arrayAt, type ImportContext, isObject, type Json, pointerAt, str, stringList } from './context.js';

/** Environments of a `servers` array (root, path item or operation level). */
export function serversToEnvironments(context: ImportContext, servers: unknown, at: Location): Environment[] {
  const environments: Environment[] = [];
  arrayAt(context, servers, at, '`servers`').forEach((entry, index) => {
    const serverAt = pointerAt(at, index);
    const { value: server } = context.docs.deref(entry, serverAt);
    if (!isObject(server) || typeof server.url !== 'string') {
      context.sink.warn(serverAt, 'server without a `url` string; ignored');
      return;
    }
    environments.push(serverEnvironment(server, server.url));
  });
  return dedupe(environments);
}

function serverEnvironment(server: Json, url: string): Environment {
  const variables: NonNullable<Environment['variables']> = [];
  let baseUrl = url;
  if (isObject(server.variables)) {
    for (const [name, raw] of Object.entries(server.variables)) {
      if (!isObject(raw)) continue;
      const fallback = stringList(raw.enum)[0] ?? '';
      const value = raw.default === undefined ? fallback : String(raw.default);
      const variable: NonNullable<Environment['variables']>[number] = { name, default: value };
      const values = stringList(raw.enum);
      if (values.length > 0) variable.enum = values;
      const description = str(raw.description);
      if (description) variable.description = description;
      variables.push(variable);
      baseUrl = baseUrl.split(`{${name}}`).join(value);
    }
  }
  const environment: Environment = { id: baseUrl, baseUrl: stripTrailingSlash(baseUrl) };
  environment.id = environment.baseUrl;
  const description = str(server.description);
  if (description) environment.description = description;
  if (variables.length > 0) {
    environment.variables = variables;
    environment.urlTemplate = stripTrailingSlash(url);
  }
  return environment;
}

/** Swagger 2.0 `host`, `basePath` and `schemes` → one environment per scheme. */
export function swaggerEnvironments(root: Json): Environment[] {
  const basePath = str(root.basePath) ?? '';
  const host = str(root.host);
  if (!host) return basePath ? [{ id: basePath, baseUrl: stripTrailingSlash(basePath) || '/' }] : [];
  const schemes = stringList(root.schemes).filter((scheme) => /^(https?|wss?)$/.test(scheme));
  const ordered = schemes.length > 0 ? schemes : ['https'];
  return dedupe(
    ordered.map((scheme) => {
      const baseUrl = stripTrailingSlash(`${scheme}://${host}${basePath}`);
      return { id: baseUrl, baseUrl };
    }),
  );
}

function stripTrailingSlash(url: string): string {
  return url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
}

function dedupe(environments: Environment[]): Environment[] {
  const seen = new Set<string>();
  return environments.filter((environment) => {
    if (seen.has(environment.id)) return false;
    seen.add(environment.id);
    return true;
  });
}
