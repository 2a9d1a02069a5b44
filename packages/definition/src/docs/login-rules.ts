/**
 * The rules of a docs site's login (docs.yml `login`, SPEC §6): where the login page and the
 * key set may live, which environment variables may hold an HMAC secret, and how parameters and
 * claims are named. The CLI's `docs.yml` schema and the registry's check of stored docs
 * definitions both call these.
 */

/**
 * An HMAC secret is read from the docs server's environment, from a variable with this prefix
 * only: a site's docs.yml can never point the server at its own secrets (`DATABASE_URL`…).
 */
export const LOGIN_SECRET_ENV_PREFIX = 'SEXTANT_LOGIN_';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where a login page or a JWKS may live: an https URL, or http on this machine (development).
 * @example isLoginEndpointUrl('https://auth.acme.com/authorize') // true
 * @example isLoginEndpointUrl('http://auth.acme.com/authorize') // false
 */
export function isLoginEndpointUrl(url: string): boolean {
  if (url.length > 2000 || /[\s\\]/.test(url)) return false;
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) return false;
    if (parsed.protocol === 'https:') return parsed.hostname !== '';
    return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname);
  } catch {
    return false;
  }
}

/**
 * The name of the environment variable holding a site's HMAC secret.
 * @example isLoginSecretEnvName('SEXTANT_LOGIN_ACME') // true
 * @example isLoginSecretEnvName('DATABASE_URL') // false
 */
export function isLoginSecretEnvName(name: string): boolean {
  return name.startsWith(LOGIN_SECRET_ENV_PREFIX) && /^[A-Z][A-Z0-9_]{1,99}$/.test(name);
}

/**
 * The one secret variable a site of organization `orgId` may name on a hosted (multi-tenant)
 * server: `SEXTANT_LOGIN_` and the id in capitals, dashes as underscores. Org ids are lower-case
 * letters, digits and dashes, so no two organizations share a name, and a site can never verify
 * its logins with another organization's secret (which would let it accept that organization's
 * readers' tokens, API keys included).
 * @example loginSecretEnvOfOrg('acme-eu') // 'SEXTANT_LOGIN_ACME_EU'
 */
export function loginSecretEnvOfOrg(orgId: string): string {
  return `${LOGIN_SECRET_ENV_PREFIX}${orgId.toUpperCase().replaceAll('-', '_')}`;
}

/**
 * The organization whose sites a hosted server lets read `name` (the inverse of
 * {@link loginSecretEnvOfOrg}: organization ids are lower-case letters, digits and dashes).
 * @example orgOfLoginSecretEnv('SEXTANT_LOGIN_ACME_EU') // 'acme-eu'
 */
export function orgOfLoginSecretEnv(name: string): string {
  return name.slice(LOGIN_SECRET_ENV_PREFIX.length).toLowerCase().replaceAll('_', '-');
}

/**
 * Why organization `orgId`'s site may not name `name` on a hosted server, or undefined when it may.
 * @example hostedLoginSecretProblem('SEXTANT_LOGIN_OTHER', 'acme') // 'hmacSecretEnv names SEXTANT_LOGIN_OTHER: …'
 */
export function hostedLoginSecretProblem(name: string, orgId: string): string | undefined {
  const own = loginSecretEnvOfOrg(orgId);
  if (name === own) return undefined;
  return `hmacSecretEnv names ${name}: on a hosted server a site of the organization "${orgId}" reads its login secret from ${own} only (one variable per organization, so no site can use another's)`;
}

/** A URL query parameter name (`state`, `return_to`, `id_token`). */
export function isLoginParamName(name: string): boolean {
  return /^[A-Za-z0-9_.-]{1,64}$/.test(name);
}

/**
 * The claim holding the API key: a name, or a dotted path into nested claims.
 * @example isClaimPath('https://acme.com/api_key') // false
 * @example isClaimPath('sextant.api_key') // true
 */
export function isClaimPath(path: string): boolean {
  return path.length <= 200 && /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/.test(path);
}
