/**
 * The generators config `sextant init` writes (`generators.yml`): the SDK generators of the
 * project with SPEC §3's defaults for generated SDK configuration templates — output mode
 * github, tests enabled, OAuth and paginated clients enabled, publish targets nuget, maven,
 * pypi, rubygems and npm.
 */

/** Where a generator writes: a GitHub repository (pull requests), or a local folder. */
export type OutputMode = 'github' | 'local';
export const PUBLISH_TARGETS = ['nuget', 'maven', 'pypi', 'rubygems', 'npm'] as const;
export type PublishTarget = (typeof PUBLISH_TARGETS)[number];

export interface GeneratorDefaults {
  output: { mode: OutputMode };
  tests: { enabled: boolean };
  features: { oauth: boolean; paginatedClients: boolean };
  publish: { targets: PublishTarget[] };
}

/** SPEC §3: the defaults of generated SDK configuration templates. */
export const GENERATOR_DEFAULTS: GeneratorDefaults = {
  output: { mode: 'github' },
  tests: { enabled: true },
  features: { oauth: true, paginatedClients: true },
  publish: { targets: [...PUBLISH_TARGETS] },
};

/** One SDK per registry: the language and the package registry it publishes to. */
const SDKS: { language: string; target: PublishTarget }[] = [
  { language: 'csharp', target: 'nuget' },
  { language: 'java', target: 'maven' },
  { language: 'python', target: 'pypi' },
  { language: 'ruby', target: 'rubygems' },
  { language: 'typescript', target: 'npm' },
];

/**
 * The text of `generators.yml` for an API called `apiName`.
 * @example renderGeneratorsConfig('petstore') // "# SDK generators …\ndefaults:\n  output:\n    mode: github …"
 */
export function renderGeneratorsConfig(apiName: string): string {
  const d = GENERATOR_DEFAULTS;
  const lines = [
    '# SDK generators for this API. `defaults` apply to every generator; a generator may override any of them.',
    '# output.mode: github (open pull requests on the SDK repository) | local (write to a folder)',
    'defaults:',
    '  output:',
    `    mode: ${d.output.mode}`,
    '  tests:',
    `    enabled: ${d.tests.enabled}`,
    '  features:',
    `    oauth: ${d.features.oauth}`,
    `    paginatedClients: ${d.features.paginatedClients}`,
    '  publish:',
    `    targets: [${d.publish.targets.join(', ')}]`,
    'generators:',
  ];
  for (const sdk of SDKS) {
    lines.push(
      `  - language: ${sdk.language}`,
      `    package: ${JSON.stringify(packageName(apiName, sdk.language))}`,
      `    publish: { target: ${sdk.target} }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function packageName(apiName: string, language: string): string {
  const base =
    apiName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'api';
  if (language === 'java') return `com.example.${base.replace(/-/g, '')}`;
  if (language === 'csharp')
    return base
      .split('-')
      .map((word) => word[0]?.toUpperCase() + word.slice(1))
      .join('');
  if (language === 'typescript') return `@example/${base}`;
  return base.replace(/-/g, '_');
}
