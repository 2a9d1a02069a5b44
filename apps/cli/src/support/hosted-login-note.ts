/**
 * What a hosted registry would say of a site's login secret (`login-rules.ts` in
 * `@sextant/definition`): a site there reads `SEXTANT_LOGIN_` and its own organization's id only,
 * and publishing one that names another organization's is refused. `sextant check` and `sextant
 * dev` say it as a warning, before a publish meets it: a local registry (`dev`, `serve` in local
 * mode) reads any `SEXTANT_LOGIN_` variable.
 */
import {
  type DocsConfig,
  hostedLoginSecretProblem,
  LOGIN_SECRET_ENV_PREFIX,
  orgOfLoginSecretEnv,
} from '@sextant/definition';

/**
 * The note on `config`'s login secret: checked against `orgId` (the organization the site is
 * published as) when given, else which organization the variable is for; undefined when there is
 * nothing to say (no secret, or the organization's own).
 * @example hostedLoginNote({ login: { hmacSecretEnv: 'SEXTANT_LOGIN_ACME', … } }, 'acme') // undefined
 */
export function hostedLoginNote(
  config: Pick<DocsConfig, 'login'>,
  orgId: string | undefined,
): string | undefined {
  const name = config.login?.hmacSecretEnv;
  if (name === undefined) return undefined;
  if (orgId !== undefined) {
    const problem = hostedLoginSecretProblem(name, orgId);
    return problem && `login.${problem}: a hosted registry refuses to publish it`;
  }
  return `login.hmacSecretEnv names ${name}: a hosted registry lets only the sites of the organization "${orgOfLoginSecretEnv(name)}" read it (each organization's sites read ${LOGIN_SECRET_ENV_PREFIX} and its id); give --org (or SEXTANT_ORG) to check it against yours`;
}
