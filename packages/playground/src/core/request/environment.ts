/**
 * The top bar's target: the selected environment, its server variables and the base URL they
 * produce. Editing a variable rebuilds the base URL from the server's URL template; editing the
 * base URL directly keeps the reader's text (variables then no longer apply until an
 * environment is picked again).
 */
import type { Environment } from '@sextant/definition';

export interface TargetState {
  environmentId: string | undefined;
  /** Values of the selected environment's server variables. */
  variables: Record<string, string>;
  baseUrl: string;
}

/** The variables' defaults of `environment`. */
export function defaultVariables(environment: Environment | undefined): Record<string, string> {
  return Object.fromEntries((environment?.variables ?? []).map((v) => [v.name, v.default]));
}

/**
 * The base URL of `environment` with `values` in its variables.
 * @example
 * environmentBaseUrl({ id: 'x', baseUrl: 'https://eu.api.io', urlTemplate: 'https://{region}.api.io',
 *   variables: [{ name: 'region', default: 'eu' }] }, { region: 'us' }); // 'https://us.api.io'
 */
export function environmentBaseUrl(environment: Environment, values: Record<string, string>): string {
  const template = environment.urlTemplate;
  if (!template || !environment.variables?.length) return environment.baseUrl;
  let url = template;
  for (const variable of environment.variables) {
    const value = values[variable.name] ?? variable.default;
    url = url.split(`{${variable.name}}`).join(value);
  }
  return url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
}

/** The target of a freshly selected environment. */
export function targetOf(environment: Environment | undefined): TargetState {
  const variables = defaultVariables(environment);
  return {
    environmentId: environment?.id,
    variables,
    baseUrl: environment ? environmentBaseUrl(environment, variables) : '',
  };
}
